// A new agent's first visit on a slow line (docs/architecture.md, "Offline": ready offline, and saying so, at most
// 90 s after /login opens on Slow 3G). A new phone (a fresh persistent profile) opens /login through a proxy on the
// loopback that holds every request to Slow 3G (e2e/net-switch.ts, SLOW_3G: 400 ms round trip, 400 kbit/s each
// way), the service worker's fetches included, which the browser's own emulation leaves at full speed. The agent
// logs in as soon as the form takes typing and opens Offerte; the run ends when the app says it is ready offline
// (the top bar's readiness, src/offline/readiness.ts). Then the line is cut and the browser restarted: /offers
// must show offers. `npm run bench -- first-visit`; BENCH_FIRST_VISIT_RUNS (3) runs. Results go to
// bench/results-first-visit.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { deviceRecords } from '../e2e/device';
import { type Line, netSwitch, SLOW_3G } from '../e2e/net-switch';
import { DEMO_PASSWORD } from '../server/db/seed/users';
import { CHROMIUM, ensureBuilt, loadAverage, machineLines, median, seededPglite, startServer } from './common';

const RUNS = Number(process.env.BENCH_FIRST_VISIT_RUNS ?? 3);
const BUDGET_S = 90;
/** How long a run may take before it counts as failed. */
const GIVE_UP_MS = 300_000;

/** Milestones recorded by the page itself (Date.now()), from the document that opened /login on. */
const PROBE = `
  window.__marks = window.__marks || {};
  new MutationObserver(() => {
    const m = window.__marks;
    const status = document.querySelector('[data-testid="sync-status"]');
    if (!m.ready && status && status.getAttribute('data-readiness') === 'ready') m.ready = Date.now();
    if (!m.toast && document.querySelector('ion-toast')) m.toast = Date.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-readiness'] });
`;

type Run = { formS: number; loggedInS: number; workerS: number | null; copyS: number | null; readyS: number | null; offlineOffers: boolean };

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);

/** Polls `probe` every half second until it holds or the run gives up; returns when it first held (ms since epoch). */
async function when(probe: () => Promise<boolean>, until: number): Promise<number | null> {
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return Date.now();
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

async function oneRun(base: string, line: Line, n: number): Promise<Run> {
  const net = await netSwitch(base);
  net.throttle(line);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-first-visit-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...CHROMIUM,
      proxy: net.proxy,
      serviceWorkers: 'allow',
      baseURL: base,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      viewport: { width: 390, height: 844 },
    });
  let context: BrowserContext = await launch();
  try {
    await context.addInitScript(PROBE);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(GIVE_UP_MS);
    const opened = Date.now();
    const until = opened + GIVE_UP_MS;
    const s = (t: number | null) => (t === null ? null : (t - opened) / 1000);
    await page.goto('/login', { waitUntil: 'commit' });
    // The agent types as soon as the form takes it (the static login screen has a `data-booting` until the entry runs).
    await page.locator('.login-form:not([data-booting])').waitFor();
    const form = Date.now();
    await page.getByLabel('Email').fill('completo@demo.it');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByTestId('top-user').waitFor();
    const loggedIn = Date.now();
    await page.locator('a[href="/offers"]').first().click();
    const workerAt = when(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), until);
    const copyAt = when(async () => (await deviceRecords(page, 'offers')) > 0, until);
    const readyAt = when(async () => Boolean((await marks(page)).ready), until);
    const [worker, copy] = await Promise.all([workerAt, copyAt, readyAt]);
    const ready = (await marks(page)).ready ?? null;
    const run: Run = { formS: s(form)!, loggedInS: s(loggedIn)!, workerS: s(worker), copyS: s(copy), readyS: s(ready), offlineOffers: false };

    // The line is cut and the app restarted: the offers open from the device.
    net.set('down');
    await context.close();
    context = await launch();
    await context.setOffline(true);
    const again = context.pages()[0] ?? (await context.newPage());
    await again.goto('/offers').catch(() => undefined);
    run.offlineOffers = await again
      .getByTestId('offer-card')
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    const f = (x: number | null) => (x === null ? 'mai' : `${x.toFixed(1)} s`);
    console.log(
      `  run ${n}: form ${f(run.formS)}, logged in ${f(run.loggedInS)}, worker active ${f(run.workerS)}, catalogue copy ${f(run.copyS)}, ready offline ${f(run.readyS)}; offline restart shows offers: ${run.offlineOffers ? 'yes' : 'NO'}`,
    );
    return run;
  } finally {
    await context.close().catch(() => undefined);
    await net.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function run() {
  ensureBuilt();
  const loadBefore = loadAverage();
  const data = await seededPglite();
  const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: '' });
  const runs: Run[] = [];
  try {
    console.log(`  Slow 3G at a proxy on the loopback: ${SLOW_3G.rttMs} ms round trip, ${SLOW_3G.downKbps}/${SLOW_3G.upKbps} kbit/s`);
    for (let i = 1; i <= RUNS; i++) runs.push(await oneRun(server.base, SLOW_3G, i));
  } finally {
    await server.stop();
    await data.remove();
  }
  const readies = runs.map((r) => r.readyS ?? Infinity);
  const worst = Math.max(...readies);
  const f = (x: number | null) => (x === null || !Number.isFinite(x) ? 'mai' : x.toFixed(1));
  const ok = worst <= BUDGET_S && runs.every((r) => r.offlineOffers);
  const lines = [
    '# Benchmark: prima visita su Slow 3G, pronto offline',
    '',
    ...machineLines(loadBefore),
    `- Chromium di Debian (headless), 390×844, un profilo nuovo per ogni prova (un telefono nuovo); demo: ${data.catalogue.offers} offerte, ${data.catalogue.variations} varianti`,
    `- Linea: un proxy sul loopback (e2e/net-switch.ts, SLOW_3G) che ritarda ogni richiesta di ${SLOW_3G.rttMs} ms (metà all'andata, metà al ritorno) e fa passare i byte di tutte le richieste su un collegamento di ${SLOW_3G.downKbps} kbit/s in discesa e ${SLOW_3G.upKbps} in salita: anche le richieste del service worker`,
    "- L'agente apre /login, scrive appena il modulo lo accetta, entra e apre Offerte; il tempo è da quando si apre /login a quando la barra in alto dice 'Pronto per l'uso offline' (src/offline/readiness.ts). Poi la linea è tagliata e il browser riavviato: /offers deve mostrare offerte. Il service worker attivo e la copia del catalogo sono guardati ogni mezzo secondo da quando l'agente è entrato",
    '',
    '| Prova | modulo pronto (s) | entrato (s) | service worker attivo (s) | copia del catalogo (s) | pronto offline (s) | riavvio offline: offerte |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      (r, i) => `| ${i + 1} | ${f(r.formS)} | ${f(r.loggedInS)} | ${f(r.workerS)} | ${f(r.copyS)} | ${f(r.readyS)} | ${r.offlineOffers ? 'sì' : '**no**'} |`,
    ),
    '',
    `Pronto offline: mediana ${f(median(readies))} s, peggiore ${f(worst)} s; budget ${BUDGET_S} s: ${ok ? 'entro il budget' : '**fuori budget**'}.`,
    '',
  ];
  writeFileSync('bench/results-first-visit.md', lines.join('\n'));
  console.log(`  ready offline: median ${f(median(readies))} s, worst ${f(worst)} s (budget ${BUDGET_S} s); written bench/results-first-visit.md`);
}
