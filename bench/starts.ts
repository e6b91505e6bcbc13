// The first screens reopened at full speed, traced (Chromium's own trace, no Lighthouse, no slow-down): the main
// thread's tasks as Lighthouse's simulation sees them. Its simulation (Lantern) drops every task under 10 ms
// of observed wall time and multiplies the others by the CPU slow-down, so its total blocking time comes from
// the few tasks that cross 10 ms, each (wall time x slow-down - 50 ms) from its simulated first paint on. This
// bench prints those tasks with their wall and thread time and what they spent it on (script, style, layout,
// paint...), and their sum (those after the navigation's own task: an upper bound of Lighthouse's TBT) at 4x
// and 10x (the calibrated slow-down on a fast machine), from wall time (what Lighthouse would count) and from
// thread time (what the app itself costs, without the time the thread waited for the CPU on a busy machine):
// steadier than Lighthouse's score for comparing two builds
// (docs/adr/0174-starts-bench.md). `npm run bench -- starts`; BENCH_STARTS_RUNS (5) runs a page, BENCH_STARTS_PAGES
// (offers,detail,wizard) the pages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM, ensureBuilt, loadAverage, machineLines, median, seededPglite, signInAndWarm, startServer, stopAppWorkers } from './common';

const RUNS = Number(process.env.BENCH_STARTS_RUNS ?? 5);
/** BENCH_STARTS_PAGES: some of offers, detail, wizard (all by default), to compare two builds on one page. */
const PAGES = process.env.BENCH_STARTS_PAGES?.split(',') ?? ['offers', 'detail', 'wizard'];
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
/** `parts`: the task's thread time (ms) by kind of work, from its outermost known events (KINDS). */
type Task = { wall: number; thread: number; parts: Record<string, number> };
/** `counted`: the tasks Lighthouse's simulation keeps (COUNTED_MS or more), but the navigation's own. */
type Start = { counted: Task[]; mainThreadMs: number };

const blocking = (tasks: Task[], slowdown: number, of: 'wall' | 'thread') => Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t[of] * slowdown - 50), 0));
/** Each task as wall/thread ms. */
const listed = (tasks: Task[]) => tasks.map((t) => `${t.wall.toFixed(0)}/${t.thread.toFixed(0)}`).join(' ');

/** The kind of work of a trace event, for the tasks' breakdown. */
const KINDS: Record<string, string> = {
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.compileModule': 'compile',
  'v8.compile': 'compile',
  FunctionCall: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  ParseHTML: 'html',
  ParseAuthorStyleSheet: 'css',
  'DocumentLoader::CommitNavigation': 'navigation',
  'v8.produceModuleCache': 'code cache',
  'v8.produceCache': 'code cache',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
};

