// Fails when the JavaScript a first screen evaluates before it is usable exceeds its budget (docs/architecture.md:
// uncompressed, /login 80 KB, /offers 400 KB, offer detail 420 KB, the wizard's customer step 440 KB). Reads Vite's manifest: a screen
// evaluates the entry, the modules its route loads before it renders (scripts/first-screens.ts: the app,
// the route's page and what the route composes with it) and their static imports. What loads later (the
// offline sync when the browser is idle, the side menu at desktop width, dialogs when opened) is not
// counted. No first screen may carry Ionic's web components (Stencil's runtime) or styles outside the entry's
// stylesheet: each is checked for them, and for V8's compile hint.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT, FIRST_SCREENS } from './first-screens';
import { readManifest, staticImports } from './vite-manifest';

const manifest = readManifest('dist');
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('no entry chunk in the Vite manifest');

/**
 * V8's compile hint on every chunk of the first screens (vite.config.ts, compileHints): its first line, or its
 * second after Vite's list of a chunk's dynamic imports (`__vite__mapDeps`, a one-line helper Vite writes first).
 */
const hinted = (code: Buffer) => {
  const [first, second] = code.subarray(0, 4096).toString('utf8').split('\n');
  return first === COMPILE_HINT || (first!.startsWith('const __vite__mapDeps=') && second === COMPILE_HINT);
};

let failed = false;
for (const { screen, modules, budgetKb } of FIRST_SCREENS) {
  for (const m of modules) if (!manifest[m]) throw new Error(`${screen}: ${m} is not in the build`);
  const chunks = [...staticImports(manifest, [entry, ...modules])];
  const files = chunks.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const bytes = files.map((f) => readFileSync(`dist/${f}`));
  const kb = bytes.reduce((sum, b) => sum + b.length, 0) / 1000;
  const gzKb = bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1000;
  const ok = budgetKb === undefined || kb <= budgetKb;
  failed ||= !ok;
  const verdict = budgetKb === undefined ? 'info' : ok ? 'ok  ' : 'FAIL';
  const limits = budgetKb === undefined ? '' : `, budget ${budgetKb} KB`;
  console.log(
    `${verdict} ${screen}: ${kb.toFixed(1)} KB of JavaScript evaluated before it is usable (${gzKb.toFixed(1)} KB gzipped, ${files.length} files)${limits}`,
  );
  // The first screens draw no Ionic element (App.tsx, src/ui/ionic/README.md): a chunk that defines one
  // (Stencil's host registration) brings Stencil's runtime and Ionic's setup back into every first load.
  // Each of its files carries V8's compile hint (vite.config.ts, compileHints): without it the screen's functions
  // compile on the main thread at their first call, at every start.
  const unhinted = files.filter((_, i) => !hinted(bytes[i]!));
  if (unhinted.length) {
    failed = true;
    console.log(`FAIL ${screen}: without the compile hint (${unhinted.join(', ')}): see scripts/first-screens.ts`);
  }
  // Its styles are the entry's, linked by index.html (src/first-screen-styles.ts): a chunk's own stylesheet is a
  // <link> the app appends while the screen starts, each a few milliseconds of main thread on a slow phone.
  const styles = chunks.filter((k) => k !== entry).flatMap((k) => manifest[k]!.css ?? []);
  if (styles.length) {
    failed = true;
    console.log(`FAIL ${screen}: styles of its own loaded at start (${styles.join(', ')}): import them in src/first-screen-styles.ts`);
  }
  const stencil = files.filter((_, i) => bytes[i]!.includes('__registerHost'));
  if (stencil.length) {
    failed = true;
    console.log(`FAIL ${screen}: Ionic's web components before it is usable (${stencil.join(', ')}): draw it with the app's own elements, or load them later`);
  }
}
// A screen loaded on demand keeps V8's lazy compilation: most of its functions wait for a tap.
const lazyScreen = manifest['src/features/dashboard/dashboard-page.tsx'];
if (!lazyScreen) throw new Error('the dashboard is not in the build');
if (hinted(readFileSync(`dist/${lazyScreen.file}`))) {
  failed = true;
  console.log(`FAIL the dashboard, loaded on demand, carries the first screens' compile hint (${lazyScreen.file})`);
}
if (failed) process.exit(1);
