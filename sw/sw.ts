/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CAR_PICTURE_PATH } from '../core/car-image';
import { OUTBOX_SYNC_TAG } from '../src/offline/sync-tag';
import { replayOutbox } from './worker-replay';
import { openFromNotification, showPush } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The install fetches what the first screen needs (the page, the entry's chunks and styles, icons, the
// manifest: vite.config.ts, firstInstallOnly), so it ends quickly on a slow line; a new build replaces
// them and old caches are removed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The page that installed the worker comes under its control at once, so going offline in that first
// session already works. Only the first install: an update still waits for the agent (update prompt).
clientsClaim();

// The other chunks of the app (hashed names: a name never changes content): from the cache when there,
// else from the network and kept; warmAssets fills the cache in the background.
const ASSETS_CACHE = 'assets';
// ignoreVary: a module script's request carries Origin and the server's answers say Vary: Origin (CORS for the
// native shells), while the warm-up's fetch carries none; a hashed file is the same for every origin.
const assetsFirst = new CacheFirst({ cacheName: ASSETS_CACHE, matchOptions: { ignoreVary: true } });
/** The warm-up's fetches under way, by URL: a page asking for the same file waits for it instead of fetching it twice. */
const warmingNow = new Map<string, Promise<unknown>>();
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  async (options) => {
    // On a slow line the page's request would share the line with the warm-up's own fetch of the same file.
    const pending = warmingNow.get(options.request.url);
    if (pending) {
      await pending;
      const kept = await caches.match(options.request.url, { cacheName: ASSETS_CACHE, ignoreVary: true });
      if (kept) return kept;
    }
    return assetsFirst.handle(options);
  },
);

/** How many files the warm-up fetches at a time: a few, so that a slow line's round trips overlap. */
const WARM_AT_ONCE = 4;

/** Tells the app's pages that the warm-up moved (src/offline/readiness.ts), and why it stopped when it did. */
async function tellPages(error?: 'quota' | 'network') {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'WARM_PROGRESS', ...(error ? { error } : {}) });
}

/**
 * Fetches every chunk the install left out (the build's list, precached with the page, in the order the
 * agent needs them: the shell, offers, offer detail, the wizard, the quotations, the rest) into the runtime
 * cache, a few at a time, and drops the files of earlier builds: after one online visit every screen opens
 * offline. Stops at the first failure (offline; or the device's storage full, which the pages are told); the
 * next activation or page start takes it up again.
 */
async function warmAssets() {
  const list = await matchPrecache('/warm-assets.json');
  if (!list) return;
  const wanted = new Set(((await list.json()) as string[]).map((u) => new URL(u, self.location.origin).href));
  const cache = await caches.open(ASSETS_CACHE);
  const cached = await cache.keys();
  for (const request of cached) if (!wanted.has(request.url)) await cache.delete(request);
  const have = new Set(cached.map((r) => r.url));
  const todo = [...wanted].filter((url) => !have.has(url));
  let failed: 'quota' | 'network' | undefined;
  let told = 0;
  const worker = async () => {
    for (let url = todo.shift(); url && !failed; url = todo.shift()) {
      const done = (async () => {
        // A server that never answers must not hold the warm-up (and the next one) for ever.
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        if (res.ok) await cache.put(url, res);
      })();
      warmingNow.set(
        url,
        done.catch(() => undefined),
      );
      try {
        await done;
      } catch (err) {
        failed = (err as Error | null)?.name === 'QuotaExceededError' ? 'quota' : 'network';
      } finally {
        warmingNow.delete(url);
      }
      // The pages look at the cache again (at most every half second).
      if (Date.now() - told > 500) {
        told = Date.now();
        void tellPages();
      }
    }
  };
  await Promise.all(Array.from({ length: WARM_AT_ONCE }, worker));
  await tellPages(failed);
}
let warming: Promise<void> | null = null;
const warm = () => (warming ??= warmAssets().finally(() => (warming = null)));
// Not part of the activation (waitUntil would hold the page's requests until it ends): started with it,
// and kept alive by the page's WARM_ASSETS message (src/app-main.tsx).
self.addEventListener('activate', () => void warm());

// Client-side routes open the precached shell, offline too; API and file routes never do. Nor does a
// customer's link (/p/{token}, docs/adr/0133-customer-link.md): it always asks the server, so a revoked or expired link is
// never opened from this device's copy (its data is never kept either: src/offline/persister.ts).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/prescoring\//, /^\/legal\//, /^\/p\//] }));

// Car pictures of the catalogue (generated, immutable by name) as files, kept once seen: the catalogue's
// image lists show them (the offer screens draw them inline, src/ui/car-picture.tsx). One not kept is
// drawn as a neutral silhouette offline instead of a broken image.
const NO_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" role="img" aria-label="Immagine non disponibile offline"><rect width="320" height="160" fill="#eef1f5"/><path d="M60 112h200l-8-28-40-10-26-24H118L90 74l-24 8z" fill="#c5ccd6"/><circle cx="104" cy="114" r="16" fill="#8a94a3"/><circle cx="220" cy="114" r="16" fill="#8a94a3"/></svg>`;
registerRoute(
  ({ url }) => url.pathname.startsWith(CAR_PICTURE_PATH) || url.pathname.startsWith('/api/v1/agent/logo/'),
  new CacheFirst({
    cacheName: 'car-pictures',
    matchOptions: { ignoreVary: true },
    plugins: [
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 }),
      {
        handlerDidError: async ({ request }) =>
          new URL(request.url).pathname.startsWith(CAR_PICTURE_PATH) ? new Response(NO_PICTURE, { headers: { 'Content-Type': 'image/svg+xml' } }) : undefined,
      },
    ],
  }),
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/legal/'),
  new CacheFirst({ cacheName: 'legal-documents', plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
);

// Background Sync (Chromium): when the network returns the outbox is sent. An open page does it (it
// holds the whole session); with no page open the worker sends it itself (worker-replay.ts).
self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag?: string; lastChance?: boolean };
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (clients) => {
      if (clients.length) {
        for (const client of clients) client.postMessage({ type: 'outbox-sync' });
        return;
      }
      const left = await replayOutbox();
      // Still offline: failing the event makes the browser try again later (it gives up after a few tries;
      // the app sends the rest on its next start).
      if (left === 'retry' && !e.lastChance) throw new Error('outbox still waiting for the network');
    }),
  );
});

// The app asks before switching to a new version (update prompt), so a waiting worker activates on request.
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'WARM_ASSETS') event.waitUntil(warm());
});

// Web Push (docs/adr/0062-web-push-for-customer-activity.md): a customer's visit, upload or signature, shown
// even when the app is closed; a tap opens the quotation.
self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self.registration, event.data));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(self.clients, event.notification.data, self.location.origin));
});
