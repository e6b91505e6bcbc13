// `npm test`: every check, phase by phase, then how long each took (also when one fails). Phases in one
// group run side by side: type checking and lint each keep one CPU busy, and this machine kind has two.
import { spawn } from 'node:child_process';

type Phase = { name: string; command: string };
const GROUPS: Phase[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
  ],
  [{ name: 'unit and server tests', command: 'npx vitest run --configLoader runner' }],
  [{ name: 'build', command: 'npm run build' }],
  [
    { name: 'first-screen budgets', command: 'npx tsx scripts/check-bundle.ts' },
    { name: 'native shells', command: 'npx tsx scripts/check-native.ts' },
  ],
  [{ name: 'browser tests', command: 'npx playwright test' }],
];

const run = ({ name, command }: Phase) =>
  new Promise<{ name: string; seconds: number; ok: boolean }>((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code) => resolve({ name, seconds: (Date.now() - started) / 1000, ok: code === 0 }));
  });

const done: { name: string; seconds: number; ok: boolean }[] = [];
const started = Date.now();
for (const group of GROUPS) {
  console.log(`\n== ${group.map((p) => p.name).join(' + ')}`);
  done.push(...(await Promise.all(group.map(run))));
  if (done.some((p) => !p.ok)) break;
}
const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log('\n== npm test, each phase (min:s)');
for (const p of done) console.log(`${p.ok ? 'ok  ' : 'FAIL'} ${minutes(p.seconds).padStart(6)}  ${p.name}`);
console.log(`     ${minutes((Date.now() - started) / 1000).padStart(6)}  in all`);
process.exit(done.every((p) => p.ok) ? 0 : 1);
