// Shared by the benchmarks: scratch databases (PostgreSQL created and dropped, PGlite
// in bench/.tmp), the server as its own process, logins, percentiles and the machine line of a results file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CDPSession, Page } from '@playwright/test';
import { openDatabase, type Database } from '../server/db/client';
import { seedDemo } from '../server/db/seed';
import { DEMO_PASSWORD } from '../server/db/seed/users';

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TMP = path.resolve('bench/.tmp');
/** Debian's Chromium with the flags that keep it off the closed network (benchmarks in a browser). */
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The built app, for benchmarks that drive a browser. */
export function ensureBuilt() {
  if (!existsSync('dist/index.html')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

/** A PGlite folder with the demo data (users, quotations) and `offers` offers, for browser benchmarks. */
export async function seededPglite(offers?: number) {
  let catalogue = { offers: 0, variations: 0 };
  const target = await preparePglite(async (database) => {
    ({ catalogue } = await seedDemo(database.db, offers === undefined ? {} : { offers }));
  });
  return { dir: target.env.DATA_DIR!, catalogue, remove: target.cleanup };
}

/**
 * The large seed as a database in steady state (statistics and visibility map fresh, as autovacuum
 * keeps them), for the API benchmarks; logs and returns what was seeded.
 */
export async function seedLarge(database: Database, sizes: { offers: number; quotations: number }): Promise<string> {
  const started = Date.now();
  const { catalogue } = await seedDemo(database.db, sizes);
  await database.db.execute(sql`vacuum analyze`);
  const info = `${catalogue.offers} offerte, ${catalogue.variations} varianti, ${sizes.quotations} preventivi`;
  console.log(`  ${database.kind}: seeded ${info} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return info;
}

/** The rows of a `db.execute` result. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type Target = { kind: 'pglite' | 'postgres'; env: Record<string, string>; cleanup: () => Promise<void> };

/** A scratch PGlite directory, filled by `fill` before the server opens it. */
export async function preparePglite(fill: (database: Database) => Promise<void>): Promise<Target> {
  const dir = path.join(TMP, `pglite-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  await fill(database);
  await database.close();
  return { kind: 'pglite', env: { DATA_DIR: dir, DATABASE_URL: '' }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A scratch PostgreSQL database (dropped by cleanup), or null when PostgreSQL is not reachable. */
export async function preparePostgres(prefix: string, fill: (database: Database) => Promise<void>): Promise<(Target & { url: string }) | null> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL not reachable at ${PG_ADMIN_URL}: skipped (${(err as Error).message})`);
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dir = path.join(TMP, name);
  mkdirSync(dir, { recursive: true });
  const cleanup = async () => {
    const a = new pg.Client({ connectionString: PG_ADMIN_URL });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const database = await openDatabase({ url: url.toString() });
    await fill(database);
    await database.close();
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { kind: 'postgres', url: url.toString(), env: { DATA_DIR: dir, DATABASE_URL: url.toString() }, cleanup };
}

export async function startServer(env: Record<string, string>, poolSize = 16): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  // BENCH_PORT: a fixed port, for machines where several checkouts run their benchmarks side by side
  // (env.PORT: the caller's own, for several servers at once).
  const port = Number(env.PORT ?? process.env.BENCH_PORT ?? 19000 + Math.floor(Math.random() * 1000));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'never',
      // The seeded quotations have no PDF: rendering that backlog in the background is not what a benchmark measures.
      PDF_SWEEP_SECONDS: '0',
      AUTH_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      PG_POOL_SIZE: String(poolSize),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { base, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('server did not start');
}

/** Headers of a logged-in demo user (bearer token). */
export async function loginAs(base: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { access_token: string } };
  return { 'content-type': 'application/json', authorization: `Bearer ${data.access_token}` };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
/** The middle value (the upper of the two middle ones for an even count): the benchmarks' medians of runs. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** `percentile` for values in any order. */
export const percentileOf = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

/** Runs `fn` on `connections` concurrent loops for `seconds`; returns completed calls per second. */
export async function throughput(connections: number, seconds: number, fn: (i: number) => Promise<void>): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = c;
      while (performance.now() < until) {
        await fn(i++);
        done++;
      }
    }),
  );
  return done / seconds;
}

export async function postgresVersion(): Promise<string> {
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    const v = (await c.query('show server_version')).rows[0].server_version as string;
    await c.end();
    return v;
  } catch {
    return 'n/d';
  }
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

export const machineLines = (loadBefore: string) => [
  `- Data: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  `- Macchina: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}; Node ${process.version}`,
  `- Load average (1 / 5 / 15 min) all'inizio: ${loadBefore}; alla fine: ${loadAverage()} su ${os.cpus().length} CPU (sopra il numero di CPU altri processi falsano le misure)`,
];

/**
 * The demo agent (completo@demo.it) signed in on `page`, in a persistent context whose other tabs share the
 * login, with the service worker's warm-up done (sw/sw.ts, warmAssets: every chunk the install left out, in
 * its cache), as for an agent who reopens the app; then `page` goes blank, so that the app's timers do not run
 * beside the pages measured. Returns the first screens' addresses: /offers, an offer detail (the first card's)
 * and the quotation wizard's customer step for a private customer's offer.
 */
export async function signInAndWarm(page: Page, base: string): Promise<{ offers: string; detail: string; wizard: string }> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('completo@demo.it');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByTestId('top-user').waitFor();
  await page.goto(`${base}/offers`);
  const card = page.locator('[data-testid="offer-card"] a, a[data-testid="offer-card"]').first();
  await card.waitFor();
  const detail = new URL((await card.getAttribute('href'))!, base).toString();
  // Left running, the warm-up made the first measured start fetch and store some 60 files beside the page.
  await page.waitForFunction(
    async () => {
      const wanted = (await (await fetch('/warm-assets.json')).json()) as string[];
      return (await (await caches.open('assets')).keys()).length >= wanted.length;
    },
    undefined,
    { timeout: 120_000, polling: 500 },
  );
  const headers = await loginAs(base, 'completo@demo.it');
  const search = await fetch(`${base}/api/v1/search/offers`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ customerType: ['privati'], page: 1, items: 18 }),
  });
  const ref = ((await search.json()) as { items: { data: { ref: string; customerType: string }[] } }).items.data.find((c) => c.customerType === 'privati')!.ref;
  await page.goto('about:blank');
  return { offers: `${base}/offers`, detail, wizard: `${base}/quotation/?offer=${encodeURIComponent(ref)}` };
}

/**
 * Stops the app's service worker (through `cdp`, a session on one of the browser's tabs), then waits a second:
 * the next start runs in a new renderer and starts the worker itself, as an agent who reopens the app. A
 * running worker kept the last start's renderer alive (docs/adr/0173-lighthouse-bench-method-and-calibration.md).
 */
export async function stopAppWorkers(cdp: CDPSession) {
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
