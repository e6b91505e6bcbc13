// Mixed reads and writes at 32 connections against a server on PostgreSQL (BENCH_LOAD_SECONDS, 60 s by
// default): offer searches and details, quotation lists, statistics, and writes from several demo agents
// (POST quote and POST proposals with an Idempotency-Key, some sent twice as a client retry would,
// PUT quotations/{id}/status on the loop's own quotations). Every acknowledged write is counted; afterwards
// the database must hold each acknowledged create exactly once, nothing else, and the last acknowledged
// status of each quotation; no request may answer 5xx. Results go to bench/results-load.md.
// Sizes: BENCH_OFFERS, BENCH_QUOTATIONS (seed), BENCH_LOAD_SECONDS, BENCH_LOAD_CONNECTIONS.
// BENCH_LOAD_PROCESSES=2 (or more): that many server processes, started together on the one database, each
// with a data folder of its own (docs/scaling.md); the connections are spread over them, a create sent
// twice at once or again goes to another process than the first, and afterwards every new quotation must
// have its PDF or its job and each PDF must download from every process. Results: bench/results-load-<n>p.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../server/db/client';
import { loadAverage, loginAs, machineLines, percentile, postgresVersion, preparePostgres, rowsOf, seedLarge, startServer, TMP } from './common';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 20_000);
const QUOTATIONS = Number(process.env.BENCH_QUOTATIONS ?? 100_000);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 32);
const POOL = Number(process.env.BENCH_LOAD_POOL ?? 16);
const PROCESSES = Math.max(1, Number(process.env.BENCH_LOAD_PROCESSES ?? 1));
const RESULTS = PROCESSES > 1 ? `bench/results-load-${PROCESSES}p.md` : 'bench/results-load.md';
/** PDFs downloaded through every process after the run (a sample of the new proposals). */
const PDF_SAMPLE = 10;

/** Agents with the quotations feature; each connection acts as one of them. */
const AGENTS = [
  'completo@demo.it',
  'capogruppo@demo.it',
  'sara.conti@demo.it',
  'paolo.marini@demo.it',
  'elena.galli@demo.it',
  'capogruppo.sud@demo.it',
  'davide.greco@demo.it',
];
/** Share of each operation in the mix (sums to 100). */
const MIX: [Op, number][] = [
  ['ricerca offerte', 15],
  ['dettaglio offerta', 25],
  ['lista preventivi', 20],
  ['statistiche', 10],
  ['POST quote', 12],
  ['POST proposals', 8],
  ['PUT stato', 10],
];
type Op = 'ricerca offerte' | 'dettaglio offerta' | 'lista preventivi' | 'statistiche' | 'POST quote' | 'POST proposals' | 'PUT stato';

type Fixture = { refs: string[]; codes: string[]; userCodes: Map<string, string>; info: string };
let fixture: Fixture | null = null;

async function fill(database: Database) {
  const info = await seedLarge(database, { offers: OFFERS, quotations: QUOTATIONS });
  const vars = rowsOf<{ ref: string; code: string }>(
    await database.db.execute(
      sql`select v.ref, o.code from offer_variations v join offers o on o.id = v.offer_id where o.owner_user_id is null and o.owner_group is null and o.deleted_at is null and o.customer_type = 'privati' order by v.id limit 3000`,
    ),
  ).filter((_, i) => i % 30 === 0);
  const users = rowsOf<{ email: string; code: string }>(await database.db.execute(sql`select email, code from users`));
  fixture = { refs: vars.map((v) => v.ref), codes: vars.map((v) => v.code), userCodes: new Map(users.map((u) => [u.email, u.code])), info };
}

/** Deterministic pseudo-random numbers per connection. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const SEARCHES = [{}, { brands: ['fiat'] }, { monthly_rates: [200, 400] }, { fuels: ['ibrida'], sort: 'price-down' }];
const CUSTOMER = {
  first_name: 'Anna',
  last_name: 'Bianchi',
  email: 'anna.bianchi@example.it',
  phone: '3331234567',
  zip_code: '00184',
  employee_category: 'pensionato',
};
const PROPOSAL_CUSTOMER = { ...CUSTOMER, address: 'Via Roma 1', city: 'Roma', consent: true, employee_category: 'tempo-indeterminato' };
const FISCAL_CODES = ['RSSMRA85T10A562S', 'RSSMRA80A01H501U', 'RSSMRA85T10A56NH'];

/** CPU seconds a process has used so far (Linux /proc), or NaN elsewhere. */
const cpuSeconds = (pid: number | undefined) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (100 a second)
  } catch {
    return NaN;
  }
};

