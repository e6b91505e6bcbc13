import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';

const store = createStore('portale-query', 'cache');
const KEY = 'REACT_QUERY_OFFLINE_CACHE';

/** The TanStack Query cache, persisted to IndexedDB so every screen seen once opens offline: read back by it at start. */
export const queryPersister = createAsyncStoragePersister({
  storage: { getItem: (k) => get<string>(k, store), setItem: (k, v: string) => set(k, v, store), removeItem: (k) => del(k, store) },
  key: KEY,
});
/** At most one write a second while answers arrive. */
const SAVE_EVERY_MS = 1000;
// What changes the device's copy (TanStack's own list, query-persist-client-core).
const SAVED_ON = new Set(['added', 'removed', 'updated']);

export const PERSIST_MAX_AGE = 7 * 24 * 3600 * 1000;
/** Raise when cached answers change shape; a new deploy alone must not drop what agents saw offline. */
export const PERSIST_BUSTER = 'v1';

/**
 * Every answer that has data is kept, also after a refetch failed: TanStack's default keeps only
 * queries whose last fetch succeeded, so one failed refetch offline dropped a screen from the device
 * and the next offline start showed nothing (docs/adr/0157-persisted-query-cache.md). A failure never replaces data. A query that
 * says `meta: { device: false }` is never kept (the customer's page, docs/adr/0133-customer-link.md: a revoked link must not
 * open from the device).
 */
export const keepOnDevice = (query: { state: { data: unknown }; meta?: Record<string, unknown> | undefined }) =>
  query.state.data !== undefined && query.meta?.device !== false;

/**
 * Writes the cache now, without the persister's one-second throttle: called as the app is hidden or
 * closed, so an answer that arrived just before is on the device at the next (offline) start.
 */
export function persistNow(client: QueryClient) {
  const persisted = { buster: PERSIST_BUSTER, timestamp: Date.now(), clientState: dehydrate(client, { shouldDehydrateQuery: keepOnDevice }) };
  return set(KEY, JSON.stringify(persisted), store).catch(() => undefined);
}

/**
 * Writes the cache to the device when it changes, at most once a second (a change within the second is
 * written at its end), while `wanted()` says so (a session: nothing is written after a logout), until the
 * returned function stops it. TanStack's persistQueryClientSubscribe throttles only the write: it
 * dehydrates the whole cache at every change, a dozen times while a screen starts (each answer's fetch,
 * success and invalidation), on the main thread of a phone that is drawing that screen (docs/adr/0157-persisted-query-cache.md).
 */
export function persistChanges(client: QueryClient, wanted: () => boolean): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    last = Date.now();
    if (wanted()) void persistNow(client);
  };
  const changed = (event: { type: string }) => {
    if (timer !== undefined || !SAVED_ON.has(event.type)) return;
    // The first change at once, in a task of its own: an app closed a moment later still has it on the device,
    // and the task that changed the cache (a screen's first render, as the app starts) does not also carry
    // the write (docs/adr/0157-persisted-query-cache.md).
    timer = setTimeout(save, Math.max(0, last + SAVE_EVERY_MS - Date.now()));
  };
  const stops = [client.getQueryCache().subscribe(changed), client.getMutationCache().subscribe(changed)];
  return () => {
    clearTimeout(timer);
    stops.forEach((stop) => stop());
  };
}
