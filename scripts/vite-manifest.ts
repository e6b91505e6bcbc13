// Vite's build manifest (dist/.vite/manifest.json), read by the build's service worker list (vite.config.ts)
// and by check:bundle (scripts/check-bundle.ts): one reading and one walk of its static imports for both.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type ManifestChunk = { file: string; imports?: string[]; css?: string[]; assets?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/** The manifest of the build in `outDir`. */
export const readManifest = (outDir: string): Manifest => JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The chunks `keys` name and every chunk they import statically, transitively (manifest keys). */
export function staticImports(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}
