// Lighthouse (mobile defaults: emulated phone, simulated slow 4G and CPU) on /login, /offers, an offer
// detail and the quotation wizard's customer step, in Debian's Chromium against the built app and the
// demo server; then two interactions at the calibrated CPU (below). Budgets (docs/architecture.md): performance 95 or more
// with total blocking time at most 200 ms, accessibility and best practices 100, the median of 5 runs,
// every run printed with the machine's Lighthouse benchmarkIndex; a filter change on /offers and a
// configurator change on an offer detail reach the next paint within 200 ms. Each page is audited twice:
// with Lighthouse's defaults (its CPU slowed 4x, whatever this machine's speed) and calibrated, its CPU
// slowed so that this machine stands for one of benchmarkIndex 1,100 (the budget's machine; never below 4x):
// the verdict is the calibrated one. Results go to bench/results-lighthouse.md; `npm run bench -- lighthouse`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, type Locator, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM, ensureBuilt, median, seededPglite, signInAndWarm, startServer, stopAppWorkers, TMP } from './common';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const BUDGET = { performance: 95, accessibility: 100, 'best-practices': 100 } as Record<string, number>;
const TBT_BUDGET_MS = 200;
const INTERACTION_BUDGET_MS = 200;
// Five runs: a page's score moves by a few points from run to run on this 2-CPU machine.
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const INTERACTIONS = 5;
/**
 * The machine the budget is stated for (docs/architecture.md: Lighthouse benchmarkIndex about 1,100). Lighthouse's 4x
 * simulated slow-down assumes the machine it runs on; a faster one finishes its tasks sooner and scores
 * better. The calibrated runs slow the CPU by 4 x (this machine's benchmarkIndex / TARGET): a linear
 * scaling by Lighthouse's own measure of the machine (docs/adr/0173-lighthouse-bench-method-and-calibration.md).
 */
const TARGET_BENCHMARK_INDEX = Number(process.env.BENCH_LIGHTHOUSE_TARGET_INDEX ?? 1100);

/** `longTasks`: Lighthouse's long tasks of the run, as its simulation times them (slowed CPU and network). */
type LongTask = { start: number; duration: number; url: string };
type Run = { scores: Record<string, number>; tbt: number; benchmarkIndex: number; slowdown: number; failing: string[]; longTasks?: LongTask[]; error?: string };
type Row = { page: string; url: string; scores: Record<string, number>; tbt: number; runs: Run[]; calibrated: boolean };
/** `shown`: from the input to the frame after the screen's own change (the part of the page `shownIn` names). */
type Interaction = { name: string; rate: number; durations: number[]; shown: number[] };

