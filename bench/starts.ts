// The first screens reopened at full speed, traced (Chromium's own trace, no Lighthouse, no slow-down): the main
// thread's tasks as Lighthouse's simulation sees them. Its simulation (Lantern) drops every task under 10 ms
// of observed wall time and multiplies the others by the CPU slow-down, so its total blocking time comes from
// the few tasks that cross 10 ms, each (wall time x slow-down - 50 ms) from its simulated first paint on. This
// bench prints those tasks with their wall and thread time, and their sum (all but the navigation's own task:
// an upper bound of Lighthouse's TBT) at 4x and 10x (the calibrated slow-down on a fast machine), from wall
// time (what Lighthouse would count) and from thread time (what the app itself costs, without the time the
// thread waited for the CPU on a busy machine): steadier than Lighthouse's score for comparing two builds
// (docs/decisions.md, issue 18). `npm run bench -- starts`; BENCH_STARTS_RUNS (5) runs a page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM, ensureBuilt, loadAverage, machineLines, median, seededPglite, signInAndWarm, startServer, stopAppWorkers } from './common';

const RUNS = Number(process.env.BENCH_STARTS_RUNS ?? 5);
/** Lantern's `SIGNIFICANT_DUR_THRESHOLD_MS` (@paulirish/trace_engine, PageDependencyGraph). */
const COUNTED_MS = 10;
const SLOWDOWNS = [4, 10];
/** How long after the navigation a start is followed. */
const SETTLE_MS = 3000;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string } };
};
type Task = { wall: number; thread: number };
/** `counted`: the tasks Lighthouse's simulation keeps (COUNTED_MS or more), but the navigation's own. */
type Start = { counted: Task[]; mainThreadMs: number };

const blocking = (tasks: Task[], slowdown: number, of: 'wall' | 'thread') => Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t[of] * slowdown - 50), 0));
/** Each task as wall/thread ms. */
const listed = (tasks: Task[]) => tasks.map((t) => `${t.wall.toFixed(0)}/${t.thread.toFixed(0)}`).join(' ');

/** The page's main-thread top-level tasks from its navigation on (the renderer that loaded `origin`), counted as Lighthouse does. */
function mainThreadTasks(events: TraceEvent[], origin: string): Start {
  const navigation = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(origin)).pop();
  if (!navigation) throw new Error('no navigation in the trace');
  const own = events
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts);
  const tasks: Task[] = [];
  let end = 0;
  for (const e of own) {
    if (e.ts < end) continue; // nested
    end = e.ts + (e.dur ?? 0);
    tasks.push({ wall: (e.dur ?? 0) / 1000, thread: (e.tdur ?? 0) / 1000 });
  }
  // The first is the navigation's own (the document's commit and parse), before any paint: Lighthouse's
  // total blocking time starts at the first paint and never counts it.
  return { counted: tasks.slice(1).filter((t) => t.wall >= COUNTED_MS), mainThreadMs: tasks.reduce((sum, t) => sum + t.thread, 0) };
}

async function traced(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: object[] }) => events.push(...(e.value as TraceEvent[])));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', '__metadata'],
    },
    transferMode: 'ReportEvents',
  });
  await load();
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

export async function run() {
  ensureBuilt();
  const loadBefore = loadAverage();
  const data = await seededPglite();
  const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: '' });
  const profile = mkdtempSync(path.join(os.tmpdir(), 'starts-'));
  // Lighthouse's mobile screen (412 x 823, DPR 1.75).
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    headless: true,
    locale: 'it-IT',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const results: { page: string; starts: Start[] }[] = [];
  try {
    const pages = await signInAndWarm(context.pages()[0] ?? (await context.newPage()), server.base);
    for (const [name, url] of [
      ['/offers', pages.offers],
      ['dettaglio offerta', pages.detail],
      ['preventivo, passo cliente', pages.wizard],
    ] as const) {
      const starts: Start[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Each start in a new tab with the app's worker stopped, as an agent who reopens the app.
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await stopAppWorkers(cdp);
        const events = await traced(cdp, async () => {
          await tab.goto(url);
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        });
        await cdp.detach();
        await tab.close();
        const start = mainThreadTasks(events, server.base);
        console.log(
          `    ${name} #${i + 1}: ${listed(start.counted)} ms (wall/thread); ` +
            SLOWDOWNS.map((s) => `${s}x ${blocking(start.counted, s, 'wall')} / ${blocking(start.counted, s, 'thread')}`).join(', '),
        );
        starts.push(start);
      }
      results.push({ page: name, starts });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
    await data.remove();
  }

  const row = (page: string, starts: Start[]) => {
    const counted = starts.map((s) => s.counted);
    const cells = SLOWDOWNS.flatMap((s) => [median(counted.map((c) => blocking(c, s, 'wall'))), median(counted.map((c) => blocking(c, s, 'thread')))]);
    const each = counted.map(listed).join('; ');
    return `| ${page} | ${median(starts.map((s) => Math.round(s.mainThreadMs)))} | ${median(counted.map((c) => c.length))} | ${cells.join(' | ')} | ${each} |`;
  };
  const lines = [
    '# Benchmark: avvii delle prime schermate, tracciati',
    '',
    ...machineLines(loadBefore),
    `- Chromium di Debian headless, schermo di Lighthouse mobile (412 × 823), CPU non rallentata; app riaperta da un agente collegato (service worker fermo, poi avviato dalla pagina); ${RUNS} avvii per pagina, ${SETTLE_MS / 1000} s ciascuno`,
    '',
    `La simulazione di Lighthouse ignora le attività del thread principale sotto i ${COUNTED_MS} ms (tempo reale osservato) e moltiplica le altre per il rallentamento della CPU: il suo total blocking time viene da queste, ciascuna per (durata × rallentamento − 50 ms), dal primo disegno simulato in poi. Qui la somma su tutte tranne la prima (quella della navigazione, prima di ogni disegno): un limite superiore del TBT di Lighthouse, per confrontare due build. "Reale" conta la durata come la vede Lighthouse (con le attese del thread per la CPU su una macchina occupata), "CPU" il solo tempo di CPU del thread: il costo dell'app, più stabile da un'esecuzione all'altra. Mediane; l'ultima colonna elenca, per ogni avvio, le attività contate (reale/CPU, ms).`,
    '',
    `| Pagina | CPU del thread principale (ms) | Attività di ${COUNTED_MS} ms o più | ${SLOWDOWNS.map((s) => `Blocco a ${s}×, reale (ms) | Blocco a ${s}×, CPU (ms)`).join(' | ')} | Ogni avvio |`,
    `|---|---|---|${SLOWDOWNS.map(() => '---|---|').join('')}---|`,
    ...results.map((r) => row(r.page, r.starts)),
    '',
  ];
  writeFileSync('bench/results-starts.md', lines.join('\n'));
  console.log('  written bench/results-starts.md');
}
