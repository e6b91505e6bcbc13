// Several API processes on one PostgreSQL behave as one (docs/scaling.md). Real server processes,
// each with a data folder of its own, on a scratch database of the local PostgreSQL server:
// - started at the same moment on an empty database (and on one a migration behind), they migrate and
//   seed it once and all serve (the startup lock, db/client.ts);
// - a file written through one process (proposal PDF, logo, car picture, marketing image, document) is
//   served by another (the database file store, lib/storage.ts);
// - parallel wrong passwords across processes: exactly the allowed number checked, the rest 429, no
//   query error (lib/throttle.ts);
// - a process killed inside a quotation's write leaves nothing or the whole write, its PDF job included;
//   the retry on another process answers it and its PDF comes (the outbox, modules/quotations/pdf-jobs.ts);
// - a quotation with neither PDF nor job is queued by the sweep of a process starting;
// - SIGTERM on an idle process: it exits 0.
// PostgreSQL only: PGlite is one process per data folder (db/data-lock.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/client';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/users';
import { demoPicture } from './lib/png';
import { ANSWERS, tinyPdf } from './modules/quotations/quotations.fixtures';
import { multipartBody } from './test/multipart';
import { customCar, privateProposal, quoteForm } from './test/payloads';
import { loginOn, privateOfferRefOn, scratchPostgres, spawnServer, type ServerProcess, startServer, waitFor } from './test/server-process';

const KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const JOURNAL = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

/** A data folder of its own per process: nothing is shared through the disk. */
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-scale-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `n` processes spawned at the same moment on one database; resolves when every one serves. */
async function startTogether(url: string, n: number, env: Record<string, string> = {}): Promise<ServerProcess[]> {
  const servers = await Promise.all(
    Array.from({ length: n }, () => spawnServer({ DATABASE_URL: url, DATA_DIR: dataDir(), IDEMPOTENCY_LEASE_SECONDS: '1', ...env })),
  );
  for (const s of servers) cleanups.push(() => s.kill('SIGKILL'));
  await Promise.all(servers.map((s) => s.ready()));
  return servers;
}

async function sql<T>(client: pg.Client, text: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query(text, params)).rows as T[];
}

/** Lines a process logged at level error or above (pino: level 50). */
const errorsOf = (s: ServerProcess) => [...s.stdout().split('\n'), ...s.stderr().split('\n')].filter((l) => /"level":(50|60)/.test(l));

