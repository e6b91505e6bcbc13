// What the benchmarks share: a demo server in its own process (as in production) on a scratch
// data folder, and percentiles.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/db/seed';

export const TMP = path.resolve('bench/.tmp');
export const BENCH_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

/** The built app, for benchmarks that drive a browser. */
export function ensureBuilt() {
  if (!existsSync('dist/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
}

/** A PGlite data folder with the demo data (users, quotations) and `offers` offers. */
export async function seededPglite(offers?: number) {
  mkdirSync(TMP, { recursive: true });
  const dir = path.join(TMP, `pglite-${randomBytes(4).toString('hex')}`);
  const database = await openDatabase({ dataDir: dir });
  const { catalogue } = await seedDemo(database.db, offers === undefined ? {} : { offers });
  await database.close();
  return { dir, catalogue, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type BenchServer = { base: string; child: ChildProcess; stop: () => Promise<void> };

/** Starts `server/main.ts` on a free port with the given environment and waits for /api/v1/health. */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PUBLIC_URL: base, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', SEED_DEMO: 'never', AUTH_SECRET: BENCH_SECRET },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false)) return { base, child, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not start');
}
