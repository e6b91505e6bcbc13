import { expect, type Page } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { E2E } from './env';

// What tests (and the offline benchmark) read or change on the device itself.

/** One request on stores of one of the app's IndexedDB databases (see onStores). */
type StoreOp = { kind: 'count' } | { kind: 'get'; key: string } | { kind: 'put'; key: string; value: unknown } | { kind: 'clear' };

/**
 * Runs `op` on each of `stores` in the app's database `db`, as the app made it, and returns the first store's
 * result; `missing` while the database or a store is not there. It never creates the database and closes its
 * connection at once: a database made here, empty, or a connection left open, would hold up the app's own open,
 * which has to upgrade it (the app's start then waits on the test, a reload right after the login most of all).
 */
export async function onStores<T>(page: Page, db: string, stores: string[], op: StoreOp, missing: T): Promise<T> {
  const found = await page.evaluate(
    async ({ db, stores, op }): Promise<{ result: unknown } | null> => {
      if (!(await indexedDB.databases()).some((d) => d.name === db)) return null;
      return new Promise((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          if (!stores.every((name) => idb.objectStoreNames.contains(name))) {
            idb.close();
            return resolve(null);
          }
          const tx = idb.transaction(stores, op.kind === 'put' || op.kind === 'clear' ? 'readwrite' : 'readonly');
          const results = stores.map((name) => {
            const store = tx.objectStore(name);
            if (op.kind === 'count') return store.count();
            if (op.kind === 'get') return store.get(op.key);
            if (op.kind === 'put') return store.put(op.value, op.key);
            return store.clear();
          });
          // Closed as soon as asked: the transaction still completes, and the connection holds up nothing after it.
          idb.close();
          tx.oncomplete = () => resolve({ result: results[0]!.result });
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { db, stores, op },
  );
  return found ? (found.result as T) : missing;
}

/** How many records a store of the app's IndexedDB holds (0 while it does not exist yet). */
export const deviceRecords = (page: Page, store: 'offers' | 'outbox'): Promise<number> => onStores(page, 'portale', [store], { kind: 'count' }, 0);

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
export const mirroredSession = (page: Page): Promise<Mirrored | undefined> =>
  onStores<Mirrored | undefined>(page, MIRROR.db, [MIRROR.store], { kind: 'get', key: MIRROR.key }, undefined);

/** Time passes with the app closed: the access token the worker holds has expired (its refresh token still good). */
export async function expireMirroredAccess(page: Page): Promise<Mirrored> {
  const s = await mirroredSession(page);
  if (!s) throw new Error('no mirrored session');
  const expired = { ...s, access: await expiredLike(s.access) };
  await onStores(page, MIRROR.db, [MIRROR.store], { kind: 'put', key: MIRROR.key, value: expired }, undefined);
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
  const lastApiAnswer = () =>
    page.evaluate(() => {
      const answers = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd);
      return performance.timeOrigin + Math.max(0, ...answers);
    });
  const saved = async () => {
    const lastAnswer = await lastApiAnswer();
    const stored = await onStores<unknown>(page, 'portale-query', ['cache'], { kind: 'get', key: 'REACT_QUERY_OFFLINE_CACHE' }, null);
    const written = typeof stored === 'string' ? (JSON.parse(stored) as { timestamp: number }).timestamp : 0;
    return written >= lastAnswer;
  };
  await expect.poll(saved, { timeout: 15_000 }).toBe(true);
}
