// Offline is a state of the app, not an error (docs/adr/0153-reachability-and-time-outs.md, docs/adr/0157-persisted-query-cache.md). On one persistent browser profile (the service
// worker, IndexedDB and the persisted cache survive restarts, as on a phone): three offline starts in a
// row and a cold start, a server that does not answer, a gateway's 503, and writes the service worker
// sends with no page of the app open.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { carImageOfPath } from '../core/car-image';
import { modal, openModal, retiredCheck } from './credit-check-steps';
import { deviceRecords, expireMirroredAccess, mirroredSession } from './device';
import { netSwitch } from './net-switch';
import { E2E } from './env';
import { allCardsDrawn, expect, screen, test, USERS } from './fixtures';
import { goOffline as deviceOffline, goOnline as deviceOnline, launchDevice, type NetSwitch, preparedDevice, type Screen } from './offline-device';
import { apiLogin, fillQuoteForm, offerCard, uniqueFiscalCode } from './quotation-steps';

const OFFLINE_ERROR = 'Sei offline: controlla la connessione e riprova';
const launch = (dir: string) => launchDevice(dir, net);

// The worker is what keeps the app's shell on the device (the suite's default blocks it).
test.use({ serviceWorkers: 'allow' });

let dir: string;
let net: NetSwitch;
test.beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portale-profile-'));
  net = await netSwitch(E2E.baseUrl);
});
test.afterEach(async () => {
  await net.close();
  rmSync(dir, { recursive: true, force: true });
});

const goOffline = (context: BrowserContext) => deviceOffline(context, net);
const goOnline = (context: BrowserContext) => deviceOnline(context, net);

/** A prepared device on 'Salva preventivo' for an offer, the form filled for a new customer. */
async function quoteFormOnDevice(request: APIRequestContext) {
  const headers = await apiLogin(request, USERS.full);
  const card = await offerCard(request, headers, 'privati');
  const context = await launch(dir);
  const url = `/quotation/?offer=${encodeURIComponent(card.ref)}&quote=1`;
  const page = await preparedDevice(context, [{ url, shows: async (p) => expect(screen(p).getByTestId('quote-form')).toBeVisible() }]);
  const cf = uniqueFiscalCode();
  await fillQuoteForm(screen(page).getByTestId('quote-form'), cf);
  return { headers, context, page, cf };
}

async function everyScreenWorks(page: Page, screens: Screen[], round: string) {
  for (const s of screens) {
    await page.goto(s.url);
    await s.shows(page);
    await expect(page.getByText(OFFLINE_ERROR), `${round}: ${s.url}`).toHaveCount(0);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'false');
  }
}

