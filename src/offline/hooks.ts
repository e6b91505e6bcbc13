import { onlineManager } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { useProfile } from '../api/profile';
import type { OutboxEntry } from './db';

/** Whether the server can be reached (api/reachability.ts), not merely whether the device has a network. */
export const useOnline = () =>
  useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );

/** A value the offline module (loaded after the first paint) publishes and the first screens' components read. */
function published<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (cb: () => void) => (listeners.add(cb), () => void listeners.delete(cb));
  const get = () => value;
  return {
    get,
    set(next: T) {
      value = next;
      listeners.forEach((l) => l());
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}

// The outbox's entries as the offline module (Dexie, loaded once there is a session) last saw them, null
// before it first did: the top bar's pending count needs neither Dexie nor the outbox in the first screens' chunk.
const outboxEntries = published<OutboxEntry[] | null>(null);
const NONE: OutboxEntry[] = [];

/** Whether the offline module has published the outbox yet (until then the list is empty, not known). */
export const outboxKnown = () => outboxEntries.get() !== null;

/** Every entry of the outbox, oldest first; the offline module calls it whenever the outbox changes. */
export const publishOutbox = (next: OutboxEntry[]) => outboxEntries.set(next);

/** The signed-in user's writes not yet on the server, oldest first. */
export function usePendingWrites(): OutboxEntry[] {
  const { data: profile } = useProfile();
  const userId = profile?.id ?? -1;
  const all = outboxEntries.use() ?? NONE;
  return useMemo(() => all.filter((e) => e.userId === userId), [all, userId]);
}

/** What the device can show offline (src/offline/readiness.ts), by part of the app. */
export type OfflinePart = 'catalogue' | 'offers' | 'detail' | 'wizard' | 'quotations' | 'other';

/**
 * Whether the app is ready offline: its shell, the catalogue copy and what offers, an offer detail and the
 * wizard need are on the device (docs/adr/0040-ready-offline-on-a-first-visit.md). `announce`: ready for the
 * first time since the login, to say once. `storageShort`: the device's storage did not take everything;
 * `available` and `missing` then say what opens offline and what does not.
 */
export type Readiness = {
  state: 'unknown' | 'preparing' | 'ready';
  percent: number;
  announce: boolean;
  storageShort: boolean;
  available: OfflinePart[];
  missing: OfflinePart[];
};

const readiness = published<Readiness>({ state: 'unknown', percent: 0, announce: false, storageShort: false, available: [], missing: [] });

/** The offline module publishes each change of the readiness here: the top bar reads it without loading that module. */
export const publishReadiness = readiness.set;
export const useReadiness = readiness.use;
