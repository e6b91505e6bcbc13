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

// The outbox's entries as the offline module (Dexie, loaded once there is a session) last saw them: the
// top bar's pending count needs neither Dexie nor the outbox in the first screens' chunk.
let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();

/** Every entry of the outbox, oldest first; the offline module calls it whenever the outbox changes. */
export function publishOutbox(next: OutboxEntry[]) {
  entries = next;
  for (const l of listeners) l();
}

const subscribeOutbox = (cb: () => void) => {
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
  };
};

/** The signed-in user's writes not yet on the server, oldest first. */
export function usePendingWrites(): OutboxEntry[] {
  const { data: profile } = useProfile();
  const userId = profile?.id ?? -1;
  const all = useSyncExternalStore(
    subscribeOutbox,
    () => entries,
    () => entries,
  );
  return useMemo(() => all.filter((e) => e.userId === userId), [all, userId]);
}