test('three offline starts in a row and a cold start: every main screen opens from the device', async ({ request }) => {
  test.setTimeout(240_000);
  const headers = await apiLogin(request, USERS.full);
  const card = await offerCard(request, headers, 'privati');
  const screens: Screen[] = [
    { url: '/', shows: async (p) => expect(screen(p).getByRole('heading', { level: 1, name: /^Ciao / })).toBeVisible() },
    { url: '/offers', shows: async (p) => expect(p.getByTestId('offer-card').first()).toBeVisible() },
    { url: `/offers/${card.code}`, shows: async (p) => expect(screen(p).getByTestId('monthly-rate')).toBeVisible() },
    { url: '/quotations', shows: async (p) => expect(screen(p).getByTestId('quotation-row').first()).toBeVisible() },
    { url: '/dashboard', shows: async (p) => expect(screen(p).getByTestId('stat-contracts')).toBeVisible() },
    { url: '/customers', shows: async (p) => expect(screen(p).getByTestId('customers-count')).toBeVisible() },
    { url: '/faq', shows: async (p) => expect(screen(p).getByRole('heading', { level: 1, name: 'Domande Frequenti' })).toBeVisible() },
    // The profile says whether the browser granted persistent storage (asked for at login), as the browser itself says.
    {
      url: '/profile',
      shows: async (p) => {
        const shown = screen(p).getByTestId('storage-persisted');
        await expect(shown).toBeVisible();
        expect(await shown.getAttribute('data-persisted')).toBe(String(await p.evaluate(() => navigator.storage.persisted())));
      },
    },
  ];
  let context = await launch(dir);
  const page = await preparedDevice(context, screens);

  await goOffline(context);
  for (const round of ['first offline start', 'second offline start', 'third offline start']) {
    await page.reload();
    await everyScreenWorks(page, screens, round);
  }
  await page.screenshot({ path: 'test-results/shots/offline-third-start-390.png', fullPage: true });

  // Cold start: the browser closed and opened again, still without a network.
  await context.close();
  context = await launch(dir);
  await goOffline(context);
  const cold = context.pages()[0] ?? (await context.newPage());
  await everyScreenWorks(cold, screens, 'cold start');
  expect(await cold.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
  await cold.screenshot({ path: 'test-results/shots/offline-cold-start-390.png', fullPage: true });

  // Every card shows its car, also those never scrolled to online: the catalogue's pictures are drawn on the
  // device from their names (src/ui/car-picture.tsx), nothing to fetch.
  await cold.goto('/offers');
  await allCardsDrawn(cold);
  const last = cold.getByTestId('offer-card').last();
  await last.scrollIntoViewIfNeeded();
  const picture = last.locator('svg.car-picture');
  await expect(picture).toBeVisible();
  // Its name and its drawing read together: the list may still settle (the device's answer, then the search's).
  const drawnAsNamed = async () => {
    const { name, fill } = await picture.evaluate((svg) => ({
      name: svg.getAttribute('data-picture') ?? '',
      fill: svg.querySelector('path')?.getAttribute('fill'),
    }));
    const named = carImageOfPath(name);
    return named !== null && fill === `#${named.hex}`;
  };
  await expect.poll(drawnAsNamed).toBe(true);
  expect(await picture.evaluate((svg) => svg.getBoundingClientRect().height)).toBeGreaterThan(50);

  // The network returns: the app asks the server again by itself.
  await goOnline(context);
  await expect(cold.getByTestId('sync-status')).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
  await context.close();
});

test('offline, the credit check runs on the device: its questions, its result and the offers it selects, never opened online', async () => {
  test.setTimeout(180_000);
  let context = await launch(dir);
  await preparedDevice(context, [
    { url: '/offers', shows: async (p) => expect(p.getByTestId('offer-card').first()).toBeVisible() },
    { url: '/', shows: async (p) => expect(screen(p).getByRole('heading', { level: 1, name: /^Ciao / })).toBeVisible() },
  ]);
  await context.close();
  context = await launch(dir);
  await goOffline(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expect(screen(page).getByRole('heading', { level: 1, name: /^Ciao / })).toBeVisible();

  await openModal(page);
  await retiredCheck(page);
  await expect(modal(page).getByText(OFFLINE_ERROR)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/shots/offline-credit-check-390.png' });

  await modal(page).getByRole('link', { name: 'Vetrina Offerte' }).click();
  // The device's search applies the check: the rate it allows, and the sustainability levels.
  await expect(page.getByTestId('filter-chips').getByText(/^Canone mensile: 0 € - /)).toBeVisible();
  await expect(page.getByTestId('traffic-light').locator('[data-level="2"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await context.close();
});

test('a 503 from a gateway is "server unreachable": the agent stays signed in with the device data, and the app recovers by itself', async () => {
  test.setTimeout(120_000);
  const context = await launch(dir);
  const page = await preparedDevice(context, [
    { url: '/faq', shows: async (p) => expect(screen(p).getByRole('heading', { level: 1, name: 'Domande Frequenti' })).toBeVisible() },
  ]);
  net.set('503');
  await page.goto('/offers');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await expect(page).toHaveURL(/\/offers/);
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'false');
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
  await page.goto('/faq');
  await expect(screen(page).getByRole('heading', { level: 1, name: 'Domande Frequenti' })).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/offline-gateway-503-390.png', fullPage: true });

  net.set('up');
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'true', { timeout: 45_000 });
  await expect(page).toHaveURL(/\/faq/);
  await context.close();
});

test('a server that never answers (lie-fi): Salva preventivo waits a few seconds, keeps the quote as waiting and sends it once, with its key, once the server answers', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const { headers, context, page, cf } = await quoteFormOnDevice(request);
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/quote') keys.push(r.headers()['idempotency-key'] ?? '');
  });
  // The phone has a network, but the server's answers never come.
  net.set('hang');
  const saved = Date.now();
  await screen(page).getByTestId('quote-save').click();
  // Not the request's own 30 s: the form lets go after a few (src/api/client.ts, TIMEOUT_MS.firstAnswer).
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  expect(Date.now() - saved).toBeLessThan(15_000);
  await expect(screen(page).getByTestId('pending-banner')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  await page.getByTestId('sync-status').click();
  await expect(page.getByTestId('pending-list')).toContainText('In attesa di connessione');
  await page.screenshot({ path: 'test-results/shots/offline-lie-fi-waiting-390.png' });
  await page.keyboard.press('Escape');

  net.set('up');
  await expect(page).toHaveURL(/\/quotations\/\d{8}$/, { timeout: 90_000 });
  const list = await request.post('/api/v1/quotations', { headers, data: { fiscal_code: cf, startDate: '2000-01-01', endDate: '2100-01-01' } });
  expect((await list.json()).total).toBe(1);
  // Every try of the write carried the one key of its intent.
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(1);
  await context.close();
});

/** Saves the quote offline, closes the app and brings the network back: Chromium's 'sync' event reaches the worker. */
async function closeAppAndReconnect(context: BrowserContext, page: Page, beforeClosing: (page: Page) => Promise<void> = async () => {}) {
  await goOffline(context);
  await screen(page).getByTestId('quote-save').click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
  expect(await deviceRecords(page, 'outbox')).toBe(1);
  // The app's background start (a reopened app's comes 3 s in: src/app-main.tsx) has run: the pending count
  // follows the outbox from then, and its session mirror is written; a later one would undo beforeClosing's.
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  await beforeClosing(page);

  // The agent closes the app; the browser (and its service worker) stays.
  const blank = await context.newPage();
  await page.close();
  await goOnline(context);
  // What Chromium does when connectivity returns: a 'sync' event for the registered tag (sent through
  // DevTools, as its Application panel does; network emulation does not fire it by itself).
  const cdp = await context.newCDPSession(blank);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(E2E.baseUrl));
      if (r) resolve(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: E2E.baseUrl, registrationId: await registration, tag: 'outbox', lastChance: false });
  return blank;
}

