// Durability (issue 11): the server process is killed with SIGKILL in the middle of 100 concurrent
// quote creations and started again on the same data. Every write it acknowledged must be there,
// and replaying every request with its Idempotency-Key must leave exactly 100 quotations: none lost,
// none doubled. Runs on PGlite (files in a data folder) and, in the server-postgres project, on
// PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/seed/users';

const KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const WRITES = 100;
const FISCAL_CODE = 'BNCNNA80A41F205U';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function databaseUrl(): Promise<string> {
  if (KIND === 'pglite') return '';
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `t_kill_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function start(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', LOG_LEVEL: 'error', AUTH_SECRET: 'kill-test-secret-0123456789-abcdefghijklmnop' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

it(`keeps every acknowledged write after SIGKILL, exactly once on replay (${KIND})`, { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const port = String(20_000 + Math.floor(Math.random() * 10_000));
  const env = { DATA_DIR: dataDir, DATABASE_URL: await databaseUrl(), PORT: port, IDEMPOTENCY_LEASE_SECONDS: '1' };
  const base = `http://127.0.0.1:${port}/api/v1`;

  let server = await start(env);
  cleanups.push(async () => void server.kill('SIGKILL'));
  const json = { 'content-type': 'application/json' };
  const login = async () => {
    const res = await fetch(`${base}/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'completo@demo.it', password: DEMO_PASSWORD }) });
    return { ...json, authorization: `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}` };
  };
  let headers = await login();
  const search = await fetch(`${base}/search/offers`, { method: 'POST', headers, body: JSON.stringify({ customerType: ['privati'] }) });
  const ref = ((await search.json()) as { items: { data: { ref: string }[] } }).items.data[0]!.ref;
  const quote = {
    code: ref,
    first_name: 'Anna',
    last_name: 'Bianchi',
    email: 'anna@example.it',
    phone: '3331234567',
    fiscal_code: FISCAL_CODE,
    zip_code: '00184',
    employee_category: 'pensionato',
  };
  const keys = Array.from({ length: WRITES }, (_, i) => `kill-${i}-${randomBytes(6).toString('hex')}`);
  const send = (key: string) => fetch(`${base}/quote`, { method: 'POST', headers: { ...headers, 'idempotency-key': key }, body: JSON.stringify(quote) });

  // 100 writes at once; the process dies as soon as a third of them have been acknowledged.
  const acknowledged = new Map<string, string>();
  let killed = false;
  await Promise.all(
    keys.map(async (key) => {
      try {
        const res = await send(key);
        if (res.status === 201) {
          acknowledged.set(key, ((await res.json()) as { data: string }).data);
          if (acknowledged.size >= WRITES / 3 && !killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        }
      } catch {
        // the connection died with the process: not acknowledged
      }
    }),
  );
  if (!killed) server.kill('SIGKILL');
  await new Promise((r) => (server.exitCode !== null || server.signalCode !== null ? r(null) : server.once('exit', r)));
  expect(acknowledged.size).toBeGreaterThan(0);
  expect(acknowledged.size, 'the process died with writes in flight').toBeLessThan(WRITES);

  server = await start(env);
  headers = await login();
  for (const [, code] of acknowledged) {
    const res = await fetch(`${base}/proposals/${code}`, { headers });
    expect(res.status, `quotation ${code} acknowledged before the kill`).toBe(200);
  }
  // The clients retry everything they sent: the acknowledged ones are answered from the key, the rest are created once.
  for (const key of keys) {
    let res = await send(key);
    // A key whose request died with the process answers 409 until its lease (1 s here) is over.
    for (let i = 0; res.status === 409 && i < 10; i++) {
      await new Promise((r) => setTimeout(r, 500));
      res = await send(key);
    }
    expect([200, 201]).toContain(res.status);
    if (acknowledged.has(key)) expect(((await res.json()) as { data: string }).data).toBe(acknowledged.get(key));
  }
  const list = await fetch(`${base}/quotations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ fiscal_code: FISCAL_CODE, startDate: romeToday(), endDate: romeToday() }),
  });
  expect(((await list.json()) as { total: number }).total).toBe(WRITES);
});