type Create = { owner: string; key: string; kind: 'quote' | 'proposal'; code?: string; id?: number };

export async function run() {
  mkdirSync(TMP, { recursive: true });
  const loadBefore = loadAverage();
  const target = await preparePostgres('bench_load', fill);
  if (!target) return;
  const f = fixture!;
  const stats = new Map<Op, number[]>();
  const statuses = new Map<number, number>(); // HTTP status -> count
  const serverErrors: string[] = [];
  const creates: Create[] = [];
  const lastStatus = new Map<number, string>(); // quotation id -> last acknowledged status
  let replays = 0;
  let concurrent = 0;
  let replayMismatches = 0;
  let beforeMax = 0;
  let verdict: { ok: boolean; lines: string[] } = { ok: false, lines: [] };
  let serverCpu = NaN;
  let databaseCpu = NaN;
  // BENCH_PORT: the first server's port, the next ones after it.
  const portOf = (i: number): Record<string, string> => (process.env.BENCH_PORT ? { PORT: String(Number(process.env.BENCH_PORT) + i) } : {});
  const servers = await Promise.all(
    Array.from({ length: PROCESSES }, (_, i) => startServer({ ...target.env, DATA_DIR: path.join(target.env.DATA_DIR!, `process-${i}`), ...portOf(i) }, POOL)),
  );
  try {
    const db = new pg.Client({ connectionString: target.url });
    await db.connect();
    beforeMax = Number((await db.query('select coalesce(max(id), 0)::int as n from quotations')).rows[0].n);
    const headers = new Map<string, Record<string, string>>();
    for (const email of AGENTS) headers.set(email, await loginAs(servers[0]!.base, email));

    const call = async (op: Op, method: string, path: string, h: Record<string, string>, body?: unknown, extra: Record<string, string> = {}, via = 0) => {
      const base = servers[via % servers.length]!.base;
      for (;;) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/v1/${path}`, {
          method,
          headers: { ...h, ...extra },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) serverErrors.push(`${op} ${res.status}: ${text.slice(0, 200)}`);
        // 409: the same Idempotency-Key is still running (our own retry); try again as the outbox does.
        if (res.status === 409 && extra['idempotency-key']) {
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        stats.set(op, [...(stats.get(op) ?? []), performance.now() - t0]);
        return { status: res.status, headers: res.headers, json: () => JSON.parse(text) as { data: unknown } };
      }
    };

    const serversCpu = () => servers.reduce((t, s) => t + cpuSeconds(s.child.pid), 0);
    const cpuStart = serversCpu();
    // The database's share: CPU of this database's backends, sampled every second (a backend first seen
    // mid-run counts from then on).
    const backends = new Map<number, { first: number; last: number }>();
    const dbName = new URL(target.url).pathname.slice(1);
    const sample = async () => {
      const pids = (await db.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])).rows as { pid: number }[];
      for (const { pid } of pids) {
        const cpu = cpuSeconds(pid);
        if (Number.isNaN(cpu)) continue;
        const b = backends.get(pid);
        if (b) b.last = cpu;
        else backends.set(pid, { first: cpu, last: cpu });
      }
    };
    let sampling = sample();
    const sampler = setInterval(() => {
      sampling = sampling.then(sample);
    }, 1000);
    const until = performance.now() + SECONDS * 1000;
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const yearAgo = new Date(now.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        const email = AGENTS[c % AGENTS.length]!;
        const h = headers.get(email)!;
        // This connection's process, and another one for its twins and replays (the same with one process).
        const own = c % servers.length;
        const elsewhere = own + 1;
        const random = rng(c + 1);
        const mine: number[] = []; // quotations this loop created: only it changes their status
        const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
        while (performance.now() < until) {
          let roll = random() * 100;
          let op: Op = 'ricerca offerte';
          for (const [name, share] of MIX) {
            if (roll < share) {
              op = name;
              break;
            }
            roll -= share;
          }
          if (op === 'PUT stato' && mine.length === 0) op = 'POST quote';
          if (op === 'ricerca offerte') await call(op, 'POST', 'search/offers', h, pick(SEARCHES), {}, own);
          else if (op === 'dettaglio offerta') await call(op, 'GET', `offers/${encodeURIComponent(pick(f.codes))}`, h, undefined, {}, own);
          else if (op === 'lista preventivi')
            await call(
              op,
              'POST',
              'quotations',
              h,
              {
                startDate: random() < 0.5 ? `${today.slice(0, 8)}01` : yearAgo,
                endDate: today,
                page: 1 + Math.floor(random() * 3),
              },
              {},
              own,
            );
          else if (op === 'statistiche')
            await call(op, 'GET', `agent/${f.userCodes.get(email)}/statistics?interval=${pick(['month', 'year'])}`, h, undefined, {}, own);
          else if (op === 'PUT stato') {
            const id = pick(mine);
            const status = pick(['OPEN', 'WON', 'LOST']);
            const res = await call(op, 'PUT', `quotations/${id}/status`, h, { status }, {}, own);
            if (res.status === 200) lastStatus.set(id, status);
          } else {
            const key = `bench-${randomUUID()}`;
            const quote = op === 'POST quote';
            const body = quote
              ? { ...CUSTOMER, code: pick(f.refs), fiscal_code: pick(FISCAL_CODES) }
              : { ...PROPOSAL_CUSTOMER, offer: pick(f.refs), fiscal_code: pick(FISCAL_CODES) };
            const path = quote ? 'quote' : 'proposals';
            // One create in ten goes out twice at once with the same key (a double tap, or a retry racing
            // the first attempt): the second waits on 409 and retries, and must get the first one's answer.
            const twin = random() < 0.1;
            const [res, other] = await Promise.all([
              call(op, 'POST', path, h, body, { 'idempotency-key': key }, own),
              twin ? call(op, 'POST', path, h, body, { 'idempotency-key': key }, elsewhere) : null,
            ]);
            if (res.status !== 201) continue;
            const data = res.json().data as string | { id: number };
            if (other) {
              concurrent++;
              const d = other.status === 201 ? (other.json().data as string | { id: number }) : null;
              if (!d || (quote ? d !== data : (d as { id: number }).id !== (data as { id: number }).id)) replayMismatches++;
            }
            const made: Create = quote
              ? { owner: email, key, kind: 'quote', code: data as string }
              : { owner: email, key, kind: 'proposal', id: (data as { id: number }).id };
            creates.push(made);
            if (!quote) mine.push(made.id!);
            // One create in five is sent again with the same key, as a client that lost the answer would.
            if (random() < 0.2) {
              const again = await call(op, 'POST', path, h, body, { 'idempotency-key': key }, elsewhere);
              replays++;
              const d = again.status === 201 ? (again.json().data as string | { id: number }) : null;
              if (
                again.status !== 201 ||
                again.headers.get('idempotent-replayed') !== 'true' ||
                (quote ? d !== made.code : (d as { id: number }).id !== made.id)
              )
                replayMismatches++;
            }
          }
        }
      }),
    );

    serverCpu = (serversCpu() - cpuStart) / SECONDS;
    clearInterval(sampler);
    await sampling;
    databaseCpu = [...backends.values()].reduce((t, b) => t + (b.last - b.first), 0) / SECONDS;
    // Quote codes to ids (the quote form answers with the code).
    const created = (await db.query('select id, code, client_key, owner_id, status from quotations where id > $1', [beforeMax])).rows as {
      id: number;
      code: string | null;
      client_key: string | null;
      owner_id: number;
      status: string;
    }[];
    for (const q of creates.filter((x) => x.kind === 'quote')) {
      const row = created.find((r) => r.code === q.code);
      if (row) q.id = row.id;
    }
    const acked = new Map(creates.map((x) => [x.key, x]));
    const byKey = new Map<string, number>();
    for (const r of created) if (r.client_key) byKey.set(r.client_key, (byKey.get(r.client_key) ?? 0) + 1);
    const lost = creates.filter((x) => !created.some((r) => r.id === x.id && r.client_key === x.key));
    const duplicated = [...byKey].filter(([, n]) => n > 1);
    const unexpected = created.filter((r) => !r.client_key || !acked.has(r.client_key));
    const wrongStatus = [...lastStatus].filter(([id, s]) => created.find((r) => r.id === id)?.status !== s);
    const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((t, [, n]) => t + n, 0);
    // Each new quotation committed with its PDF job (the outbox): none may have neither.
    const withoutPdf = Number(
      (
        await db.query(
          'select count(*)::int as n from quotations q where q.id > $1 and q.pdf_path is null and not exists (select 1 from proposal_pdf_jobs j where j.quotation_id = q.id)',
          [beforeMax],
        )
      ).rows[0].n,
    );
    // The files: a sample of the new proposals' PDFs, once rendered, downloaded through every process.
    const pdfSample = creates.filter((x) => x.kind === 'proposal').slice(0, PDF_SAMPLE);
    const rendered = async () =>
      Number((await db.query('select count(*)::int as n from quotations where id = any($1) and pdf_path is not null', [pdfSample.map((x) => x.id)])).rows[0].n);
    for (let i = 0; i < 600 && (await rendered()) < pdfSample.length; i++) await new Promise((r) => setTimeout(r, 100));
    let downloads = 0;
    for (const x of pdfSample) {
      for (const s of servers) {
        const res = await fetch(`${s.base}/api/v1/proposals/${x.id}/attachment`, {
          method: 'POST',
          headers: { authorization: headers.get(x.owner)!.authorization! },
        });
        if (res.status === 200 && (await res.arrayBuffer()).byteLength > 0) downloads++;
      }
    }
    const pdfsOk = withoutPdf === 0 && downloads === pdfSample.length * servers.length;
    verdict = {
      ok:
        lost.length === 0 && duplicated.length === 0 && unexpected.length === 0 && wrongStatus.length === 0 && fiveXX === 0 && replayMismatches === 0 && pdfsOk,
      lines: [
        `- Scritture confermate (201): ${creates.length} creazioni (${creates.filter((x) => x.kind === 'quote').length} POST quote, ${creates.filter((x) => x.kind === 'proposal').length} POST proposals), ${lastStatus.size} preventivi con stato cambiato (${stats.get('PUT stato')?.length ?? 0} PUT)`,
        `- Nel database dopo la prova: ${created.length} preventivi nuovi; persi ${lost.length}, duplicati ${duplicated.length}, non richiesti ${unexpected.length}, stato finale diverso dall'ultimo confermato ${wrongStatus.length}`,
        `- Stessa Idempotency-Key: ${replays} reinvii dopo la risposta, ${concurrent} coppie inviate insieme; risposte diverse dalla prima ${replayMismatches}`,
        `- Risposte 5xx: ${fiveXX}${serverErrors.length ? ` (${serverErrors.slice(0, 3).join('; ')})` : ''}`,
        `- PDF: preventivi nuovi senza PDF né job ${withoutPdf}; ${downloads} download riusciti su ${pdfSample.length * servers.length} (${pdfSample.length} proposte × ${servers.length} processi)`,
        `- Codici HTTP: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s} × ${n}`)
          .join(', ')}`,
      ],
    };
    await db.end();
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await target.cleanup();
  }
  const total = [...stats.values()].reduce((t, xs) => t + xs.length, 0);
  const lines = [
    '# Prova di carico: letture e scritture insieme (PostgreSQL)',
    '',
    ...machineLines(loadBefore),
    `- PostgreSQL ${await postgresVersion()}; ${PROCESSES === 1 ? 'un processo server' : `${PROCESSES} processi server avviati insieme, ciascuno con la sua cartella dati`} (tsx server/main.ts, pool di ${POOL} connessioni al database ciascuno); carico generato con fetch da questo processo${PROCESSES > 1 ? ', connessioni ripartite fra i processi, doppi invii e reinvii con la stessa chiave mandati a un processo diverso dal primo' : ''}`,
    `- Dati: ${f.info}`,
    `- ${CONNECTIONS} connessioni per ${SECONDS} s, ciascuna come uno di ${AGENTS.length} agenti demo; miscela: ${MIX.map(([op, n]) => `${op} ${n}%`).join(', ')}`,
    '',
    `## Esito: ${verdict.ok ? 'nessuna scrittura persa o duplicata, nessun 5xx' : '**PROBLEMI** (vedi sotto)'}`,
    '',
    ...verdict.lines,
    '',
    `## Operazioni completate (${total} in ${SECONDS} s, ${(total / SECONDS).toFixed(0)} al secondo; le risposte 409 riprovate non sono contate a parte)`,
    '',
    '| Operazione | richieste | al secondo | p50 (ms) | p95 (ms) |',
    '|---|---|---|---|---|',
    ...MIX.map(([op]) => {
      const xs = [...(stats.get(op) ?? [])].sort((a, b) => a - b);
      return `| ${op} | ${xs.length} | ${(xs.length / SECONDS).toFixed(1)} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} |`;
    }),
    '',
    `CPU usata in media durante la prova: ${PROCESSES === 1 ? 'processo server' : `processi server (somma di ${PROCESSES})`} ${serverCpu.toFixed(2)}, processi PostgreSQL di questo database ${databaseCpu.toFixed(2)} (su ${os.cpus().length} CPU con load average ${loadAverage()}; Node esegue JavaScript su un solo core, quindi un server vicino a 1 è saturo).`,
    `Le latenze includono l'attesa in coda: con ${CONNECTIONS} connessioni su ${PROCESSES === 1 ? 'un solo processo server' : `${PROCESSES} processi server`} ogni richiesta aspetta quelle davanti.`,
    '',
  ];
  writeFileSync(RESULTS, lines.join('\n'));
  console.log(lines.slice(8, 16).join('\n'));
  console.log(`  written ${RESULTS}`);
}
