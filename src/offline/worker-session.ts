import { createStore, del, get, set } from 'idb-keyval';

/**
 * What the service worker needs to send the outbox with no page open: the signed-in user and their
 * access token, mirrored from the page's session into IndexedDB (a worker cannot read localStorage).
 * The refresh token stays with the page: only the page renews the session, so a renewal never races
 * between the two. A write the worker cannot send (the access token expired) waits for the app.
 */
export type WorkerSession = { access: string; userId: number };

const store = createStore('portale-session', 'session');
const KEY = 'current';

export const saveWorkerSession = (s: WorkerSession | null) => (s ? set(KEY, s, store) : del(KEY, store));
export const readWorkerSession = () => get<WorkerSession>(KEY, store);
