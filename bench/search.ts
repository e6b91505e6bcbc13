// Offer search at 20,000 offers and ~200,000 child offers (docs/architecture.md budgets): p50/p95 at one
// connection, and the server's CPU time per search at 16 connections (with requests/s next to /api/v1/health,
// for information), on PGlite and PostgreSQL. The budget is in the server's own work: the load generator
// shares this machine's 2 CPUs with the server, so requests/s measures the two together.
// The server runs as its own process (tsx server/main.ts) as in production; this process is the
// load generator. Results go to bench/results.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Database } from '../server/db/client';
import { seedDemo } from '../server/db/seed';
import { loginAs, percentile, postgresVersion, preparePglite, preparePostgres, startServer, throughput, TMP } from './common';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 20_000);
const LATENCY_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
/** Rounds of the load at 16 connections, each printed; the verdict takes their median. */
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 3);
/** Budgets (docs/architecture.md), on PostgreSQL: the server's CPU per computed search, p95 at one connection. */
const CPU_BUDGET_MS = 2.5;
const P95_BUDGET_MS = 20;

const CHECK = {
  contractualCategory: 'tempo-indeterminato',
  answers: { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false },
};

/** What agents do: open the list, pick brands and fuels, set a rate range, page, sort. */
const SEARCHES: { name: string; body: Record<string, unknown> }[] = [
  { name: 'nessun filtro', body: {} },
  { name: 'marca', body: { brands: ['fiat'] } },
  { name: 'marca + alimentazione', body: { brands: ['volkswagen', 'toyota'], fuels: ['ibrida'] } },
  { name: 'canone 200-400', body: { monthly_rates: [200, 400] } },
  { name: 'canone + durata + km', body: { monthly_rates: [250, 500], durations: [36, 48], distances: [15000, 20000] } },
  { name: 'anticipo + P.IVA', body: { deposits: [0, 1500], customerType: ['piva'] } },
  { name: 'km illimitati + consegna rapida', body: { unlimitedKm: true, fast_delivery: true } },
  { name: 'suv, pagina 3, prezzo decrescente', body: { categories: ['suv'], page: 3, sort: 'price-down' } },
  { name: 'più recenti', body: { sort: 'newest' } },
  // After a credit check (privato, canone massimo 600): the check's filters plus the traffic light.
  { name: 'credit check, semaforo Alta', body: { customerType: ['privati'], monthly_rates: [0, 600], ...CHECK, sustainability: [2] } },
  { name: 'credit check, Media + Bassa senza filtri', body: { ...CHECK, sustainability: [1, 0] } },
];

/** Clock ticks per second of /proc's CPU times. */
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** CPU time (ms) a process has used so far, from /proc (Linux): user and system. */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
};
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Requests/s at 16 connections, and the CPU each request cost the server and this process (the load
 * generator): on a machine of 2 CPUs both share them, so requests/s alone does not say which side bounds it.
 */
async function loaded(serverPid: number, fn: (i: number) => Promise<void>) {
  const [server0, client0] = [cpuOf(serverPid), ownCpu()];
  const rps = await throughput(CONNECTIONS, LOAD_SECONDS, fn);
  const done = rps * LOAD_SECONDS;
  return { rps, serverMs: (cpuOf(serverPid) - server0) / done, clientMs: (ownCpu() - client0) / done };
}

