// Fails when the JavaScript needed for a first screen exceeds the budget (design.md: 250 KB gzipped).
// Reads Vite's manifest: a screen needs the entry, its route chunk and their static imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const BUDGET_KB = 250;
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('no entry chunk in the Vite manifest');

/** The first screens and the module that renders each (besides the entry). */
const SCREENS: Record<string, string | null> = {
  '/login': null, // the login page is part of the entry chunk
  '/offers': 'src/features/offers/offers-page.tsx',
};

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k)) continue;
    seen.add(k);
    closure(manifest[k]?.imports ?? [], seen);
  }
  return seen;
}

let failed = false;
for (const [screen, module] of Object.entries(SCREENS)) {
  if (module && !manifest[module]) throw new Error(`${screen}: ${module} is not in the build`);
  const files = [...closure(module ? [entry, module] : [entry])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const kb = files.reduce((sum, f) => sum + gzipSync(readFileSync(`dist/${f}`), { level: 9 }).length, 0) / 1024;
  const ok = kb <= BUDGET_KB;
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${screen}: ${kb.toFixed(1)} KB gzipped JS in ${files.length} files (budget ${BUDGET_KB} KB)`);
}
if (failed) process.exit(1);
