import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useProfile } from '../api/profile';
import { db, type OutboxEntry } from './db';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);

/** The signed-in user's writes not yet on the server, oldest first. */
export function usePendingWrites(): OutboxEntry[] {
  const { data: profile } = useProfile();
  const userId = profile?.id ?? -1;
  return useLiveQuery(() => db.outbox.where('userId').equals(userId).sortBy('id'), [userId]) ?? [];
}
