import { appFilesMissing, cacheSavedOnDevice, deviceRecords, expireAccessToken, mirroredSession, msUntilRequestedOnReopen } from './device';
import { test, expect, USERS } from './fixtures';

test.use({ serviceWorkers: 'allow' });

test('a screen seen once opens offline with its last data and age', async ({ page, context, loggedIn }) => {
  await loggedIn(USERS.leader);
  await page.goto('/support');
  await expect(page.getByText('supporto@portale-noleggio.local')).toBeVisible();
  // The service worker takes control on the next load; from then on the shell is precached.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByText('supporto@portale-noleggio.local')).toBeVisible();
  await cacheSavedOnDevice(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('top-user')).toContainText('Ferrari Mobility Network');
  await expect(page.getByText('supporto@portale-noleggio.local')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'aggiornato alle' })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'false');
  await page.screenshot({ path: 'test-results/shots/offline-support.png' });
  await context.setOffline(false);
});

test('a new login fetches the catalogue copy at once; a reopened app refreshes it after its first seconds on the screen', async ({ page, loggedIn }) => {
  const syncs: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/sync/offers')) syncs.push(Date.now());
  });
  await loggedIn(USERS.full);
  await expect.poll(() => syncs.length).toBeGreaterThan(0);
  await expect.poll(() => deviceRecords(page, 'offers'), { timeout: 30_000 }).toBeGreaterThan(0);

  syncs.length = 0;
  const reopenedAt = Date.now();
  await page.reload();
  await expect(page.getByTestId('top-user')).toBeVisible();
  // src/offline/index.ts: 10 s after the start, never during the first screen.
  await expect.poll(() => syncs.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(syncs[0]! - reopenedAt).toBeGreaterThanOrEqual(9_000);
});

test('a reopened app with its catalogue copy starts its outbox and refreshes the copy after its first seconds on the screen', async ({ page, loggedIn }) => {
  await loggedIn(USERS.full);
  // Without a copy it would start at once (offline-ready.spec.ts).
  await expect.poll(() => deviceRecords(page, 'offers'), { timeout: 30_000 }).toBeGreaterThan(0);
  // The chunk of src/offline/index.ts and Dexie (named after catalogue-sync.ts): /support loads it for nothing else.
  // src/app-main.tsx: REOPENED_BACKGROUND_AFTER_MS (3 s), then the browser's next idle moment.
  expect(await msUntilRequestedOnReopen(page, /\/assets\/catalogue-sync-[\w-]+\.js$/)).toBeGreaterThanOrEqual(3_000);
});

// The service worker sends queued writes with the session the page mirrors for it (src/api/session-mirror.ts).
// A reopened app renews an expired session with its first call: the renewal is mirrored at once, not with the
// background start seconds later, so that an app closed in between leaves the worker tokens that still work.
test('a reopened app mirrors the renewal of its session for the service worker at once, before its background start', async ({ page, loggedIn }) => {
  await loggedIn(USERS.full);
  // The device has its catalogue copy: the background start waits (without one it starts at once).
  await expect.poll(() => deviceRecords(page, 'offers'), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.goto('/support');
  await expect(page.getByText('supporto@portale-noleggio.local')).toBeVisible();
  const before = (await page.evaluate(() => localStorage.getItem('refresh_token')))!;
  await expect.poll(async () => (await mirroredSession(page))?.refresh, { timeout: 15_000 }).toBe(before);
  await expireAccessToken(page);
  const loads: number[] = [];
  page.on('request', (r) => {
    if (/\/assets\/catalogue-sync-[\w-]+\.js$/.test(r.url())) loads.push(Date.now());
  });
  await page.reload();
  let mirroredAt = 0;
  await expect
    .poll(
      async () => {
        const mirrored = await mirroredSession(page);
        const current = await page.evaluate(() => localStorage.getItem('refresh_token'));
        const renewed = Boolean(mirrored && current && current !== before && mirrored.refresh === current);
        if (renewed) mirroredAt = Date.now();
        return renewed;
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  // The background start (the outbox, with Dexie: its chunk) had not begun when the renewal was mirrored.
  expect(loads.filter((t) => t < mirroredAt)).toEqual([]);
  await expect(page.getByTestId('top-user')).toBeVisible();
});

test('offers are searched on the device while offline', async ({ page, context, loggedIn }) => {
  await loggedIn(USERS.full);
  await page.goto('/offers');
  await expect(page.locator('.results-count')).toContainText(/Auto Trovat[ae]/);
  const online = await page.locator('.results-count').textContent();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => deviceRecords(page, 'offers'), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.reload();
  await expect(page.locator('.results-count')).toContainText(/Auto Trovat[ae]/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-search')).toBeVisible();
  await expect(page.locator('.results-count')).toHaveText(online ?? '');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await page.locator('[data-section="brands"] ion-checkbox', { hasText: 'Fiat' }).click();
  await expect(page).toHaveURL(/brands=fiat/);
  await expect(page.locator('.results-count')).not.toHaveText(online ?? '');
  for (const title of await page.locator('.offer-card-title').allTextContents()) expect(title).toMatch(/^Fiat /);
  await page.screenshot({ path: 'test-results/shots/offline-offers.png' });
  await context.setOffline(false);
});

test('the first install is small, and the worker then fetches every screen: one never opened online opens offline', async ({ page, context, loggedIn }) => {
  await loggedIn(USERS.leader);
  // The page that installed the worker comes under its control without a reload (clientsClaim).
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  const precached = await page.evaluate(async () => {
    const precache = (await caches.keys()).find((k) => k.includes('precache'));
    return precache ? (await (await caches.open(precache)).keys()).length : 0;
  });
  expect(precached).toBeLessThan(25);
  // The rest arrives in the background (sw/sw.ts, warmAssets).
  await expect.poll(() => appFilesMissing(page), { timeout: 60_000 }).toBe(0);
  await cacheSavedOnDevice(page);

  await context.setOffline(true);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Domande Frequenti' })).toBeVisible();
  await context.setOffline(false);
});
