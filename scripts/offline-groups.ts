// What the service worker fetches after its first install, in the order the agent needs it, and which of it
// makes the app ready offline (docs/adr/0040-ready-offline-on-a-first-visit.md). Read by the build
// (vite.config.ts, firstInstallOnly), which writes the lists the worker and the app read.
import path from 'node:path';

/** One chunk of the build, as the bundler gives it (file names relative to the output folder). */
export type BuiltChunk = {
  file: string;
  /** The source modules it holds (absolute paths). */
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  css: string[];
  assets: string[];
  isEntry: boolean;
};

export type GroupName = 'shell' | 'offers' | 'detail' | 'wizard' | 'quotations' | 'rest';

/**
 * The groups in the order they are fetched: the app's shell, then offers, offer detail, the quotation wizard
 * and the quotations list, then everything else. `statics` count with their static imports only (the app's
 * start imports every screen dynamically); `roots` with their dynamic imports too (a screen's drawer, dialog
 * or offline search), except those of a shell chunk.
 */
export const GROUPS: { name: Exclude<GroupName, 'rest'>; statics?: string[]; roots: string[] }[] = [
  {
    name: 'shell',
    statics: ['src/react-runtime.ts', 'src/app-main.tsx', 'src/offline/index.ts'],
    roots: ['src/shell/side-menu.tsx', 'src/shell/sync-panel.tsx', 'src/shell/ready-toast.tsx'],
  },
  {
    name: 'offers',
    // The search over the device's copy first: no online screen imports it, an offline start needs it.
    roots: [
      'src/offline/catalogue.ts',
      'src/features/offers/offers-page.tsx',
      'src/features/compare/offers-slots.ts',
      'src/credit-check/credit-check-widget.tsx',
    ],
  },
  { name: 'detail', roots: ['src/features/offer-detail/offer-detail-page.tsx', 'src/credit-check/offer-panel.tsx', 'src/features/compare/detail-slots.ts'] },
  { name: 'wizard', roots: ['src/features/quotation/start-page.tsx', 'src/features/quotation/quotation-page.tsx'] },
  { name: 'quotations', roots: ['src/features/quotations-list/quotations-list-page.tsx'] },
];

/** The groups that make the app ready offline: its shell, the offers, an offer detail and the wizard. */
export const READY_GROUPS: GroupName[] = ['shell', 'offers', 'detail', 'wizard'];

export type OfflineFiles = { groups: { name: GroupName; files: string[]; bytes: number }[] };

/**
 * Splits `warm` (the files the first install leaves out) into the groups, each file in the first group that
 * reaches it, in the order the groups are walked; what no group reaches is 'rest'. `size` gives a file's bytes.
 */
export function offlineGroups(chunks: BuiltChunk[], warm: string[], size: (file: string) => number, root = process.cwd()): OfflineFiles {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const chunksOf = (module: string) => {
    const id = path.resolve(root, module);
    const found = chunks.filter((c) => c.modules.includes(id));
    if (!found.length) throw new Error(`offline groups: ${module} is in no chunk of the build (scripts/offline-groups.ts)`);
    return found;
  };
  // Walks statically from every shell chunk: their dynamic imports are the app's routes, not the shell.
  const walk = (starts: BuiltChunk[], dynamic: boolean, stop: Set<string>, into: BuiltChunk[]) => {
    const seen = new Set(into.map((c) => c.file));
    const visit = (c: BuiltChunk | undefined) => {
      if (!c || seen.has(c.file)) return;
      seen.add(c.file);
      into.push(c);
      c.imports.forEach((f) => visit(byFile.get(f)));
      if (dynamic && !stop.has(c.file)) c.dynamicImports.forEach((f) => visit(byFile.get(f)));
    };
    starts.forEach(visit);
    return into;
  };
  const shellStatics = walk([...chunks.filter((c) => c.isEntry), ...GROUPS[0]!.statics!.flatMap(chunksOf)], false, new Set(), []);
  const stop = new Set(shellStatics.map((c) => c.file));
  const wanted = new Set(warm);
  const taken = new Set<string>();
  const groups: OfflineFiles['groups'] = [];
  for (const g of GROUPS) {
    const reached = walk(g.roots.flatMap(chunksOf), true, stop, g.statics ? [...shellStatics] : []);
    const files: string[] = [];
    for (const c of reached)
      for (const f of [c.file, ...c.css, ...c.assets]) {
        // WebAssembly (the barcode reader, about 1 MB) is warmed last, with the rest: the app is ready offline
        // without it, and on a slow line it would hold back that moment (docs/adr/0061-scanning-the-tessera-sanitaria.md).
        if (!wanted.has(f) || taken.has(f) || f.endsWith('.wasm')) continue;
        taken.add(f);
        files.push(f);
      }
    groups.push({ name: g.name, files, bytes: files.reduce((n, f) => n + size(f), 0) });
  }
  const rest = warm.filter((f) => !taken.has(f));
  groups.push({ name: 'rest', files: rest, bytes: rest.reduce((n, f) => n + size(f), 0) });
  return { groups };
}
