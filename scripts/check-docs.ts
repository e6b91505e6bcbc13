// Part of `npm run lint`: the decision records' index (docs/adr/README.md) lists every record, and every
// record it lists exists. Several people add records at once; a record missing from the index is one nobody finds.
// And the code's comments cite what a newcomer can open: the spec, a file in docs/, a decision record that
// exists; never an issue number (it tells nobody what was decided) nor the retired log that the records replaced.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const DIR = 'docs/adr';
const files = readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));
const index = readFileSync(`${DIR}/README.md`, 'utf8');
const rows = [...index.matchAll(/^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[2]!);
const listed = new Set(rows);
const problems = [
  // A merge of two branches that both touched the index can repeat it whole.
  ...[...listed].filter((f) => rows.indexOf(f) !== rows.lastIndexOf(f)).map((f) => `${DIR}/README.md lists ${f} more than once`),
  ...files.filter((f) => !listed.has(f)).map((f) => `${DIR}/${f} is not in ${DIR}/README.md's index`),
  ...[...listed].filter((f) => !files.includes(f)).map((f) => `${DIR}/README.md lists ${f}, which does not exist`),
];
const numbers = files.map((f) => f.slice(0, 4));
for (const n of new Set(numbers)) if (numbers.filter((m) => m === n).length > 1) problems.push(`two decision records are numbered ${n}`);

// Source files: the app, the worker, the core, the server, the tests, the benches, the scripts and the root configs.
// Migrations (.sql) are left as they were applied.
const SOURCE_DIRS = ['src', 'core', 'server', 'sw', 'e2e', 'bench', 'scripts', 'public'];
const SOURCE_FILES = ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js', 'index.html'];
const SOURCE_EXT = new Set(['.ts', '.tsx', '.js', '.mjs', '.css', '.html']);
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : sources(path);
    return SOURCE_EXT.has(extname(e.name)) ? [path] : [];
  });
// 'issue', 'issues', 'Issue' followed by a number ('#' allowed); not the word alone (a zod issue, `issue.path`).
const ISSUE = /\bissues?[ \t]+#?\d/i;
const RETIRED_LOG = /docs\/decisions\.md/;
// A cited record: its number, and its file name when given whole.
const RECORD = /docs\/adr\/(\d{4})(-[a-z0-9-]+\.md)?/g;
for (const file of [...SOURCE_DIRS.filter((d) => existsSync(d)).flatMap(sources), ...SOURCE_FILES.filter((f) => existsSync(f))]) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      if (ISSUE.test(line)) problems.push(`${at} cites an issue number: say what it means (the spec section, a doc, a record in ${DIR})`);
      if (RETIRED_LOG.test(line)) problems.push(`${at} cites the retired decision log: cite the record ${DIR}/decisions-map.md gives`);
      for (const [, n, rest] of line.matchAll(RECORD)) {
        const known = rest ? files.includes(`${n}${rest}`) : numbers.includes(n!);
        if (!known) problems.push(`${at} cites ${DIR}/${n}${rest ?? ''}, which does not exist`);
      }
    });
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
