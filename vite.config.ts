/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import react from '@vitejs/plugin-react';
import { loginMarkup } from './src/features/auth/login-markup';
import { COMPILE_HINT, ENTRY, EVERY_START, FIRST_SCREENS } from './scripts/first-screens';
import { type BuiltChunk, offlineGroups } from './scripts/offline-groups';
import { readManifest, staticImports } from './scripts/vite-manifest';

const apiPort = process.env.PORT ?? '8080';

/**
 * The login screen inside #root (src/features/auth/login-markup.ts): on a first visit to /login it paints
 * as soon as the HTML and CSS are in, and its fields take typing before any script has run; the entry
 * (src/main.ts) gives it its behaviour. public/boot.js shows it only on /login without a session.
 */
function loginShell(): Plugin {
  return {
    name: 'login-shell',
    transformIndexHtml: (page) => page.replace('<div id="root"></div>', `<div id="root"><div class="boot-shell">${loginMarkup()}</div></div>`),
  };
}

/** The app's typeface file (src/theme/font.css), as the build names it. */
const FONT_FILE = /\/roboto-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * index.html asks for the typeface (src/theme/font.css) with the page itself, not when the first text is laid
 * out: a start then has it before its first render (from the service worker on every start but the first), and
 * `font-display: optional` never leaves it out. Fonts are fetched in CORS mode, hence `crossorigin`.
 */
function preloadFont(): Plugin {
  return {
    name: 'preload-font',
    apply: 'build',
    transformIndexHtml: (_html, ctx) => {
      const file = Object.keys(ctx.bundle ?? {}).find((name) => FONT_FILE.test(`/${name}`));
      if (!file) throw new Error('preload-font: the typeface file is not in the build');
      return [{ tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
    },
  };
}

/** The list the service worker warms its runtime cache from (sw/sw.ts, WARM_LIST), in the order it fetches it. */
const WARM_LIST = 'warm-assets.json';
/** The same files by group (scripts/offline-groups.ts): what makes the app ready offline (src/offline/readiness.ts). */
const OFFLINE_FILES = 'offline-files.json';

/**
 * The service worker's first install fetches only what the first screen needs: the page, the entry's
 * chunks and styles (src/main.ts, the login), the icons and the manifest; every other hashed file of
 * /assets/ is listed in WARM_LIST, which the worker fetches into its runtime cache once active (the login
 * page registers it: the agent is still typing), a few at a time, in the order the agent needs them: the
 * app's shell, offers, offer detail, the wizard, the quotations, then the rest (scripts/offline-groups.ts,
 * docs/adr/0040-ready-offline-on-a-first-visit.md). On a slow line the install is a few files, not every
 * chunk of the app (128 files took about 240 s on Slow 3G).
 */
function firstInstallOnly() {
  let outDir = 'dist';
  let chunks: BuiltChunk[] = [];
  const plugin: Plugin = {
    name: 'first-install-only',
    apply: 'build',
    configResolved: (c) => void (outDir = c.build.outDir),
    generateBundle(_options, bundle) {
      // The app's build, not the worker's own.
      const appEntry = path.resolve('src/main.ts');
      if (!Object.values(bundle).some((o) => o.type === 'chunk' && o.isEntry && o.moduleIds.includes(appEntry))) return;
      chunks = Object.values(bundle).flatMap((o) =>
        o.type === 'chunk'
          ? [
              {
                file: o.fileName,
                modules: o.moduleIds,
                imports: o.imports,
                dynamicImports: o.dynamicImports,
                css: [...(o.viteMetadata?.importedCss ?? [])],
                assets: [...(o.viteMetadata?.importedAssets ?? [])],
                isEntry: o.isEntry,
              },
            ]
          : [],
      );
    },
  };
  type Entry = { url: string; revision: string | null; size: number };
  const transform = async (entries: Entry[]) => {
    const manifest = readManifest(outDir);
    /** The files of the chunks `keys` import, statically and transitively, with their styles and assets. */
    const filesOf = (keys: string[]) =>
      new Set([...staticImports(manifest, keys)].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? []), ...(manifest[k]!.assets ?? [])]));
    const installed = filesOf(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
    const later = entries.filter((e) => e.url.startsWith('assets/') && !installed.has(e.url));
    const sizes = new Map(later.map((e) => [e.url, e.size]));
    const grouped = offlineGroups(
      chunks,
      later.map((e) => e.url),
      (f) => sizes.get(f) ?? 0,
    );
    const withSlash = (f: string) => `/${f}`;
    const lists = {
      [WARM_LIST]: JSON.stringify(grouped.groups.flatMap((g) => g.files.map(withSlash))),
      [OFFLINE_FILES]: JSON.stringify({ groups: grouped.groups.map((g) => ({ ...g, files: g.files.map(withSlash) })) }),
    };
    const kept = entries.filter((e) => !later.includes(e));
    for (const [name, text] of Object.entries(lists)) {
      writeFileSync(path.join(outDir, name), text);
      kept.push({ url: name, revision: createHash('sha256').update(text).digest('hex').slice(0, 16), size: text.length });
    }
    return { manifest: kept };
  };
  return { plugin, transform };
}
const firstInstall = firstInstallOnly();

