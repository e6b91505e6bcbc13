// `npm run bench [-- name...]`: runs the named benchmarks (all by default). Each is a module in
// bench/ exporting `run(): Promise<void>`.
const BENCHES: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  search: () => import('./search'),
  offline: () => import('./offline'),
  'first-visit': () => import('./first-visit'),
  lighthouse: () => import('./lighthouse'),
  starts: () => import('./starts'),
  api: () => import('./api'),
  load: () => import('./load'),
  assistants: () => import('./assistants'),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown benchmark: ${name} (known: ${Object.keys(BENCHES).join(', ')})`);
    process.exit(1);
  }
  console.log(`== bench ${name}`);
  await (await load()).run();
}
export {};
