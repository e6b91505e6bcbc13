import type { Page } from '@playwright/test';
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

/**
 * Replaces the page's access token with one of the same login that expired a minute ago, signed
 * with the e2e server's secret; returns it.
 */
export async function expireAccessToken(page: Page): Promise<string> {
  const access = await page.evaluate(() => localStorage.getItem('access_token'));
  const claims = decodeJwt(access!);
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT({ fam: claims.fam })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(E2E.authSecret));
  await page.evaluate((t) => localStorage.setItem('access_token', t), expired);
  return expired;
}
