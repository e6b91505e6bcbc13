// Graceful shutdown (docs/scaling.md): a real server process gets SIGTERM while a quotation's request
// is in flight (its body half sent) and an event stream is open. It stops taking connections, ends the
// stream, finishes the request (201), and exits 0; started again on the same data, the quotation is
// there and its PDF comes (its job committed with it). Runs on PGlite and, in the server-postgres
// project, on PostgreSQL.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/seed/users';
import { ANSWERS } from './modules/quotations/quotations.fixtures';
import { privateProposal, quoteForm } from './test/payloads';
import { loginOn, privateOfferRefOn, scratchPostgres, startServer, waitFor } from './test/server-process';

const KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

it(`on SIGTERM finishes the request in flight, ends event streams, refuses new connections and exits 0 (${KIND})`, { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-term-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (KIND === 'postgres') {
    const scratch = await scratchPostgres('t_term');
    cleanups.push(scratch.drop);
    databaseUrl = scratch.url;
  }
  // LOG_LEVEL info: the log says when the request has reached the server ('incoming request').
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' };
  let server = await startServer(env);
  cleanups.push(() => server.kill('SIGKILL'));
  let headers = await loginOn(server.api, 'completo@demo.it', DEMO_PASSWORD);
  const ref = await privateOfferRefOn(server.api, headers);

  // An event stream held open (the agent following a customer's link).
  const proposal = await fetch(`${server.api}/proposals`, {
    method: 'POST',
    headers,
    body: JSON.stringify(privateProposal(ref, { sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS } })),
  });
  const id = ((await proposal.json()) as { data: { id: number } }).data.id;
  const token = await fetch(`${server.api}/proposals/${id}/sync-token`, { method: 'POST', headers: { authorization: headers.authorization! } });
  const streamToken = ((await token.json()) as { data: { token: string } }).data.token;
  let streamOpen = false;
  let streamEnded = false;
  http.get(`${server.api}/proposals/sync/${id}?follow=1&token=${encodeURIComponent(streamToken)}`, (res) => {
    res.on('data', () => (streamOpen = true));
    res.on('end', () => (streamEnded = true));
    res.on('error', () => {});
  });
  await waitFor(() => streamOpen, 'event stream open');

  // A quote whose body is half sent when the signal comes.
  const body = Buffer.from(JSON.stringify(quoteForm(ref)));
  const key = `term-${randomBytes(6).toString('hex')}`;
  const req = http.request(`${server.api}/quote`, {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': key, 'content-length': String(body.length) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 40));
  await waitFor(() => /"url":"\/api\/v1\/quote".*"msg":"incoming request"/.test(server.stdout()), 'the quote request reached the server');

  server.child.kill('SIGTERM');
  await waitFor(
    () =>
      fetch(`${server.api}/health/live`).then(
        () => false,
        () => true,
      ),
    'new connections refused',
  );
  await waitFor(() => streamEnded, 'event stream ended by the shutdown');
  expect(server.child.exitCode, 'still finishing the request in flight').toBeNull();
  req.end(body.subarray(40));
  const res = await answered;
  expect(res.status, res.body).toBe(201);
  const code = (JSON.parse(res.body) as { data: string }).data;
  expect(await server.exited).toBe(0);

  // Started again on the same data: the quotation is there, and its PDF job was committed with it.
  server = await startServer(env);
  headers = await loginOn(server.api, 'completo@demo.it', DEMO_PASSWORD);
  const read = async () => fetch(`${server.api}/proposals/${code}`, { headers });
  expect((await read()).status).toBe(200);
  await waitFor(async () => ((await (await read()).json()) as { data: { has_pdf: boolean } }).data.has_pdf, 'PDF of the quote ready');
  expect(await server.kill('SIGTERM')).toBe(0);
});