let seedInfo = '';
async function seedTimed(database: Database) {
  const started = Date.now();
  const { catalogue } = await seedDemo(database.db, { offers: OFFERS });
  await database.db.execute('analyze' as never);
  seedInfo = `${catalogue.offers} offerte, ${catalogue.variations} varianti`;
  console.log(`  ${database.kind}: seeded ${seedInfo} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function measure(base: string, serverPid: number) {
  const headers = await loginAs(base, 'completo@demo.it');
  const searchOnce = async (i: number) => {
    const s = SEARCHES[i % SEARCHES.length]!;
    const res = await fetch(`${base}/api/v1/search/offers`, { method: 'POST', headers, body: JSON.stringify(s.body) });
    if (!res.ok) throw new Error(`search ${s.name}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const healthOnce = async () => {
    const res = await fetch(`${base}/api/v1/health`);
    await res.arrayBuffer();
  };

  for (let i = 0; i < SEARCHES.length * 3; i++) await searchOnce(i); // warm-up
  const all: number[] = [];
  const perSearch = new Map<string, number[]>();
  for (let i = 0; i < LATENCY_REQUESTS; i++) {
    const t0 = performance.now();
    await searchOnce(i);
    const ms = performance.now() - t0;
    all.push(ms);
    const name = SEARCHES[i % SEARCHES.length]!.name;
    perSearch.set(name, [...(perSearch.get(name) ?? []), ms]);
  }
  all.sort((a, b) => a - b);

  const rounds: Load[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rounds.push(await loaded(serverPid, searchOnce));
    const l = rounds[r]!;
    console.log(
      `    round ${r + 1}: ${l.rps.toFixed(0)} ricerche/s, CPU del server ${l.serverMs.toFixed(2)} ms per ricerca, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
    );
  }
  // The round of median server CPU stands for the load.
  const search = [...rounds].sort((a, b) => a.serverMs - b.serverMs)[Math.floor(rounds.length / 2)]!;
  const health = await loaded(serverPid, healthOnce);
  return {
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    perSearch: [...perSearch].map(([name, xs]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { name, p50: percentile(s, 50), p95: percentile(s, 95) };
    }),
    search,
    rounds,
    health,
  };
}

/** Each database is measured twice: as deployed (ready answers: repeats cost no search) and with
 * SEARCH_ANSWER_CACHE_MB=0, where every search is computed (docs/scaling.md, "Ready answers"). */
const MODES = [
  { name: 'ripetute', env: {} },
  { name: 'calcolate', env: { SEARCH_ANSWER_CACHE_MB: '0' } },
] as const;
type Measured = Awaited<ReturnType<typeof measure>>;
type Load = { rps: number; serverMs: number; clientMs: number };

export async function run() {
  mkdirSync(TMP, { recursive: true });
  const loadBefore = os.loadavg()[0] ?? 0;
  const results: { kind: string; r: Record<(typeof MODES)[number]['name'], Measured> }[] = [];
  for (const prepare of [() => preparePostgres('bench_offers', seedTimed), () => preparePglite(seedTimed)]) {
    const target = await prepare();
    if (!target) continue;
    try {
      const r = {} as (typeof results)[number]['r'];
      for (const mode of MODES) {
        const { base, child, stop } = await startServer({ ...target.env, ...mode.env });
        try {
          r[mode.name] = await measure(base, child.pid!);
          const m = r[mode.name];
          console.log(
            `  ${target.kind}, ${mode.name}: p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, ${m.search.rps.toFixed(0)} ricerche/s vs ${m.health.rps.toFixed(0)} health/s; CPU per richiesta: server ${m.search.serverMs.toFixed(2)} / ${m.health.serverMs.toFixed(3)} ms, generatore ${m.search.clientMs.toFixed(2)} / ${m.health.clientMs.toFixed(3)} ms`,
          );
        } finally {
          await stop();
        }
      }
      results.push({ kind: target.kind, r });
    } finally {
      await target.cleanup();
    }
  }
  const pgVersion = await postgresVersion();
  const f = (n: number) => n.toFixed(1);
  /** One table row per database and mode. */
  const tableRows = (row: (kind: string, name: (typeof MODES)[number]['name'], m: Measured) => string) =>
    results.flatMap(({ kind, r }) => MODES.map(({ name }) => row(kind, name, r[name])));
  /** A load's CPU per request (server / generator, ms) and each side's share of one CPU. */
  const cpuCells = (l: Load, digits: number) =>
    `${l.serverMs.toFixed(digits)} / ${l.clientMs.toFixed(digits)} | ${((l.serverMs * l.rps) / 10).toFixed(0)}% / ${((l.clientMs * l.rps) / 10).toFixed(0)}%`;
  const lines = [
    '# Benchmark: ricerca offerte',
    '',
    `- Data: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Macchina: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}`,
    `- Carico della macchina (load average a 1 minuto) all'inizio e alla fine: ${loadBefore.toFixed(1)} / ${(os.loadavg()[0] ?? 0).toFixed(1)} su ${os.cpus().length} CPU (altri processi falsano le misure quando supera il numero di CPU)`,
    `- Node ${process.version}; PostgreSQL ${pgVersion}; PGlite (PostgreSQL in WASM) nello stesso processo del server`,
    `- Catalogo: ${seedInfo}; server in un processo separato (tsx server/main.ts), carico generato con fetch da questo processo`,
    `- Latenza: ${LATENCY_REQUESTS} ricerche in sequenza (1 connessione), a rotazione su ${SEARCHES.length} ricerche tipiche; throughput: ${CONNECTIONS} connessioni per ${LOAD_SECONDS} s`,
    `- Budget (docs/architecture.md), su PostgreSQL: p95 sotto ${P95_BUDGET_MS} ms a una connessione; CPU del server per ricerca calcolata (senza cache delle risposte) al massimo ${CPU_BUDGET_MS} ms a ${CONNECTIONS} connessioni, mediana di ${ROUNDS} giri. Il rapporto con /api/v1/health è solo informativo: su 2 CPU il generatore di carico e il server se le dividono.`,
    '',
    `| Database | ricerche | p50 (ms) | p95 (ms) | CPU server per ricerca (ms, ogni giro) | ricerche/s (16 conn.) | health/s (16 conn.) | rapporto | p95 < ${P95_BUDGET_MS} ms | CPU ≤ ${CPU_BUDGET_MS} ms |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...tableRows((kind, name, m) => {
      const p95ok = kind !== 'postgres' ? '(non richiesto)' : m.p95 < P95_BUDGET_MS ? 'sì' : '**no**';
      const cpuOk = kind !== 'postgres' || name !== 'calcolate' ? '(non richiesto)' : m.search.serverMs <= CPU_BUDGET_MS ? 'sì' : '**no**';
      const each = m.rounds.map((l) => l.serverMs.toFixed(2)).join(', ');
      return `| ${kind} | ${name} | ${f(m.p50)} | ${f(m.p95)} | ${m.search.serverMs.toFixed(2)} (${each}) | ${m.search.rps.toFixed(0)} | ${m.health.rps.toFixed(0)} | ${((m.search.rps / m.health.rps) * 100).toFixed(1)}% | ${p95ok} | ${cpuOk} |`;
    }),
    '',
    `## CPU per richiesta a 16 connessioni (ms per richiesta e % di una CPU; il server da /proc, il generatore di carico da process.cpuUsage: i due dividono le ${os.cpus().length} CPU)`,
    '',
    '| Database | ricerche | ricerca: server ms / generatore ms | ricerca: CPU server / generatore | health: server ms / generatore ms | health: CPU server / generatore | tetto ricerche/s (tutte le CPU) | tetto rapporto |',
    '|---|---|---|---|---|---|---|---|',
    ...tableRows((kind, name, { search, health }) => {
      // Every CPU busy with searches and their load generator: the most searches/s this machine could serve.
      const ceiling = (os.cpus().length * 1000) / (search.serverMs + search.clientMs);
      return `| ${kind} | ${name} | ${cpuCells(search, 2)} | ${cpuCells(health, 3)} | ${ceiling.toFixed(0)} | ${((ceiling / health.rps) * 100).toFixed(1)}% |`;
    }),
    '',
    '- Tetto: le ricerche/s con ogni CPU occupata da ricerche e dal loro generatore (CPU × 1000 / (ms server + ms generatore)), cioè con il server su tutte le CPU (informativo).',
    '',
    '- ripetute: il server come in produzione; le ricerche tipiche si ripetono, e una ricerca già fatta (dallo stesso utente, o da chi della stessa rete con le stesse funzioni non ha offerte proprie) esce pronta dalla cache (`SEARCH_ANSWER_CACHE_MB`, docs/scaling.md).',
    '- calcolate: lo stesso server con `SEARCH_ANSWER_CACHE_MB=0`: ogni ricerca è calcolata, serializzata e compressa (il costo di una ricerca mai vista).',
    '',
    '## Per ricerca, calcolate (p50 / p95, ms)',
    '',
    `| Ricerca | ${results.map((x) => x.kind).join(' | ')} |`,
    `|---|${results.map(() => '---').join('|')}|`,
    ...SEARCHES.map(
      (s) =>
        `| ${s.name} | ${results
          .map(({ r }) => {
            const x = r.calcolate.perSearch.find((p) => p.name === s.name);
            return x ? `${f(x.p50)} / ${f(x.p95)}` : '-';
          })
          .join(' | ')} |`,
    ),
    '',
    'Ogni ricerca calcola anche i conteggi di tutti i filtri (faccette), i limiti dei filtri a intervallo e la pagina di 18 schede.',
    '',
  ];
  writeFileSync('bench/results.md', lines.join('\n'));
  console.log('  written bench/results.md');
}
