// Offline budgets (docs/architecture.md): with the network cut, every offline start of /offers (the first, second,
// third... and a cold start of the browser) shows cached offers within 1 s,
// and a filter change over 10,000 cached offers answers within 50 ms. Measured in Debian's
// Chromium against the real app and server: the catalogue copy arrives through the real delta
// endpoint, then the network is cut. Results go to bench/results-offline.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { deviceRecords } from '../e2e/device';
import { netSwitch } from '../e2e/net-switch';
import { DEMO_PASSWORD } from '../server/db/seed/users';
import { CHROMIUM, ensureBuilt, percentileOf as percentile, seededPglite, startServer } from './common';

const OFFERS = Number(process.env.BENCH_OFFLINE_OFFERS ?? 10_000);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 10);
const FILTER_CHANGES = Number(process.env.BENCH_FILTER_CHANGES ?? 20);
const COLD_STARTS = Number(process.env.BENCH_COLD_STARTS ?? 3);

/** Times from navigation start to the first offer card, recorded by the page itself. */
const FIRST_CARD_PROBE = `
  new MutationObserver((_, obs) => {
    if (document.querySelector('.offers-page:not(.ion-page-hidden) [data-testid="offer-card"]')) {
      window.__firstCard = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** Clicks a brand checkbox and resolves with the ms until the result count changes on screen. */
function timeFilterChange(page: Page, brand: string): Promise<number> {
  return page.evaluate(
    (label) =>
      new Promise<number>((resolve, reject) => {
        const root = document.querySelector('.offers-page:not(.ion-page-hidden)')!;
        const count = root.querySelector('.results-count')!;
        const before = count.textContent;
        const box = [...root.querySelectorAll('[data-section="brands"] ion-checkbox')].find((c) => c.textContent?.trim().startsWith(label)) as
          HTMLElement | undefined;
        if (!box) return reject(new Error(`no checkbox ${label}`));
        const obs = new MutationObserver(() => {
          if (count.textContent !== before) {
            obs.disconnect();
            resolve(performance.now() - t0);
          }
        });
        obs.observe(count, { childList: true, subtree: true, characterData: true });
        const t0 = performance.now();
        box.click();
        setTimeout(() => reject(new Error('no change within 5 s')), 5000);
      }),
    brand,
  );
}

/** Reloads /offers (offline) and returns the ms from navigation start to the first offer card. */
async function offlineStart(page: Page, how: 'reload' | 'goto'): Promise<number> {
  if (how === 'reload') await page.reload();
  else await page.goto('/offers');
  await page.getByTestId('offline-search').waitFor();
  await page.locator('.offers-page:not(.ion-page-hidden) [data-testid="offer-card"]').first().waitFor();
  return page.evaluate(() => (window as unknown as { __firstCard: number }).__firstCard);
}

export async function run() {
  ensureBuilt();
  const data = await seededPglite(OFFERS);
  const { catalogue } = data;
  console.log(`  seeded ${catalogue.offers} offerte, ${catalogue.variations} varianti`);
  const server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: '' });
  // One persistent profile, as on a phone: the worker, IndexedDB and the persisted cache survive restarts.
  // The network is cut at a proxy too: the browser's offline switch does not cover the worker there.
  const net = await netSwitch(server.base);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-offline-'));
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM,
      proxy: net.proxy,
      baseURL: server.base,
      viewport: { width: 1280, height: 800 },
      locale: 'it-IT',
      serviceWorkers: 'allow',
    });
    await context.addInitScript(FIRST_CARD_PROBE);
    return context;
  };
  const cut = async (context: BrowserContext, off: boolean) => {
    net.set(off ? 'down' : 'up');
    await context.setOffline(off);
  };
  let context = await launch();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(120_000); // the first, online visit downloads the whole copy: slow on a busy machine
    await page.goto('/login');
    await page.getByLabel('Email').fill('completo@demo.it');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByTestId('top-user').waitFor();
    await page.goto('/offers');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const started = Date.now();
    while ((await deviceRecords(page, 'offers')) < catalogue.offers * 0.9) {
      if (Date.now() - started > 180_000) throw new Error('the catalogue copy did not arrive');
      await new Promise((r) => setTimeout(r, 500));
    }
    const copied = await deviceRecords(page, 'offers');
    await page.reload();
    await page.locator('[data-testid="offer-card"]').first().waitFor();
    await page.waitForTimeout(1500); // the persister writes at most once a second

    await cut(context, true);
    const starts: number[] = [];
    for (let i = 0; i < RELOADS; i++) starts.push(await offlineStart(page, 'reload'));
    console.log(`  offline starts (ms, in order): ${starts.map((x) => x.toFixed(0)).join(' ')}`);
    // Opening the brand section once (an accordion) is not part of a filter change.
    await page.locator('.offers-page:not(.ion-page-hidden) [data-section="brands"]').click();
    await page.locator('.offers-page:not(.ion-page-hidden) [data-section="brands"] ion-checkbox').first().waitFor();
    // Each measured change is a filter combination not seen before (the query cache would answer a
    // repeated one at once): brand i alone, then brand i with brand i+1; un-ticking is not measured.
    const brands = (await page.locator('.offers-page:not(.ion-page-hidden) [data-section="brands"] ion-checkbox').allTextContents()).map((t) =>
      t.trim().replace(/\s*\(\d+\)$/, ''),
    );
    const changes: number[] = [];
    for (let i = 0; changes.length < FILTER_CHANGES && i + 1 < brands.length; i += 2) {
      changes.push(await timeFilterChange(page, brands[i]!));
      changes.push(await timeFilterChange(page, brands[i + 1]!));
      await timeFilterChange(page, brands[i]!);
      await timeFilterChange(page, brands[i + 1]!);
    }
    console.log(`  filter changes (ms, in order): ${changes.map((x) => x.toFixed(0)).join(' ')}`);

    // Cold starts: the browser closed and opened again, still with no network.
    const colds: number[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      await context.close();
      context = await launch();
      await cut(context, true);
      colds.push(await offlineStart(context.pages()[0] ?? (await context.newPage()), 'goto'));
    }
    console.log(`  cold offline starts (ms, in order): ${colds.map((x) => x.toFixed(0)).join(' ')}`);

    const f = (n: number) => n.toFixed(0);
    const rows: [string, number[], number][] = [
      ['1° avvio offline (ricarica di /offers) → prime offerte a schermo', starts.slice(0, 1), 1000],
      ['2° avvio offline', starts.slice(1, 2), 1000],
      ['3° avvio offline', starts.slice(2, 3), 1000],
      [`Tutti gli avvii offline (${starts.length} di fila)`, starts, 1000],
      ['Avvio a freddo offline (browser chiuso e riaperto) → prime offerte', colds, 1000],
      ['Cambio di filtro (marca) su tutta la copia → conteggio aggiornato', changes, 50],
    ];
    const lines = [
      '# Benchmark: uso offline',
      '',
      `- Data: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `- Macchina: ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length} CPU, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM; carico (load average 1 min) alla fine ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      `- Chromium di Debian (headless), finestra 1280×800, un profilo persistente (service worker, IndexedDB e cache sopravvivono ai riavvii), rete tagliata con context.setOffline e con un proxy che chiude ogni connessione`,
      `- Copia del catalogo sul dispositivo: ${copied} offerte (su ${catalogue.offers}, ${catalogue.variations} varianti nel server), arrivata dall'endpoint delta`,
      `- Misure prese dalla pagina stessa (performance.now): avvio = dall'inizio della navigazione alla prima scheda; filtro = dal clic al cambio del testo del conteggio`,
      `- Ogni misura: avvii offline ${starts.map(f).join(', ')} ms; a freddo ${colds.map(f).join(', ')} ms; cambi di filtro, in ordine, ${changes.map(f).join(', ')} ms`,
      '',
      '| Misura | n | p50 (ms) | p95 (ms) | budget (ms) | entro il budget |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        ([name, xs, budget]) =>
          `| ${name} | ${xs.length} | ${f(percentile(xs, 50))} | ${f(percentile(xs, 95))} | ${budget} | ${percentile(xs, 95) <= budget ? 'sì' : '**no**'} |`,
      ),
      '',
    ];
    writeFileSync('bench/results-offline.md', lines.join('\n'));
    console.log(
      `  offline start p95 ${f(percentile(starts, 95))} ms, cold p95 ${f(percentile(colds, 95))} ms, filter change p95 ${f(percentile(changes, 95))} ms; written bench/results-offline.md`,
    );
  } finally {
    await context.close();
    await net.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
    await data.remove();
  }
}