export async function run() {
  ensureBuilt();
  const data = await seededPglite();
  const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: '' });
  const port = process.env.BENCH_DEBUG_PORT ? Number(process.env.BENCH_DEBUG_PORT) : 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lh-'));
  // A persistent context is the browser's default one: the tab Lighthouse opens shares its login.
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    args: [...CHROMIUM.args, `--remote-debugging-port=${port}`],
    headless: true,
    locale: 'it-IT',
  });
  const rows: Row[] = [];
  const interactions: Interaction[] = [];
  try {
    // `firstVisit`: Lighthouse's default storage reset (no service worker, no cache, as a new visitor);
    // otherwise storage is kept, so the private pages are seen by a logged-in agent on a later visit.
    // Every benchmarkIndex Lighthouse measured so far: their median sets the calibrated slow-down.
    const indexes: number[] = [];
    // Never below Lighthouse's own 4x: a machine slower than the budget's is not sped up.
    const slowdown = () => Math.max(4, (4 * median(indexes)) / TARGET_BENCHMARK_INDEX);
    // Each run starts in a new renderer process, as an agent who reopens the app does: the app's service
    // worker kept the previous run's process (and its heap) alive, and Lighthouse's trace starts V8's
    // CPU profiler, whose start walks that heap inside the page's first task (CpuProfiler::StartProfiling:
    // 150-200 ms at full speed in a reused renderer, 5-17 ms in a new one; docs/adr/0173-lighthouse-bench-method-and-calibration.md).
    const freshRenderer = async () => {
      const tab = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(tab);
      await stopAppWorkers(cdp);
      await cdp.detach();
    };
    const audit = async (name: string, url: string, firstVisit = false, calibrated = false) => {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        await freshRenderer();
        const throttling = calibrated ? { throttling: { cpuSlowdownMultiplier: slowdown() } } : {};
        const result = await lighthouse(url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: !firstVisit,
          ...throttling,
        });
        const lhr = result!.lhr;
        const benchmarkIndex = Math.round(lhr.environment.benchmarkIndex);
        const cpu = lhr.configSettings.throttling.cpuSlowdownMultiplier;
        const label = `${name}${calibrated ? ' (tarato)' : ''} #${i + 1}`;
        indexes.push(benchmarkIndex);
        // A run Lighthouse could not complete (e.g. the page did not load in time on a loaded machine) is
        // printed with its error and left out of the medians.
        if (lhr.runtimeError) {
          runs.push({ scores: {}, tbt: NaN, benchmarkIndex, slowdown: cpu, failing: [], error: lhr.runtimeError.code });
          console.log(`    ${label}: error ${lhr.runtimeError.code}, benchmarkIndex ${benchmarkIndex}, CPU ${cpu.toFixed(1)}x`);
          continue;
        }
        // The whole report of the last run, for a closer look (bench/.tmp is not kept in git).
        writeFileSync(path.join(TMP, `lighthouse-${name.replace(/\W+/g, '_')}${calibrated ? '-tarata' : ''}.json`), JSON.stringify(lhr));
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
        const failing = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => a.id);
        const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
        const items = (lhr.audits['long-tasks']?.details as { items?: { startTime: number; duration: number; url: string }[] } | undefined)?.items ?? [];
        const longTasks = items.map((t) => ({ start: Math.round(t.startTime), duration: Math.round(t.duration), url: t.url.replace(server.base, '') }));
        runs.push({ scores, tbt, benchmarkIndex, slowdown: cpu, failing, longTasks });
        console.log(
          `    ${label}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}, TBT ${tbt} ms, benchmarkIndex ${benchmarkIndex}, CPU ${cpu.toFixed(1)}x`,
        );
      }
      const ok = runs.filter((r) => !r.error);
      const row: Row = {
        page: name,
        url,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(ok.map((r) => r.scores[c]!))])),
        tbt: median(ok.map((r) => r.tbt)),
        runs,
        calibrated,
      };
      console.log(`  ${name}: ${CATEGORIES.map((c) => `${c} ${row.scores[c]}`).join(', ')}, TBT ${row.tbt} ms (medians)`);
      rows.push(row);
    };

    // Each page with Lighthouse's defaults, then calibrated (the budget's machine speed).
    await audit('/login', `${server.base}/login`, true);
    await audit('/login', `${server.base}/login`, true, true);
    const page = context.pages()[0] ?? (await context.newPage());
    // The app stays closed in that tab while Lighthouse audits in its own: a same-site tab may share the
    // audited page's renderer, and the app's timers would then count in its trace.
    const { offers, detail, wizard } = await signInAndWarm(page, server.base);
    for (const [name, url] of [
      ['/offers', offers],
      ['dettaglio offerta', detail],
      ['preventivo, passo cliente', wizard],
    ] as const) {
      await audit(name, url);
      await audit(name, url, false, true);
    }

    // The interactions at the same phone's CPU as the calibrated audits.
    const rate = slowdown();
    interactions.push(
      await interaction(
        page,
        'filtro su /offers (una marca)',
        offers,
        rate,
        async (p, i) => {
          await tap(p.locator('[data-section="brands"] ion-checkbox').first());
          // The search's answer on screen: the address carries the filter (or no longer does).
          await p.waitForURL((u) => u.searchParams.has('brands') === (i % 2 === 0));
        },
        '.offers-page:not(.ion-page-hidden) .offers-results',
      ),
    );
    interactions.push(
      await interaction(page, 'configuratore del dettaglio (un colore)', detail, rate, async (p, i) => {
        const color = p.locator('.od-colors input[type="radio"]').nth(i % 2);
        await tap(color);
        await expect(color).toBeChecked();
      }),
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
    await data.remove();
  }

  const within = (r: Row) => CATEGORIES.every((c) => r.scores[c]! >= BUDGET[c]!) && r.tbt <= TBT_BUDGET_MS;
  // `verdict`: the calibrated table says whether the budget holds; the default one is for comparison only.
  const table = (of: Row[], verdict: boolean) => [
    `| Pagina | Prestazioni | TBT (ms) | Accessibilità | Buone pratiche | ${verdict ? 'entro il budget' : 'entro i limiti a 4×'} | Ogni esecuzione: prestazioni / TBT ms / benchmarkIndex / CPU |`,
    '|---|---|---|---|---|---|---|',
    ...of.map(
      (r) =>
        `| ${r.page} | ${r.scores.performance} | ${r.tbt} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${within(r) ? 'sì' : '**no**'} | ${r.runs.map((x) => (x.error ? `errore ${x.error} / – / ${x.benchmarkIndex}` : `${x.scores.performance} / ${x.tbt} / ${x.benchmarkIndex} / ${x.slowdown.toFixed(1)}×`)).join('; ')} |`,
    ),
  ];
  const lines = [
    '# Benchmark: Lighthouse',
    '',
    `- Data: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Macchina: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length} CPU; carico (load average 1 min) alla fine ${(os.loadavg()[0] ?? 0).toFixed(1)}; benchmarkIndex di Lighthouse (ogni esecuzione) da ${Math.min(...rows.flatMap((r) => r.runs.map((x) => x.benchmarkIndex)))} a ${Math.max(...rows.flatMap((r) => r.runs.map((x) => x.benchmarkIndex)))}`,
    `- Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, impostazioni mobili predefinite (telefono emulato, 4G lenta e CPU rallentata simulate), Chromium di Debian headless; mediana di ${RUNS} esecuzioni per pagina`,
    "- /login come prima visita (memoria del browser azzerata, l'impostazione predefinita di Lighthouse); le altre pagine come agente già collegato (memoria conservata, service worker installato) che riapre l'app: nessun'altra scheda dell'app aperta",
    `- Budget (docs/architecture.md): prestazioni ${BUDGET.performance} o più con total blocking time (TBT) al massimo ${TBT_BUDGET_MS} ms, accessibilità e buone pratiche 100, su una macchina di benchmarkIndex ${TARGET_BENCHMARK_INDEX} circa`,
    '',
    `## Tarata su benchmarkIndex ${TARGET_BENCHMARK_INDEX} (il verdetto)`,
    '',
    `CPU rallentata di 4 × (benchmarkIndex di questa macchina / ${TARGET_BENCHMARK_INDEX}): su una macchina più veloce le attività finiscono prima e il 4× predefinito di Lighthouse la premia; qui ogni esecuzione dice di quanto è stata rallentata.`,
    '',
    ...table(
      rows.filter((r) => r.calibrated),
      true,
    ),
    '',
    '## Impostazioni predefinite di Lighthouse (CPU 4×, per confronto con i risultati precedenti)',
    '',
    ...table(
      rows.filter((r) => !r.calibrated),
      false,
    ),
    '',
    `## Interazioni con la CPU rallentata come le esecuzioni tarate (Chromium, Emulation.setCPUThrottlingRate ${interactions[0]?.rate.toFixed(1) ?? '?'}; viewport 1280×800)`,
    '',
    `Durata dall'input al disegno successivo (Event Timing, come l'INP), ${INTERACTIONS} ripetizioni; budget ${INTERACTION_BUDGET_MS} ms. Il filtro disegna la casella spuntata subito e la pagina (filtri attivi, conteggio, schede) nell'attività successiva: l'ultima colonna dice quando la pagina cambia (dall'input al fotogramma che la disegna; informativa, fuori dal budget).`,
    '',
    '| Interazione | Mediana (ms) | Massimo (ms) | entro il budget | Ogni ripetizione (ms) | Pagina aggiornata dopo (ms) |',
    '|---|---|---|---|---|---|',
    ...interactions.map(
      (x) =>
        `| ${x.name} | ${median(x.durations)} | ${Math.max(...x.durations)} | ${Math.max(...x.durations) <= INTERACTION_BUDGET_MS ? 'sì' : '**no**'} | ${x.durations.join(', ')} | ${x.shown.length ? x.shown.join(', ') : '–'} |`,
    ),
    '',
    '## Attività lunghe della mediana tarata',
    '',
    "Per ogni pagina, l'esecuzione tarata con il TBT mediano: le sue attività lunghe come le cronometra la simulazione di Lighthouse (CPU e rete rallentate), le più lunghe prima; durata in ms (inizio in ms) e lo script a cui Lighthouse le attribuisce (la pagina stessa: stile, layout, disegno o il documento).",
    '',
    ...rows
      .filter((r) => r.calibrated)
      .map((r) => {
        const run = r.runs.find((x) => !x.error && x.tbt === r.tbt);
        const tasks = [...(run?.longTasks ?? [])].sort((a, b) => b.duration - a.duration).slice(0, 10);
        return `- ${r.page}: ${tasks.map((t) => `${t.duration} (${t.start}) ${t.url.split('?')[0]!.split('/').pop() || t.url}`).join('; ') || 'nessuna'}`;
      }),
    '',
    '## Controlli sotto 0,9 (in almeno una esecuzione)',
    '',
    ...rows.map((r) => `- ${r.page}${r.calibrated ? ' (tarata)' : ''}: ${[...new Set(r.runs.flatMap((x) => x.failing))].join(', ') || 'nessuno'}`),
    '',
  ];
  writeFileSync('bench/results-lighthouse.md', lines.join('\n'));
  console.log('  written bench/results-lighthouse.md');
}

