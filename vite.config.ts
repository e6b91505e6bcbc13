/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.PORT ?? '8080';

// @ionic/react ships as one module: whatever component any screen uses would land in the chunk the
// login loads first (design.md: at most 250 KB for /login and /offers). In the build, the app's
// imports of the components only later screens use are rewritten to src/ui/ionic/*, the same
// Stencil proxies one module per group, so those components stay in the later screens' chunks.
const IONIC_SPLIT: Record<string, string> = Object.fromEntries(
  Object.entries({
    accordion: ['IonAccordion', 'IonAccordionGroup'],
    badge: ['IonBadge'],
    card: ['IonCardContent', 'IonCardHeader', 'IonCardTitle'],
    chip: ['IonChip'],
    list: ['IonList', 'IonLabel'],
    menu: ['IonMenu', 'IonMenuToggle', 'IonMenuButton'],
    'progress-bar': ['IonProgressBar'],
    range: ['IonRange'],
    segment: ['IonSegment', 'IonSegmentButton'],
    select: ['IonSelect', 'IonSelectOption'],
    'skeleton-text': ['IonSkeletonText'],
    toggle: ['IonToggle'],
    toolbar: ['IonHeader', 'IonToolbar', 'IonTitle', 'IonButtons'],
  }).flatMap(([file, names]) => names.map((name) => [name, fileURLToPath(new URL(`./src/ui/ionic/${file}.ts`, import.meta.url))])),
);
// The same for ionicons/icons, one module of every icon: each imported icon becomes a module of its own.
const ICON = '\0ionicon:';

function splitIonic(): Plugin {
  const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
  const own = fileURLToPath(new URL('./src/ui/ionic/', import.meta.url));
  const name = (spec: string) => spec.split(/\s+as\s+/)[0]!;
  let icons: Record<string, string> = {};
  return {
    name: 'split-ionic',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      icons = { ...((await import('ionicons/icons')) as unknown as Record<string, string>) };
    },
    resolveId: (source) => (source.startsWith(ICON) ? source : null),
    load: (id) => (id.startsWith(ICON) ? `export const ${id.slice(ICON.length)} = ${JSON.stringify(icons[id.slice(ICON.length)])};` : null),
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(srcDir) || file.startsWith(own) || !/\.tsx?$/.test(file)) return null;
      const out = code
        .replace(/import\s*\{([^}]*)\}\s*from\s*'@ionic\/react';/g, (whole, list: string) => {
          const specs = list.split(',').map((x) => x.trim()).filter(Boolean);
          const moved = specs.filter((x) => IONIC_SPLIT[name(x)]);
          if (moved.length === 0) return whole;
          const kept = specs.filter((x) => !moved.includes(x));
          return [kept.length ? `import { ${kept.join(', ')} } from '@ionic/react';` : '', ...moved.map((x) => `import { ${x} } from ${JSON.stringify(IONIC_SPLIT[name(x)])};`)].join(' ');
        })
        .replace(/import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons';/g, (_, list: string) =>
          list
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
            .map((x) => {
              if (!(name(x) in icons)) throw new Error(`${id}: no icon ${name(x)} in ionicons/icons`);
              return `import { ${x} } from ${JSON.stringify(ICON + name(x))};`;
            })
            .join(' '),
        );
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) },
  },
  plugins: [
    splitIonic(),
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
      // Ionic's per-component modules are not marked side-effect-free; without this every
      // component ends up in the main chunk (../shared/stack-notes.md).
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules\/@ionic\/core\/components\/ion-[^/]+\.js$/.test(id),
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
