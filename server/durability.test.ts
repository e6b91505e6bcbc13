// Durability (docs/adr/0011-pdf-outbox.md, docs/adr/0111-idempotency.md): the server process is killed with SIGKILL in the middle of 100 concurrent
// quote creations and started again on the same data. Every write it acknowledged must be there,
// and replaying every request with its Idempotency-Key must leave exactly 100 quotations: none lost,
// none doubled, and every one of them gets its PDF. Runs on PGlite (files in a data folder) and, in
// the server-postgres project, on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/seed/users';
import { quoteForm } from './test/payloads';
import { loginOn, privateOfferRefOn, scratchPostgres, type ServerProcess, startServer, waitFor } from './test/server-process';

const KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const WRITES = 100;
const FISCAL_CODE = 'BNCNNA80A41F205U';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function databaseUrl(): Promise<string> {
  if (KIND === 'pglite') return '';
  const scratch = await scratchPostgres('t_kill');
  cleanups.push(scratch.drop);
  return scratch.url;
}

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

it(`keeps every acknowledged write after SIGKILL, exactly once on replay (${KIND})`, { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: await databaseUrl(), IDEMPOTENCY_LEASE_SECONDS: '1' };
  let server: ServerProcess = await startServer(env);
  // The restart keeps the port, so the clients' address stays the same.
  Object.assign(env, { PORT: String(server.port) });
  const base = server.api;
  cleanups.push(() => server.kill('SIGKILL'));
  const login = () => loginOn(base, 'completo@demo.it', DEMO_PASSWORD);
  let headers = await login();
  const quote = quoteForm(await privateOfferRefOn(base, headers), { fiscal_code: FISCAL_CODE });
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
            void server.kill('SIGKILL');
          }
        }
      } catch {
        // the connection died with the process: not acknowledged
      }
    }),
  );
  await server.kill('SIGKILL');
  expect(acknowledged.size).toBeGreaterThan(0);
  expect(acknowledged.size, 'the process died with writes in flight').toBeLessThan(WRITES);

  server = await startServer(env);
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
  // Each quotation's PDF job committed with it (modules/quotations/pdf-jobs.ts): every PDF comes, wherever the kill fell.
  const codes = new Set(acknowledged.values());
  for (const key of keys) {
    const res = await send(key);
    codes.add(((await res.json()) as { data: string }).data);
  }
  const pending = new Set(codes);
  await waitFor(async () => {
    for (const code of pending) {
      const res = await fetch(`${base}/proposals/${code}`, { headers });
      if (((await res.json()) as { data: { has_pdf: boolean } }).data.has_pdf) pending.delete(code);
    }
    return pending.size === 0;
  }, "every quotation's PDF ready");
  expect(codes.size).toBe(WRITES);
});