const savedFor = async (request: APIRequestContext, headers: Record<string, string>, cf: string) =>
  (await (await request.post('/api/v1/quotations', { headers, data: { fiscal_code: cf, startDate: '2000-01-01', endDate: '2100-01-01' } })).json())
    .total as number;

test('with no page of the app open, the service worker sends the queued write when the network returns', async ({ request }) => {
  test.setTimeout(120_000);
  const { headers, context, page, cf } = await quoteFormOnDevice(request);
  await closeAppAndReconnect(context, page);
  await expect.poll(() => savedFor(request, headers, cf), { timeout: 30_000 }).toBe(1);
  await context.close();
});

test('with the app closed long enough for the access token to expire, the worker renews the session, sends the write, and the app takes over the renewed session', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { headers, context, page, cf } = await quoteFormOnDevice(request);
  let pageRefresh = '';
  const blank = await closeAppAndReconnect(context, page, async (p) => {
    pageRefresh = (await p.evaluate(() => localStorage.getItem('refresh_token')))!;
    await expect.poll(async () => (await mirroredSession(p))?.refresh).toBe(pageRefresh);
    await expireMirroredAccess(p);
  });
  await expect.poll(() => savedFor(request, headers, cf), { timeout: 30_000 }).toBe(1);
  // What the worker left for the app, read from a page of the origin that is not the app.
  await blank.goto('/api/v1/health/live');
  const renewed = await mirroredSession(blank);
  expect(renewed?.renewedBy).toBe('worker');
  expect(renewed?.replaced).toBe(pageRefresh);

  // The agent opens the app again: it takes over the worker's successor instead of keeping its own
  // spent refresh token (used again after the server's 30 s grace, that would end the login).
  const [saved] = (
    await (await request.post('/api/v1/quotations', { headers, data: { fiscal_code: cf, startDate: '2000-01-01', endDate: '2100-01-01' } })).json()
  ).items.data as { proposal_id: number }[];
  await blank.goto('/quotations');
  await expect(screen(blank).locator(`a[href$="/quotations/${saved!.proposal_id}"]`)).toBeVisible({ timeout: 20_000 });
  expect(await blank.evaluate(() => localStorage.getItem('refresh_token'))).toBe(renewed?.refresh);
  await expect(blank.getByTestId('top-user')).toBeVisible();
  await context.close();
});
