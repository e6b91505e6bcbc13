// Fails when the JavaScript a first screen evaluates before it is usable exceeds its budget (docs/architecture.md:
// uncompressed, /login 80 KB, /offers 350 KB, offer detail 400 KB). Reads Vite's manifest: a screen
// evaluates the entry, the modules its route loads before it renders (the app, the route's page and
// what the route composes with it) and their static imports. What loads later (the offline sync when
// the browser is idle, the side menu at desktop width, dialogs when opened) is not counted. No first screen
// may carry Ionic's web components (Stencil's runtime): each is checked for them.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('no entry chunk in the Vite manifest');

const APP = 'src/app-main.tsx';
/** Each first screen: the modules its route loads before it renders (App.tsx), its budget in KB (1 KB = 1000 bytes). */
const SCREENS: { screen: string; modules: string[]; budgetKb?: number }[] = [
  // A first visit: the entry alone (src/main.ts, the login screen without the app).
  { screen: '/login', modules: [], budgetKb: 80 },
  // The floating credit-check button is on screen with the offers (App.tsx, CreditCheckWidget).
  { screen: '/offers', modules: [APP, 'src/features/offers/offers-page.tsx', 'src/credit-check/credit-check-widget.tsx'], budgetKb: 350 },
  { screen: 'dettaglio offerta', modules: [APP, 'src/features/offer-detail/offer-detail-page.tsx', 'src/credit-check/offer-panel.tsx'], budgetKb: 400 },
  // No budget of its own in docs/architecture.md: printed to follow it.
  { screen: 'preventivo, passo cliente', modules: [APP, 'src/features/quotation/start-page.tsx'] },
];

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
}

let failed = false;
for (const { screen, modules, budgetKb } of SCREENS) {
  for (const m of modules) if (!manifest[m]) throw new Error(`${screen}: ${m} is not in the build`);
  const files = [...closure([entry, ...modules])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
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
  const stencil = files.filter((_, i) => bytes[i]!.includes('__registerHost'));
  if (stencil.length) {
    failed = true;
    console.log(`FAIL ${screen}: Ionic's web components before it is usable (${stencil.join(', ')}): draw it with the app's own elements, or load them later`);
  }
}
if (failed) process.exit(1);
