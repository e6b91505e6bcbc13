/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The shell and every route chunk; a new build replaces them and old caches are removed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes open the precached shell, offline too; API and file routes never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/prescoring\//, /^\/legal\//] }));

// Car pictures of the catalogue (generated, immutable by name): kept for offline browsing.
registerRoute(
  ({ url }) => url.pathname.startsWith('/api/v1/car/images/render/') || url.pathname.startsWith('/api/v1/agent/logo/'),
  new CacheFirst({ cacheName: 'car-pictures', plugins: [new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/legal/'),
  new CacheFirst({ cacheName: 'legal-documents', plugins: [new ExpirationPlugin({ maxEntries: 10 })] }),
);

// Background Sync: the page holds the session, so the worker asks an open page to replay the outbox.
self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== 'outbox') return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'outbox-sync' });
    }),
  );
});

// The app asks before switching to a new version (update prompt), so a waiting worker activates on request.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
