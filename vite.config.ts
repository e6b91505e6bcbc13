/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { loginMarkup } from './src/features/auth/login-markup';

const apiPort = process.env.PORT ?? '8080';

/**
 * The login screen inside #root (src/features/auth/login-markup.ts): on a first visit to /login it paints
 * as soon as the HTML and CSS are in, and its fields take typing before any script has run; the entry
 * (src/main.ts) gives it its behaviour. public/boot.js shows it only on /login without a session.
 */
function loginShell(): Plugin {
  return { name: 'login-shell', transformIndexHtml: (page) => page.replace('<div id="root"></div>', `<div id="root"><div class="boot-shell">${loginMarkup()}</div></div>`) };
}

export default defineConfig({
  resolve: {
    alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) },
  },
  plugins: [
    loginShell(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is written by hand (Italian texts, maskable icons)
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['legal/**'],
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: process.env.ANALYZE ? true : false,
    manifest: true, // read by scripts/check-bundle.ts
    rolldownOptions: {
      // Ionic's component modules (and their shared p-*.js helpers) are not marked side-effect-free; without
      // this every component ends up in the main chunk (../shared/stack-notes.md).
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules\/@ionic\/core\/components\/[^/]+\.js$/.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/prescoring': `http://127.0.0.1:${apiPort}`, '/legal': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    setupFiles: ['./scripts/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'app', include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'], environment: 'jsdom' } },
      { extends: true, test: { name: 'server-pglite', include: ['server/**/*.test.ts'], environment: 'node', env: { TEST_DB_KIND: 'pglite' } } },
      // The same server suite again on a real PostgreSQL server when one is given (.ci/run sets it).
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'server-postgres', include: ['server/**/*.test.ts'], environment: 'node', env: { TEST_DB_KIND: 'postgres' } } }]
        : []),
    ],
  },
});