/** A task's thread time by kind: its outermost known events inside it, the rest as 'other'. */
function parts(task: TraceEvent, inside: TraceEvent[]): Record<string, number> {
  const byKind: Record<string, number> = {};
  let end = 0;
  for (const e of inside) {
    const kind = KINDS[e.name];
    if (!kind || e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    byKind[kind] = (byKind[kind] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
  }
  const known = Object.values(byKind).reduce((a, b) => a + b, 0);
  byKind.other = Math.max(0, (task.tdur ?? 0) / 1000 - known);
  return byKind;
}

/** Thread time by kind as 'script 9, layout 6', largest first. */
const kinds = (byKind: Record<string, number>) =>
  Object.entries(byKind)
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
    .join(', ');

/** The tasks' thread time by kind, summed. */
function summedParts(tasks: Task[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const t of tasks) for (const [kind, ms] of Object.entries(t.parts)) sum[kind] = (sum[kind] ?? 0) + ms;
  return sum;
}

/** The page's main-thread top-level tasks from its navigation on (the renderer that loaded `origin`), counted as Lighthouse does; null if the trace lacks the navigation. */
function mainThreadTasks(events: TraceEvent[], origin: string): Start | null {
  const navigation = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith(origin)).pop();
  if (!navigation) return null;
  const thread = events
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Task[] = [];
  let end = 0;
  thread.forEach((e, i) => {
    if (e.name !== 'RunTask' || e.ts < end) return; // nested
    end = e.ts + (e.dur ?? 0);
    let last = i + 1;
    while (last < thread.length && thread[last]!.ts < end) last++;
    const inside = thread.slice(i + 1, last);
    tasks.push({ wall: (e.dur ?? 0) / 1000, thread: (e.tdur ?? 0) / 1000, parts: parts(e, inside) });
  });
  // The navigation's own task (the document's commit: the longest CommitNavigation, the new tab's blank page
  // commits one too) and those before it come before any paint: Lighthouse's total blocking time starts at
  // the first paint and never counts them.
  const commit = (t: Task) => t.parts.navigation ?? 0;
  const committed = tasks.reduce((best, t, i) => (commit(t) > commit(tasks[best]!) ? i : best), 0);
  const after = tasks.slice(committed + 1);
  return { counted: after.filter((t) => t.wall >= COUNTED_MS), mainThreadMs: after.reduce((sum, t) => sum + t.thread, 0) };
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
    const named = { offers: '/offers', detail: 'dettaglio offerta', wizard: 'preventivo, passo cliente' } as const;
    for (const [key, name] of Object.entries(named).filter(([key]) => PAGES.includes(key))) {
      const url = pages[key as keyof typeof named];
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
        if (!start) {
          // Now and then the trace lacks the page's navigation (its first events lost): that start is left out.
          console.log(`    ${name} #${i + 1}: left out, no navigation in the trace`);
          continue;
        }
        console.log(
          `    ${name} #${i + 1}: ${listed(start.counted)} ms (wall/thread); ` +
            SLOWDOWNS.map((s) => `${s}x ${blocking(start.counted, s, 'wall')} / ${blocking(start.counted, s, 'thread')}`).join(', '),
        );
        for (const t of start.counted) console.log(`      ${t.wall.toFixed(0)}/${t.thread.toFixed(0)}: ${kinds(t.parts)}`);
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
    // Each start's counted thread time by kind, then the median of each kind over the starts.
    const byStart = counted.map(summedParts);
    const names = [...new Set(byStart.flatMap(Object.keys))];
    const byKind = kinds(Object.fromEntries(names.map((k) => [k, median(byStart.map((b) => b[k] ?? 0))])));
    return `| ${page} | ${median(starts.map((s) => Math.round(s.mainThreadMs)))} | ${median(counted.map((c) => c.length))} | ${cells.join(' | ')} | ${byKind} | ${each} |`;
  };
  const lines = [
    '# Benchmark: avvii delle prime schermate, tracciati',
    '',
    ...machineLines(loadBefore),
    `- Chromium di Debian headless, schermo di Lighthouse mobile (412 × 823), CPU non rallentata; app riaperta da un agente collegato (service worker fermo, poi avviato dalla pagina); ${RUNS} avvii per pagina, ${SETTLE_MS / 1000} s ciascuno`,
    '',
    `La simulazione di Lighthouse ignora le attività del thread principale sotto i ${COUNTED_MS} ms (tempo reale osservato) e moltiplica le altre per il rallentamento della CPU: il suo total blocking time viene da queste, ciascuna per (durata × rallentamento − 50 ms), dal primo disegno simulato in poi. Qui la somma su quelle dopo il caricamento del documento (l'attività della navigazione e le precedenti vengono prima di ogni disegno): un limite superiore del TBT di Lighthouse, per confrontare due build. "Reale" conta la durata come la vede Lighthouse (con le attese del thread per la CPU su una macchina occupata), "CPU" il solo tempo di CPU del thread: il costo dell'app, più stabile da un'esecuzione all'altra. Mediane; "Per tipo" divide la CPU delle attività contate tra script, compilazione, stile, layout, disegno e altro; l'ultima colonna elenca, per ogni avvio, le attività contate (reale/CPU, ms).`,
    '',
    `| Pagina | CPU del thread principale dopo la navigazione (ms) | Attività di ${COUNTED_MS} ms o più | ${SLOWDOWNS.map((s) => `Blocco a ${s}×, reale (ms) | Blocco a ${s}×, CPU (ms)`).join(' | ')} | Per tipo (CPU, ms) | Ogni avvio |`,
    `|---|---|---|${SLOWDOWNS.map(() => '---|---|').join('')}---|---|`,
    ...results.map((r) => row(r.page, r.starts)),
    '',
  ];
  writeFileSync('bench/results-starts.md', lines.join('\n'));
  console.log('  written bench/results-starts.md');
}
