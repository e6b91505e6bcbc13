import { onlineManager } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { queryClient, queryKeys } from '../api/query-client';
import { isReachable } from '../api/reachability';
import { send } from '../api/client';
import { session } from '../api/session';
import { currentUserId, mirrorPageSession } from '../api/profile';
import { db } from './db';
import { syncCatalogue } from './catalogue-sync';
import { publishOutbox } from './hooks';
import { OUTBOX_SYNC_TAG } from './sync-tag';
import { createOutbox } from './outbox';

// The app's outbox: entries belong to the user of the (persisted) profile.
// A write left waiting asks the service worker to send it when the network returns, even with the app closed.
export const outbox = createOutbox(db, currentUserId, { send, onQueued: () => void requestBackgroundSync() });

/**
 * A reopened app (its session kept) already has its catalogue copy: the copy is refreshed after the
 * agent's first seconds on the screen, not while it draws and takes the first taps (issue 18). After a
 * new login it is fetched at once, to be on the device before the network goes.
 */
const REOPENED_REFRESH_DELAY_MS = 10_000;
let refreshFrom = 0;

/** Refreshes the device's catalogue copy by delta; quietly does nothing offline. */
function refreshCatalogue() {
  const userId = currentUserId();
  if (Date.now() >= refreshFrom && userId !== null && isReachable()) syncCatalogue(userId).catch(() => undefined);
}

let started = false;

/**
 * Replays pending writes on start, on reconnect, on return to the app, on the service worker's sync, and
 * every 30 s; keeps the catalogue copy fresh. `reopened`: the app started with its session kept.
 */
export function startOfflineSync({ reopened }: { reopened: boolean }) {
  if (started) return;
  started = true;
  if (reopened) {
    refreshFrom = Date.now() + REOPENED_REFRESH_DELAY_MS;
    setTimeout(refreshCatalogue, REOPENED_REFRESH_DELAY_MS);
  }
  const flush = () => void outbox.flush();
  // The server answers again (api/reachability.ts): send what waited, refresh the copy.
  onlineManager.subscribe((online) => {
    if (!online) return;
    flush();
    refreshCatalogue();
  });
  setInterval(refreshCatalogue, 15 * 60_000);
  // The profile arrives (from the server or the persisted cache) after start: sync once it is known.
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.query.queryKey[0] === queryKeys.profile[0] && e.action.type === 'success') {
      mirrorPageSession();
      refreshCatalogue();
      flush(); // after a new login the queue's owner is known only now
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flush();
  });
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'outbox-sync') flush();
  });
  setInterval(flush, 30_000);
  // The service worker sends the outbox with no page open on this user's behalf (api/session-mirror.ts); each
  // renewal of the session is mirrored from the app's start on (app-main.tsx).
  mirrorPageSession();
  session.on((e) => {
    if (e === 'changed' && session.isActive()) void outbox.resume();
  });
  outbox.on((e) => {
    if (e.type === 'sent') for (const key of e.entry.invalidate ?? []) void queryClient.invalidateQueries({ queryKey: key });
  });
  // The top bar's pending count and list (usePendingWrites) follow the outbox from here.
  liveQuery(() => db.outbox.orderBy('id').toArray()).subscribe({ next: publishOutbox, error: () => undefined });
  flush();
  refreshCatalogue();
  // Ask the browser to keep our data (catalogue, outbox) under storage pressure.
  void navigator.storage?.persist?.();
}

/** Asks the service worker to replay when connectivity returns, where Background Sync exists. */
export async function requestBackgroundSync() {
  const reg = await navigator.serviceWorker?.getRegistration();
  const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
