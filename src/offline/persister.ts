import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';

const store = createStore('portale-query', 'cache');
const KEY = 'REACT_QUERY_OFFLINE_CACHE';

/** The TanStack Query cache, persisted to IndexedDB so every screen seen once opens offline. */
export const queryPersister = createAsyncStoragePersister({
  storage: { getItem: (k) => get<string>(k, store), setItem: (k, v: string) => set(k, v, store), removeItem: (k) => del(k, store) },
  key: KEY,
  throttleTime: 1000,
});

export const PERSIST_MAX_AGE = 7 * 24 * 3600 * 1000;
/** Raise when cached answers change shape; a new deploy alone must not drop what agents saw offline. */
export const PERSIST_BUSTER = 'v1';

/**
 * Every answer that has data is kept, also after a refetch failed: TanStack's default keeps only
 * queries whose last fetch succeeded, so one failed refetch offline dropped a screen from the device
 * and the next offline start showed nothing (issue 17). A failure never replaces data. A query that
 * says `meta: { device: false }` is never kept (the customer's page, issue 22: a revoked link must not
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