/**
 * A tap in the middle of the element, as a user's: the mouse's own events, without the checks Playwright's
 * `click()` runs inside the page's event handlers (its hit-target listeners call elementsFromPoint on
 * pointerdown, pointerup and click: 40-60 ms of the tap's task at 4x, counted as the app's).
 */
async function tap(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await target.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * One interaction repeated at the CPU slow-down `rate`: its time from input to the next paint, as the browser's
 * Event Timing reports it (the longest entry of the interaction: INP's measure). With `shownIn`, also the
 * time from the input to the frame that starts drawing the first change inside that element (the screen's
 * answer, which may follow the input's own paint; informative).
 */
async function interaction(
  page: Page,
  name: string,
  url: string,
  rate: number,
  act: (page: Page, i: number) => Promise<void>,
  shownIn?: string,
): Promise<Interaction> {
  const cdp = await page.context().newCDPSession(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const w = window as unknown as { __interactions: Map<number, number> };
    w.__interactions = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (!e.interactionId) continue;
        w.__interactions.set(e.interactionId, Math.max(w.__interactions.get(e.interactionId) ?? 0, e.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const durations: number[] = [];
  const shown: number[] = [];
  try {
    for (let i = 0; i < INTERACTIONS; i++) {
      const before = await page.evaluate(() => [...(window as unknown as { __interactions: Map<number, number> }).__interactions.keys()]);
      // A string, not a function: tsx would add a helper the page does not have.
      if (shownIn)
        await page.evaluate(`(() => {
          window.__shown = null;
          addEventListener('pointerdown', (e) => { window.__down = e.timeStamp; }, { capture: true, once: true });
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => { window.__shown = performance.now() - window.__down; });
          });
          observer.observe(document.querySelector(${JSON.stringify(shownIn)}), { subtree: true, childList: true, attributes: true, characterData: true });
        })()`);
      await act(page, i);
      await page.waitForTimeout(500); // the entry is reported after the paint
      if (shownIn) shown.push(Math.round(((await page.evaluate('window.__shown')) as number | null) ?? NaN));
      const found = await page.evaluate((seen) => {
        const all = (window as unknown as { __interactions: Map<number, number> }).__interactions;
        return [...all].filter(([id]) => !seen.includes(id)).map(([, d]) => d);
      }, before);
      // Under 16 ms the browser reports no entry: the interaction took less.
      durations.push(Math.round(found.length ? Math.max(...found) : 16));
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  console.log(`  ${name}: ${durations.join(', ')} ms (CPU ${rate.toFixed(1)}x)${shownIn ? `; screen changed after ${shown.join(', ')} ms` : ''}`);
  return { name, rate, durations, shown };
}
