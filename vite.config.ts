/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { it } from './src/i18n/it';

const apiPort = process.env.PORT ?? '8080';

// @ionic/react ships as one module: whatever component any screen uses would land in the chunk the
// login loads first (design.md: at most 250 KB for /login and /offers). In the build, the app's
// imports of the components only later screens use are rewritten to src/ui/ionic/*, the same
// Stencil proxies one module per group, so those components stay in the later screens' chunks.
const IONIC_SPLIT: Record<string, string> = Object.fromEntries(
  Object.entries({
    accordion: ['IonAccordion', 'IonAccordionGroup'],
    card: ['IonCard', 'IonCardContent', 'IonCardHeader', 'IonCardTitle'],
    checkbox: ['IonCheckbox'],
    chip: ['IonChip'],
    item: ['IonItem'],
    list: ['IonList', 'IonLabel'],
    menu: ['IonMenu'],
    overlays: ['IonModal', 'IonPopover', 'IonToast', 'useIonAlert'],
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
// Inline overlays cannot be rebuilt from Stencil proxies: src/ui/ionic/overlays.ts re-exports them from a
// second instance of @ionic/react's module (this query makes it one), tree-shaken down to them.
const OVERLAYS_QUERY = '?split-overlays';
// Stands in for the module of a component that @ionic/react's main instance no longer defines (below).
const UNUSED = '\0ionic-unused:';
const tagOf = (name: string) => name.replace(/^use/, '').replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());
const SPLIT_TAGS = new Set(Object.keys(IONIC_SPLIT).map(tagOf));

/**
 * Tightens @ionic/react's one module. It wraps its components in calls the bundler cannot prove free of
 * side effects (tab bar, back button, nav), and its classes extend `React.Component`, a property read
 * kept as a possible side effect: unused, they still landed in the first chunk. The calls are marked
 * pure and the classes extend imported bindings. In the main instance, the imports of the components the
 * app takes from src/ui/ionic/* point at empty stand-ins: the app never takes them from there, and the
 * first screens' chunks (firstScreenChunks) must not count them as imported.
 */
function trimIonicReact(code: string, main: boolean) {
  let out = code
    .replace(/^(const [\w$]+ = )(createForwardRef|React\.memo|React\.createContext|createReactComponent)\(/gm, '$1/*@__PURE__*/ $2(')
    .replace(/extends React\.(Pure)?Component\b/g, (_, pure: string | undefined) => `extends ${pure ? 'PureComponent' : 'Component'}$split`);
  if (main)
    out = out.replace(/^import \{([^}]*)\} from '@ionic\/core\/components\/(ion-[a-z-]+)\.js';$/gm, (whole, list: string, tag: string) => {
      if (!SPLIT_TAGS.has(tag)) return whole;
      const names = list.split(',').map((x) => x.trim().split(/\s+as\s+/)[0]!);
      return `import {${list}} from ${JSON.stringify(UNUSED + names.join(','))};`;
    });
  return `import { Component as Component$split, PureComponent as PureComponent$split } from 'react';\n${out}`;
}

/**
 * The app runs Ionic in Material Design mode only (`setupIonicReact({ mode: 'md' })`, no `mode="ios"`
 * anywhere), yet each component carries its iOS styles too. They become empty strings.
 */
function dropIosStyles(code: string) {
  const key = 'static get style(){return{ios:';
  let out = '';
  let from = 0;
  for (let at = code.indexOf(key); at !== -1; at = code.indexOf(key, from)) {
    const start = at + key.length;
    const quote = code[start]!;
    if (!`"'\``.includes(quote)) break;
    let end = start + 1;
    while (code[end] !== quote) end += code[end] === '\\' ? 2 : 1;
    out += code.slice(from, start) + quote + quote;
    from = end + 1;
  }
  return out + code.slice(from);
}

function splitIonic(): Plugin {
  const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
  const own = fileURLToPath(new URL('./src/ui/ionic/', import.meta.url));
  const overlays = fileURLToPath(new URL('./src/ui/ionic/overlays.ts', import.meta.url));
  const name = (spec: string) => spec.split(/\s+as\s+/)[0]!;
  let icons: Record<string, string> = {};
  let ionicReact = '';
  let ionicReactFile = '';
  return {
    name: 'split-ionic',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      icons = { ...((await import('ionicons/icons')) as unknown as Record<string, string>) };
      ionicReact = (await this.resolve('@ionic/react', srcDir))?.id ?? '';
      if (!ionicReact) throw new Error('@ionic/react not found');
      ionicReactFile = ionicReact.split('?')[0]!;
    },
    resolveId: (source) => (source.startsWith(ICON) || source.startsWith(UNUSED) || source === ionicReact + OVERLAYS_QUERY ? source : null),
    load(id) {
      if (id.startsWith(ICON)) return `export const ${id.slice(ICON.length)} = ${JSON.stringify(icons[id.slice(ICON.length)])};`;
      if (id.startsWith(UNUSED)) return `export const ${id.slice(UNUSED.length).split(',').join(' = undefined, ')} = undefined;`;
      return null;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (file === ionicReactFile) return { code: trimIonicReact(code, id === ionicReact), map: null };
      if (/node_modules\/@ionic\/core\/components\/[^/]+\.js$/.test(file)) return { code: dropIosStyles(code), map: null };
      if (file === overlays) return { code: code.replace(/from '@ionic\/react';/, `from ${JSON.stringify(ionicReact + OVERLAYS_QUERY)};`), map: null };
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

/**
 * The first screens load one chunk of what the entry imports statically and one of what /offers adds,
 * instead of dozens of small shared chunks: each small file costs a request and compresses worse (gzip
 * starts every file from scratch). A later screen that shares a module of the /offers chunk loads it whole.
 */
function firstScreenChunks() {
  const main = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  const offers = fileURLToPath(new URL('./src/features/offers/offers-page.tsx', import.meta.url));
  const closures = new Map<string, Set<string>>();
  type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
  /**
   * The modules `root` imports statically, directly or not: its first render needs them all. Not through
   * @ionic/react's module, which imports every Ionic component: the bundler adds what it really uses (its
   * dependencies that the build includes), and the split ones are stand-ins there (trimIonicReact).
   */
  const closure = (root: string, graph: Graph) => {
    let seen = closures.get(root);
    if (!seen) {
      const found = new Set<string>();
      const visit = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        if (/node_modules\/@ionic\/react\/dist\/index\.js/.test(id)) return;
        for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      visit(root);
      closures.set(root, (seen = found));
    }
    return seen;
  };
  return [
    // The entry module itself stays the entry chunk (index.html loads it; the manifest says so).
    { name: (id: string, graph: Graph) => (id !== main && closure(main, graph).has(id) ? 'initial' : null), priority: 2 },
    { name: (id: string, graph: Graph) => (closure(offers, graph).has(id) ? 'offers-first' : null), priority: 1 },
  ];
}

/**
 * A static copy of the login screen inside #root, with the app's texts and classes: on a cold visit to
 * /login it paints as soon as the HTML and CSS are in, instead of after the first screen's JavaScript
 * (about 190 KB gzipped; seconds on a slow phone network). public/boot.js shows it only on /login
 * without a session; React's first render replaces it. The fields are pictures of fields: typing
 * waits for the real ones.
 */
function loginShell(): Plugin {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const field = (label: string) => `<div class="boot-field"><span>${esc(label)}</span>${esc(it.common.placeholder)}</div>`;
  const legal = (doc: string, text: string) => `<a href="/legal/${doc}.pdf" target="_blank" rel="noopener">${esc(text)}</a>`;
  const html = [
    '<div class="boot-shell"><main class="public-card">',
    `<img src="/logo-dark.svg" alt="${esc(it.appName)}" width="180" height="48" class="public-logo" />`,
    `<h1>${esc(it.login.title)}</h1><p class="public-subtitle">${esc(it.login.subtitle)}</p>`,
    field(it.login.email),
    field(it.login.password),
    `<div class="boot-button">${esc(it.login.submit)}</div>`,
    `<p class="public-links"><span class="boot-link">${esc(it.login.forgot)}</span></p>`,
    `</main><footer class="app-footer"><p>${esc(it.footer.text)}</p><nav aria-label="Documenti legali">`,
    legal('termini-e-condizioni', it.footer.terms),
    legal('informativa-privacy', it.footer.privacy),
    legal('nomina-responsabile', it.footer.processor),
    '</nav></footer></div>',
  ].join('');
  return { name: 'login-shell', transformIndexHtml: (page) => page.replace('<div id="root"></div>', `<div id="root">${html}</div>`) };
}

export default defineConfig({
  resolve: {
    alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) },
  },
  plugins: [
    splitIonic(),
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
      output: { codeSplitting: { groups: firstScreenChunks() } },
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