/**
 * V8's compile hint (COMPILE_HINT, Chromium 136 and later) at the top of every chunk holding a module of the
 * first screens or of every start (scripts/first-screens.ts, and what they import statically): the browser
 * compiles their functions while it streams the file, on a background thread, and keeps them in the file's
 * code cache. Without it V8 compiled each function on the main thread at its first call, on every start
 * (the code cache holds only what ran before it was made): /offers reopened, about 120 ms of the main
 * thread at full speed, 50 with it (docs/adr/0171-compile-hints-es-modules-stay.md). Lazily loaded screens keep lazy compilation: most of
 * their functions wait for a tap. A comment added after minification: the code is unchanged.
 */
function compileHints() {
  const firstScreens = new Set<string>();
  const roots = [ENTRY, ...FIRST_SCREENS.flatMap((s) => s.modules), ...EVERY_START].map((m) => path.resolve(m));
  const plugin: Plugin = {
    name: 'compile-hints',
    apply: 'build',
    buildEnd() {
      const visit = (id: string) => {
        const info = firstScreens.has(id) ? null : this.getModuleInfo(id);
        if (!info) return;
        firstScreens.add(id);
        info.importedIds.forEach(visit);
      };
      roots.forEach(visit);
      const missing = roots.filter((r) => !firstScreens.has(r));
      if (missing.length) this.error(`compile-hints: not in the build: ${missing.join(', ')} (scripts/first-screens.ts)`);
    },
  };
  // Rolldown's runtime (its helpers for modules, in a chunk of their own) runs at every start too.
  const hinted = (id: string) => firstScreens.has(id) || id.includes('rolldown/runtime');
  const postBanner = (chunk: { moduleIds: string[] }) => (chunk.moduleIds.some(hinted) ? COMPILE_HINT : '');
  return { plugin, postBanner };
}
const compile = compileHints();

export default defineConfig({
  resolve: {
    alias: [
      { find: '@core', replacement: fileURLToPath(new URL('./core', import.meta.url)) },
      // ionicons' SVG files (its package exports only the one module of every icon): src/ui/icon.tsx.
      { find: /^ionicons-svg\//, replacement: `${fileURLToPath(new URL('./node_modules/ionicons/dist/svg/', import.meta.url))}` },
    ],
  },
  plugins: [
    // React 19 (docs/adr): JSX through Vite's OXC transform, fast refresh in development.
    react(),
    loginShell(),
    preloadFont(),
    compile.plugin,
    firstInstall.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is written by hand (Italian texts, maskable icons)
      injectManifest: {
        // wasm: the barcode reader (docs/adr/0061-scanning-the-tessera-sanitaria.md), warmed with the rest (scripts/offline-groups.ts).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2,wasm}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        globIgnores: ['legal/**', WARM_LIST, OFFLINE_FILES],
        manifestTransforms: [firstInstall.transform],
      },
    }),
  ],
  build: {
    target: 'es2022',
    // The one chunk over Vite's 500 KB warning is the Intl polyfill (src/shell/intl-polyfill.ts, about 780 KB),
    // loaded only by a browser without Italian Intl data; every chunk a screen loads is far smaller.
    chunkSizeWarningLimit: 800,
    // No <link rel="modulepreload"> per dependency of a dynamic import: inserting them cost the start's
    // main thread more than the round trips they save (the service worker answers the app's files from
    // the device). Lighthouse on /offers, interleaved A/B: TBT 1,414 -> 1,348 ms, FCP 760 -> 518 ms
    // (docs/adr/0170-how-first-screen-files-load.md).
    modulePreload: false,
    sourcemap: process.env.ANALYZE ? true : false,
    manifest: true, // read by scripts/check-bundle.ts
    rolldownOptions: {
      output: { postBanner: compile.postBanner },
      // Ionic's component modules (and their shared p-*.js helpers) are not marked side-effect-free; without
      // this every component ends up in the main chunk (src/ui/ionic/README.md).
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
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine (471 -> 334 s with two).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // The server's modules are loaded once per worker, not once per file: every file builds its own app
          // on its own database (server/test/helper.ts) and no server module keeps state between apps. Summed
          // import time of the suite 260 -> 44 s.
          isolate: false,
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: ['server/test/seeded-template.ts'],
        },
      },
      // The same server suite again on a real PostgreSQL server when one is given (.ci/run sets it).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: ['server/**/*.test.ts'],
                environment: 'node',
                isolate: false,
                env: { TEST_DB_KIND: 'postgres' },
                globalSetup: ['server/test/seeded-template.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
