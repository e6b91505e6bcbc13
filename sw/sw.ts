/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CAR_PICTURE_PATH, CAR_PICTURES_CACHE } from '../src/offline/cache-names';
import { OUTBOX_SYNC_TAG } from '../src/offline/sync-tag';
import { replayOutbox } from './worker-replay';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The shell and every route chunk; a new build replaces them and old caches are removed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes open the precached shell, offline too; API and file routes never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/prescoring\//, /^\/legal\//] }));

// Car pictures of the catalogue (generated, immutable by name): kept for offline browsing.
// The app fetches the catalogue's pictures ahead (src/offline/car-pictures.ts); one it could not is drawn
// as a neutral silhouette offline instead of a broken image.
const NO_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" role="img" aria-label="Immagine non disponibile offline"><rect width="320" height="160" fill="#eef1f5"/><path d="M60 112h200l-8-28-40-10-26-24H118L90 74l-24 8z" fill="#c5ccd6"/><circle cx="104" cy="114" r="16" fill="#8a94a3"/><circle cx="220" cy="114" r="16" fill="#8a94a3"/></svg>`;
registerRoute(
  ({ url }) => url.pathname.startsWith(CAR_PICTURE_PATH) || url.pathname.startsWith('/api/v1/agent/logo/'),
  new CacheFirst({
    cacheName: CAR_PICTURES_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 }),
      { handlerDidError: async ({ request }) => (new URL(request.url).pathname.startsWith(CAR_PICTURE_PATH) ? new Response(NO_PICTURE, { headers: { 'Content-Type': 'image/svg+xml' } }) : undefined) },
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
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
