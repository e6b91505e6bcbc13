import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createStore, del, get, set } from 'idb-keyval';

const store = createStore('portale-query', 'cache');

/** The TanStack Query cache, persisted to IndexedDB so every screen seen once opens offline. */
export const queryPersister = createAsyncStoragePersister({
  storage: { getItem: (k) => get<string>(k, store), setItem: (k, v: string) => set(k, v, store), removeItem: (k) => del(k, store) },
  throttleTime: 1000,
});

export const PERSIST_MAX_AGE = 7 * 24 * 3600 * 1000;
/** Raise when cached answers change shape; a new deploy alone must not drop what agents saw offline. */
export const PERSIST_BUSTER = 'v1';