describe.skipIf(KIND !== 'postgres')('several processes on one PostgreSQL', { timeout: 240_000 }, () => {
  let url: string;
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;

  beforeAll(async () => {
    const scratch = await scratchPostgres('t_scale');
    cleanups.push(scratch.drop);
    url = scratch.url;
    [a, b, c] = (await startTogether(url, 3)) as [ServerProcess, ServerProcess, ServerProcess];
    db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanups.push(() => db.end());
  }, 240_000);

  it('three started together on an empty database: one migrates and seeds, all serve the same data', async () => {
    const [migrations] = await sql<{ n: number }>(db, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations!.n).toBe(JOURNAL.entries.length);
    const [users] = await sql<{ n: number }>(db, 'select count(*)::int as n from users');
    expect(users!.n).toBe(DEMO_USERS.length);
    const profiles = await Promise.all(
      [a, b, c].map(async (s) => (await fetch(`${s.api}/agent/profile`, { headers: await loginOn(s.api, 'completo@demo.it', DEMO_PASSWORD) })).json()),
    );
    expect(profiles[1]).toEqual(profiles[0]);
    expect(profiles[2]).toEqual(profiles[0]);
    for (const s of [a, b, c]) expect(errorsOf(s), s.stdout()).toEqual([]);
  });

  it('two started together on a database one migration behind: it is brought up to date once', async () => {
    const scratch = await scratchPostgres('t_scale_old');
    cleanups.push(scratch.drop);
    // The migrations as they were one release ago: every one but the last.
    const old = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
    cleanups.push(async () => rmSync(old, { recursive: true, force: true }));
    cpSync(migrationsFolder, old, { recursive: true });
    writeFileSync(path.join(old, 'meta/_journal.json'), JSON.stringify({ ...JOURNAL, entries: JOURNAL.entries.slice(0, -1) }));
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    await migrate(drizzle({ client: pool }), { migrationsFolder: old });
    await pool.end();
    const servers = await startTogether(scratch.url, 2, { SEED_DEMO: 'never' });
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    expect((await sql<{ n: number }>(client, 'select count(*)::int as n from drizzle.__drizzle_migrations'))[0]!.n).toBe(JOURNAL.entries.length);
    await client.end();
    for (const s of servers) expect(await s.kill('SIGTERM')).toBe(0);
  });

  it('serves through one process the files written through another', async () => {
    const full = await loginOn(a.api, 'completo@demo.it', DEMO_PASSWORD);
    const leader = await loginOn(a.api, 'capogruppo@demo.it', DEMO_PASSWORD);
    const ref = await privateOfferRefOn(a.api, full);
    const send = (s: ServerProcess, method: string, route: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${s.api}/${route}`, { method, headers, ...(body === undefined ? {} : { body: body instanceof Buffer ? body : JSON.stringify(body) }) });
    const bytes = async (res: Response) => ({ status: res.status, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) });

    // The proposal PDF, rendered by whichever process took its job: the same bytes through A and B.
    const created = await send(
      a,
      'POST',
      'proposals',
      full,
      privateProposal(ref, { sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS } }),
    );
    expect(created.status).toBe(201);
    const proposal = ((await created.json()) as { data: { id: number; quotation: { data: { code: string } } } }).data;
    await waitFor(
      async () => ((await (await send(b, 'GET', `proposals/${proposal.id}`, full)).json()) as { data: { has_pdf: boolean } }).data.has_pdf,
      'PDF ready',
    );
    const bearer = { authorization: full.authorization! };
    const pdfA = await bytes(await send(a, 'POST', `proposals/${proposal.id}/attachment`, bearer));
    const pdfB = await bytes(await send(b, 'POST', `proposals/${proposal.id}/attachment`, bearer));
    expect(pdfB.status).toBe(200);
    expect(pdfB.type).toBe('application/pdf');
    expect(pdfB.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfB.data.equals(pdfA.data)).toBe(true);

    // The customer's link, made on A, downloads the PDF from B.
    const token = randomBytes(32).toString('base64url');
    expect((await send(a, 'POST', `quotations/${proposal.id}/share`, full, { token })).status).toBe(201);
    const shared = await bytes(await fetch(`${b.api}/share/${token}/pdf`));
    expect(shared.status).toBe(200);
    expect(shared.data.equals(pdfA.data)).toBe(true);

    // A document uploaded through A: in the store every process reads.
    const doc = multipartBody([
      { name: 'quotation', value: proposal.quotation.data.code },
      { name: 'file_type', value: 'identity' },
      { name: 'file', value: tinyPdf(), filename: 'carta.pdf', type: 'application/pdf' },
    ]);
    expect((await send(a, 'POST', 'quotations/documents/upload', { ...full, ...doc.headers }, doc.payload)).status).toBe(200);
    const [stored] = await sql<{ data: Buffer }>(
      db,
      `select f.data from quotation_documents d join files f on f.key = 'quotations/' || d.stored_name where d.quotation_id = $1`,
      [proposal.id],
    );
    expect(stored!.data.equals(tinyPdf())).toBe(true);

    // The agent's logo, uploaded through A, public on B.
    const logo = demoPicture(4, 60, 30);
    const form = multipartBody([{ name: 'logo', value: logo, filename: 'logo.png', type: 'image/png' }]);
    const profile = await send(a, 'POST', 'agent/logo', { authorization: full.authorization!, ...form.headers }, form.payload);
    expect(profile.status).toBe(200);
    const logoUrl = ((await profile.json()) as { data: { logo: string } }).data.logo;
    const logoB = await bytes(await fetch(`http://127.0.0.1:${b.port}${logoUrl}`));
    expect(logoB).toMatchObject({ status: 200, type: 'image/png' });
    expect(logoB.data.equals(logo)).toBe(true);

    // A car's picture and a marketing image, uploaded through B, served by C.
    const car = await send(b, 'POST', 'car', leader, customCar());
    expect(car.status).toBe(200);
    const carId = ((await car.json()) as { data: { id: number } }).data.id;
    const picture = demoPicture(5, 40, 30);
    const images = multipartBody([
      { name: 'car', value: String(carId) },
      { name: 'immagini[]', value: picture, filename: 'a.png', type: 'image/png' },
    ]);
    const uploaded = await send(b, 'POST', 'car/images', { authorization: leader.authorization!, ...images.headers }, images.payload);
    expect(uploaded.status).toBe(200);
    const source = ((await uploaded.json()) as { data: { group: string; source: string }[] }).data.find((i) => i.group === 'custom')!.source;
    const pictureC = await bytes(await fetch(`http://127.0.0.1:${c.port}${source}`));
    expect(pictureC).toMatchObject({ status: 200, type: 'image/png' });
    expect(pictureC.data.equals(picture)).toBe(true);

    const poster = demoPicture(6, 50, 50);
    const post = multipartBody([
      { name: 'title', value: 'Promo condivisa' },
      { name: 'images', value: poster, filename: 'promo.png', type: 'image/png' },
    ]);
    const made = await send(b, 'POST', 'marketing/posts', { authorization: leader.authorization!, ...post.headers }, post.payload);
    expect(made.status).toBe(200);
    const image = ((await made.json()) as { data: { items: { image: string }[] } }).data.items[0]!.image;
    const posterC = await bytes(await fetch(`http://127.0.0.1:${c.port}${image}`));
    expect(posterC).toMatchObject({ status: 200, type: 'image/png' });
    expect(posterC.data.equals(poster)).toBe(true);
  });

  it('parallel wrong passwords across processes: exactly the allowed number checked, the rest 429, no query error', async () => {
    // Four addresses from one client address: 5 checks each (the address limit), 20 for the client (under its 30).
    const emails = Array.from({ length: 4 }, (_, i) => `nessuno-${i}-${randomBytes(3).toString('hex')}@example.it`);
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fetch(`${[a, b, c][i % 3]!.api}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: emails[i % emails.length], password: `sbagliata-${i}` }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const checked = await sql<{ email: string; n: number }>(db, 'select email, count(*)::int as n from login_attempts where email = any($1) group by email', [
      emails,
    ]);
    expect(checked.map((r) => r.n)).toEqual([5, 5, 5, 5]);
    for (const s of [a, b, c]) expect(errorsOf(s), s.stdout()).toEqual([]);
  });

  it('a process killed inside a quotation write leaves nothing or all of it; the retry on another one gets the whole write, PDF included', async () => {
    const full = await loginOn(c.api, 'completo@demo.it', DEMO_PASSWORD);
    const ref = await privateOfferRefOn(a.api, full);
    const quote = quoteForm(ref);
    const proposal = privateProposal(ref, {
      fiscal_code: 'RSSMRA85T10A562S',
      sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS },
    });
    const writes = [
      { route: 'quote', body: quote, key: `crash-quote-${randomBytes(6).toString('hex')}` },
      { route: 'proposals', body: proposal, key: `crash-proposal-${randomBytes(6).toString('hex')}` },
    ];
    const send = (s: ServerProcess, w: (typeof writes)[number]) =>
      fetch(`${s.api}/${w.route}`, { method: 'POST', headers: { ...full, 'idempotency-key': w.key }, body: JSON.stringify(w.body) });

    // The PDF job queue is held, so both writes stop inside their transaction, and C dies there.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table proposal_pdf_jobs in exclusive mode');
    const inFlight = writes.map((w) => send(c, w).catch(() => null));
    const waiting = `from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into "proposal_pdf_jobs"%'`;
    await waitFor(async () => (await sql<{ n: number }>(db, `select count(*)::int as n ${waiting}`))[0]!.n >= 2, 'both writes waiting on the PDF queue');
    await c.kill('SIGKILL');
    await Promise.all(inFlight);
    // PostgreSQL notices a vanished client only when it next talks to it: the backends C left waiting
    // end now, as they would have with the connections of a machine that went down.
    await db.query(`select pg_terminate_backend(pid) ${waiting}`);
    await holder.query('rollback');
    await holder.end();

    const state = async (key: string) =>
      sql<{ id: number; code: string | null; job: number | null }>(
        db,
        'select q.id, q.code, j.version as job from quotations q left join proposal_pdf_jobs j on j.quotation_id = q.id where q.client_key = $1',
        [key],
      );
    for (const w of writes) {
      const rows = await state(w.key);
      // Nothing, or the quotation with its code and its job: never one without the other.
      expect(rows.every((r) => r.code !== null && r.job !== null)).toBe(true);
    }

    // The client retries on B (the key's lease, 1 s here, runs out first: 409 until then).
    for (const w of writes) {
      let res = await send(b, w);
      for (let i = 0; res.status === 409 && i < 40; i++) {
        await new Promise((r) => setTimeout(r, 250));
        res = await send(b, w);
      }
      expect(res.status).toBe(201);
      const rows = await state(w.key);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.code).toMatch(/^\d{8}$/);
      expect(rows[0]!.job).not.toBeNull();
      const id = rows[0]!.id;
      await waitFor(
        async () => (await sql<{ p: string | null }>(db, 'select pdf_path as p from quotations where id = $1', [id]))[0]!.p !== null,
        'PDF rendered',
      );
      const pdf = await fetch(`${a.api}/proposals/${id}/attachment`, { method: 'POST', headers: { authorization: full.authorization! } });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    }
  });

  it('queues, on start, a quotation left with neither a PDF nor a job', async () => {
    const [row] = await sql<{ id: number }>(db, 'select id from quotations where pdf_path is not null order by id desc limit 1');
    await db.query('delete from proposal_pdf_jobs where quotation_id = $1', [row!.id]);
    await db.query('update quotations set pdf_path = null where id = $1', [row!.id]);
    c = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir() });
    cleanups.push(() => c.kill('SIGKILL'));
    // Watched in the database: asking for the PDF through the API would queue it by itself.
    await waitFor(
      async () => (await sql<{ p: string | null }>(db, 'select pdf_path as p from quotations where id = $1', [row!.id]))[0]!.p !== null,
      'swept PDF rendered',
    );
  });

  it('ends each process with exit code 0 on SIGTERM', async () => {
    const codes = await Promise.all([a, b, c].map((s) => s.kill('SIGTERM')));
    expect(codes).toEqual([0, 0, 0]);
    for (const s of [a, b, c]) expect(errorsOf(s), s.stdout()).toEqual([]);
  });
});
