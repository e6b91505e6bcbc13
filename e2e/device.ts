import { expect, type Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { E2E } from './env';

// What tests (and the offline benchmark) read or change on the device itself.

/** How many records a store of the app's IndexedDB holds (0 while it does not exist yet). */
export function deviceRecords(page: Page, store: 'offers' | 'outbox'): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('portale');
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains(name)) return resolve(0);
          const req = idb.transaction(name).objectStore(name).count();
          req.onsuccess = () => resolve(req.result);
        };
        open.onerror = () => resolve(0);
      }),
    store,
  );
}

/**
 * How many of the app's files the service worker still has to fetch into its cache after the first
 * install (sw/sw.ts, warmAssets; the list is warm-assets.json): 0 once every screen can open offline.
 */
export function appFilesMissing(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const list = (await (await fetch('/warm-assets.json')).json()) as string[];
    const cached = new Set((await (await caches.open('assets')).keys()).map((r) => new URL(r.url).pathname));
    return list.filter((url) => !cached.has(url)).length;
  });
}

/** An access token of the same login that expired a minute ago, signed with the e2e server's secret. */
async function expiredLike(access: string): Promise<string> {
  const claims = decodeJwt(access);
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ fam: claims.fam })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(E2E.authSecret));
}

/** Replaces the page's access token with an expired one of the same login; returns it. */
export async function expireAccessToken(page: Page): Promise<string> {
  const expired = await expiredLike((await page.evaluate(() => localStorage.getItem('access_token')))!);
  await page.evaluate((t) => localStorage.setItem('access_token', t), expired);
  return expired;
}

type Mirrored = { access: string; refresh: string; userId: number; renewedBy: string; replaced?: string };
const MIRROR = { db: 'portale-session', store: 'session', key: 'current' };

/** The session the page mirrors for the service worker (src/api/session-mirror.ts). */
export function mirroredSession(page: Page): Promise<Mirrored | undefined> {
  return page.evaluate(
    (m) =>
      new Promise<Mirrored | undefined>((resolve, reject) => {
        const open = indexedDB.open(m.db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(m.store).objectStore(m.store).get(m.key);
          req.onsuccess = () => resolve(req.result as Mirrored | undefined);
        };
      }),
    MIRROR,
  );
}

/** Time passes with the app closed: the access token the worker holds has expired (its refresh token still good). */
export async function expireMirroredAccess(page: Page): Promise<Mirrored> {
  const s = await mirroredSession(page);
  if (!s) throw new Error('no mirrored session');
  const expired = { ...s, access: await expiredLike(s.access) };
  await page.evaluate(
    ({ m, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(m.db);
        open.onsuccess = () => {
          const tx = open.result.transaction(m.store, 'readwrite');
          tx.objectStore(m.store).put(value, m.key);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { m: MIRROR, value: expired },
  );
  return expired;
}

/**
 * Reopens the app on /support (a screen that loads nothing of its own in the background) and returns how many
 * milliseconds after the reload a file matching `file` was first requested: what a reopened app leaves for
 * its background moment (src/app-main.tsx, REOPENED_BACKGROUND_AFTER_MS).
 */
export async function msUntilRequestedOnReopen(page: Page, file: RegExp): Promise<number> {
  await page.goto('/support');
  await expect(page.getByText('supporto@portale-noleggio.local')).toBeVisible();
  // Reopened with the catalogue copy on the device (its owner's mark, src/offline/copy-marker.ts): without it
  // the app starts its background work at once, as a first start does (on a busy machine the copy can still be
  // downloading a few seconds after the login).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('catalogue_user')), { timeout: 30_000 }).not.toBeNull();
  await page.reload();
  await expect(page.getByText('supporto@portale-noleggio.local')).toBeVisible();
  // The reloaded document's own resource timings: only its requests count (the page before the reload may still
  // fetch the same file at its own background moment while the reload starts), from its own start.
  const requestedAt = () =>
    page.evaluate((source) => {
      const pattern = new RegExp(source);
      return performance.getEntriesByType('resource').find((e) => pattern.test(new URL(e.name).pathname))?.startTime ?? null;
    }, file.source);
  await expect.poll(requestedAt, { timeout: 15_000 }).not.toBeNull();
  return (await requestedAt())!;
}

/**
 * Resolves once the device's copy of the query cache (src/offline/persister.ts: IndexedDB 'portale-query', written
 * at most once a second) was written after the page's last API answer: what the screen shows opens offline.
 */
export async function cacheSavedOnDevice(page: Page) {
  const saved = () =>
    page.evaluate(async () => {
      const answers = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd);
      const lastAnswer = performance.timeOrigin + Math.max(0, ...answers);
      // Opened only once the app made it: an empty database made here would lack the app's store.
      if (!(await indexedDB.databases()).some((d) => d.name === 'portale-query')) return false;
      const written = await new Promise<number>((resolve) => {
        const open = indexedDB.open('portale-query');
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains('cache')) return resolve(0);
          const req = idb.transaction('cache').objectStore('cache').get('REACT_QUERY_OFFLINE_CACHE');
          req.onsuccess = () => resolve(typeof req.result === 'string' ? (JSON.parse(req.result) as { timestamp: number }).timestamp : 0);
          req.onerror = () => resolve(0);
        };
        open.onerror = () => resolve(0);
      });
      return written >= lastAnswer;
    });
  await expect.poll(saved, { timeout: 15_000 }).toBe(true);
}
