// Part of `npm run lint`: the decision records' index (docs/adr/README.md) lists every record, and every
// record it lists exists. Several people add records at once; a record missing from the index is one nobody finds.
import { readdirSync, readFileSync } from 'node:fs';

const DIR = 'docs/adr';
const files = readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));
const index = readFileSync(`${DIR}/README.md`, 'utf8');
const listed = new Set([...index.matchAll(/^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\)/gm)].map((m) => m[2]!));
const problems = [
  ...files.filter((f) => !listed.has(f)).map((f) => `${DIR}/${f} is not in ${DIR}/README.md's index`),
  ...[...listed].filter((f) => !files.includes(f)).map((f) => `${DIR}/README.md lists ${f}, which does not exist`),
];
const numbers = files.map((f) => f.slice(0, 4));
for (const n of new Set(numbers)) if (numbers.filter((m) => m === n).length > 1) problems.push(`two decision records are numbered ${n}`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
