// The API beyond offer search at the large seed (20,000 offers, ~200,000 variations, 100,000 quotations):
// offer detail, quotations list (a month and a year), dashboard statistics of an agent and of a group
// leader, next to /api/v1/health; p50/p95 at one connection and requests/s at 16 connections, on
// PostgreSQL and PGlite. The server runs as its own process; this process is the load generator.
// Results go to bench/results-api.md (what follows its '<!-- note -->' line is kept across runs).
// Sizes: BENCH_OFFERS, BENCH_QUOTATIONS, BENCH_REQUESTS, BENCH_SECONDS; BENCH_TARGETS=postgres,pglite.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import {
  loadAverage,
  loginAs,
  machineLines,
  percentile,
  postgresVersion,
  preparePglite,
  preparePostgres,
  rowsOf,
  seedLarge,
  startServer,
  type Target,
  throughput,
  TMP,
} from './common';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 20_000);
const QUOTATIONS = Number(process.env.BENCH_QUOTATIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,pglite').split(',');
const CONNECTIONS = 16;
const RESULTS = 'bench/results-api.md';
const NOTE = '<!-- note -->';

type Fixture = { offerCodes: string[]; fullCode: string; leaderCode: string; info: string };
let fixture: Fixture | null = null;

async function fill(database: Database) {
  const info = await seedLarge(database, { offers: OFFERS, quotations: QUOTATIONS });
  const codes = rowsOf<{ code: string }>(
    await database.db.execute(sql`select code from offers where owner_user_id is null and owner_group is null and deleted_at is null order by id`),
  ).map((r) => r.code);
  const users = rowsOf<{ email: string; code: string }>(
    await database.db.execute(sql`select email, code from users where email in ('completo@demo.it', 'capogruppo@demo.it')`),
  );
  const step = Math.max(1, Math.floor(codes.length / 50));
  fixture = {
    offerCodes: codes.filter((_, i) => i % step === 0),
    fullCode: users.find((u) => u.email === 'completo@demo.it')!.code,
    leaderCode: users.find((u) => u.email === 'capogruppo@demo.it')!.code,
    info,
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

type Endpoint = { name: string; call: (i: number) => Promise<Response> };

async function endpoints(base: string): Promise<Endpoint[]> {
  const f = fixture!;
  const full = await loginAs(base, 'completo@demo.it');
  const leader = await loginAs(base, 'capogruppo@demo.it');
  const now = new Date();
  const monthStart = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
  const yearAgo = day(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1)));
  const today = day(now);
  const list = (headers: Record<string, string>, startDate: string) => (i: number) =>
    fetch(`${base}/api/v1/quotations`, { method: 'POST', headers, body: JSON.stringify({ startDate, endDate: today, page: 1 + (i % 3) }) });
  return [
    { name: 'health', call: () => fetch(`${base}/api/v1/health`) },
    {
      name: 'dettaglio offerta (GET offers/{codice})',
      call: (i) => fetch(`${base}/api/v1/offers/${encodeURIComponent(f.offerCodes[i % f.offerCodes.length]!)}`, { headers: full }),
    },
    { name: 'preventivi, mese corrente (agente)', call: list(full, monthStart) },
    { name: 'preventivi, ultimo anno (agente)', call: list(full, yearAgo) },
    { name: 'preventivi, ultimo anno (capogruppo, rete)', call: list(leader, yearAgo) },
    { name: 'statistiche agente (interval=year)', call: () => fetch(`${base}/api/v1/agent/${f.fullCode}/statistics?interval=year`, { headers: full }) },
    {
      name: 'statistiche capogruppo (rete, interval=year)',
      call: () => fetch(`${base}/api/v1/agent/${f.leaderCode}/statistics?interval=year`, { headers: leader }),
    },
  ];
}

type Row = { name: string; p50: number; p95: number; rps: number };

async function measure(base: string): Promise<Row[]> {
  const out: Row[] = [];
  for (const e of await endpoints(base)) {
    const once = async (i: number) => {
      const res = await e.call(i);
      if (!res.ok) throw new Error(`${e.name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 10; i++) await once(i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await once(i);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const rps = await throughput(CONNECTIONS, SECONDS, once);
    const row = { name: e.name, p50: percentile(times, 50), p95: percentile(times, 95), rps };
    console.log(`    ${row.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, ${row.rps.toFixed(0)} req/s`);
    out.push(row);
  }
  return out;
}

export async function run() {
  mkdirSync(TMP, { recursive: true });
  const loadBefore = loadAverage();
  const results: { kind: string; rows: Row[] }[] = [];
  const prepares: Record<string, () => Promise<Target | null>> = { postgres: () => preparePostgres('bench_api', fill), pglite: () => preparePglite(fill) };
  for (const kind of TARGETS) {
    const target = await prepares[kind]!();
    if (!target) continue;
    try {
      const server = await startServer(target.env);
      try {
        console.log(`  ${kind}:`);
        results.push({ kind, rows: await measure(server.base) });
      } finally {
        await server.stop();
      }
    } finally {
      await target.cleanup();
    }
  }
  const f = (n: number) => n.toFixed(1);
  const names = results[0]?.rows.map((r) => r.name) ?? [];
  const cell = (kind: string, name: string, pick: (r: Row) => string) => {
    const r = results.find((x) => x.kind === kind)?.rows.find((x) => x.name === name);
    return r ? pick(r) : '-';
  };
  const kept = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8').split(NOTE)[1] : undefined;
  const lines = [
    '# Benchmark: API oltre la ricerca offerte',
    '',
    ...machineLines(loadBefore),
    `- PostgreSQL ${await postgresVersion()}; PGlite (PostgreSQL in WASM) nello stesso processo del server`,
    `- Dati: ${fixture?.info ?? '-'}; preventivi distribuiti su 7 agenti demo e 14 mesi (la rete NET-NORD del capogruppo ne ha 4 su 7)`,
    `- Server in un processo separato (tsx server/main.ts, pool PostgreSQL di ${CONNECTIONS}); carico generato con fetch da questo processo`,
    `- Latenza: ${REQUESTS} richieste in sequenza (1 connessione) per endpoint; throughput: ${CONNECTIONS} connessioni per ${SECONDS} s per endpoint`,
    '- Budget (docs/architecture.md): p95 sotto 50 ms su PostgreSQL a 1 connessione',
    '',
    `| Endpoint | ${results.map((r) => `${r.kind} p50 / p95 (ms)`).join(' | ')} | ${results.map((r) => `${r.kind} req/s (16 conn.)`).join(' | ')} |`,
    `|---|${results.map(() => '---|---').join('|')}|`,
    ...names.map(
      (name) =>
        `| ${name} | ${results.map(({ kind }) => cell(kind, name, (r) => `${f(r.p50)} / ${f(r.p95)}`)).join(' | ')} | ${results.map(({ kind }) => cell(kind, name, (r) => r.rps.toFixed(0))).join(' | ')} |`,
    ),
    '',
    'Le liste preventivi chiedono le pagine 1-3 (10 per pagina) con il totale; le statistiche calcolano periodo, periodo precedente, nuovi clienti e i 12 mesi.',
    '',
    NOTE,
  ];
  writeFileSync(RESULTS, lines.join('\n') + (kept ?? '\n'));
  console.log(`  written ${RESULTS}`);
}
