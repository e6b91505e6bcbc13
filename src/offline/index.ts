import { onlineManager } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { queryClient, queryKeys } from '../api/query-client';
import { isReachable } from '../api/reachability';
import { send, TIMEOUT_MS } from '../api/client';
import { session } from '../api/session';
import { currentUserId, mirrorPageSession } from '../api/profile';
import { db } from './db';
import { syncCatalogue } from './catalogue-sync';
import { publishOutbox } from './hooks';
import { OUTBOX_SYNC_TAG } from './sync-tag';
import { createOutbox } from './outbox';
import { forgetOthersCopy } from './copy-marker';
import { recheck, startReadiness, storageFull } from './readiness';

// The app's outbox: entries belong to the user of the (persisted) profile.
// A write left waiting asks the service worker to send it when the network returns, even with the app closed.
export const outbox = createOutbox(db, currentUserId, { send, onQueued: () => void requestBackgroundSync(), firstAnswerMs: TIMEOUT_MS.firstAnswer });

/**
 * A reopened app that already has this agent's catalogue copy refreshes it after the agent's first seconds on
 * the screen, not while it draws and takes the first taps. After a new login, and on a device with no copy or
 * another agent's (a reload right after the login, a change of agent), it is fetched at once: it must be on the
 * device before the network goes (docs/adr/0040-ready-offline-on-a-first-visit.md).
 */
const REOPENED_REFRESH_DELAY_MS = 10_000;
let refreshFrom = 0;

const isQuotaError = (err: unknown) => {
  const e = err as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
};

/** Refreshes the device's catalogue copy by delta; quietly does nothing offline. */
async function refreshCatalogue() {
  const userId = currentUserId();
  if (userId === null || !isReachable()) return;
  if (Date.now() < refreshFrom && (await db.meta.get('catalogue').catch(() => undefined))?.userId === userId) return;
  await syncCatalogue(userId).then(
    () => void recheck(),
    (err: unknown) => void (isQuotaError(err) && storageFull()),
  );
}

let started = false;

/**
 * Replays pending writes on start, on reconnect, on return to the app, on the service worker's sync, and
 * every 30 s; keeps the catalogue copy fresh. `reopened`: the app started with its session kept.
 */
export function startOfflineSync({ reopened }: { reopened: boolean }) {
  if (started) return;
  started = true;
  const userId = currentUserId();
  if (!reopened && userId !== null) forgetOthersCopy(userId);
  if (reopened) {
    refreshFrom = Date.now() + REOPENED_REFRESH_DELAY_MS;
    setTimeout(() => void refreshCatalogue(), REOPENED_REFRESH_DELAY_MS);
  }
  const flush = () => void outbox.flush();
  // The server answers again (api/reachability.ts): send what waited, refresh the copy.
  onlineManager.subscribe((online) => {
    if (!online) return;
    flush();
    void refreshCatalogue();
  });
  setInterval(() => void refreshCatalogue(), 15 * 60_000);
  // The profile arrives (from the server or the persisted cache) after start: sync once it is known.
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.query.queryKey[0] === queryKeys.profile[0] && e.action.type === 'success') {
      mirrorPageSession();
      void refreshCatalogue();
      void recheck();
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
  void refreshCatalogue();
  // How far the device is from working offline, for the top bar (readiness.ts).
  startReadiness();
  // Ask the browser to keep our data (catalogue, outbox) under storage pressure.
  void navigator.storage?.persist?.();
}

/** Asks the service worker to replay when connectivity returns, where Background Sync exists. */
export async function requestBackgroundSync() {
  const reg = await navigator.serviceWorker?.getRegistration();
  const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
