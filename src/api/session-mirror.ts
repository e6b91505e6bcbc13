import { createStore, del, get, set } from 'idb-keyval';

/**
 * The session, mirrored into IndexedDB for the service worker: it sends the outbox with no page of the
 * app open (sw/worker-replay.ts) and cannot read localStorage. Either side may renew the session, and
 * refresh tokens rotate on use (a token used again after the server's 30 s grace revokes the login,
 * server/modules/auth/tokens.ts). So whoever renews writes the successor here, and the page takes over a
 * successor the worker obtained before it uses its own refresh token again (`takeWorkerRenewal`, once
 * per page load: the worker sends only while no page is open). The worker renews holding a Web Lock,
 * and the page reads under the same lock, so a page opened mid-renewal waits for the new tokens.
 */
export type MirroredSession = {
  access: string;
  refresh: string;
  userId: number;
  renewedBy: 'page' | 'worker';
  /** Worker renewals: the refresh token it replaced (the page's, if the page has not renewed since). */
  replaced?: string;
};

export const SESSION_LOCK = 'portale-session';
/** A page does not wait longer than this for a worker's renewal (the server's grace covers the rest). */
const LOCK_WAIT_MS = 5000;

const store = createStore('portale-session', 'session');
const KEY = 'current';

type Locks = { request<T>(name: string, cb: () => Promise<T>): Promise<T> };
const locks = (): Locks | undefined => (globalThis.navigator as { locks?: Locks } | undefined)?.locks;

/** Runs `work` holding the session lock, where the platform has Web Locks. */
export const withSessionLock = <T>(work: () => Promise<T>): Promise<T> => locks()?.request(SESSION_LOCK, work) ?? work();

export const readMirroredSession = () => get<MirroredSession>(KEY, store);

/**
 * The page's session, or null once logged out. Never written over a worker's renewal of the page's own
 * refresh token: the page mirrors at start, before its first call takes that renewal over, and writing
 * then would hand the spent token back to both sides (after the grace, its next use ends the login).
 */
export const mirrorSession = (s: Omit<MirroredSession, 'renewedBy' | 'replaced'> | null) =>
  withSessionLock(async () => {
    if (!s) return del(KEY, store);
    const current = await readMirroredSession();
    if (current?.renewedBy === 'worker' && current.replaced === s.refresh) return;
    await set(KEY, { ...s, renewedBy: 'page' } satisfies MirroredSession, store);
  });

/** The worker renewed the session: the successor of `replaced`. */
export const saveWorkerRenewal = (s: Omit<MirroredSession, 'renewedBy' | 'replaced'>, replaced: string) =>
  set(KEY, { ...s, renewedBy: 'worker', replaced } satisfies MirroredSession, store);

/** The tokens the worker renewed from the page's refresh token, if it did. */
export async function takeWorkerRenewal(pageRefresh: string): Promise<{ access: string; refresh: string } | null> {
  const read = async () => {
    const s = await readMirroredSession();
    return s?.renewedBy === 'worker' && s.replaced === pageRefresh ? { access: s.access, refresh: s.refresh } : null;
  };
  const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), LOCK_WAIT_MS));
  const answer = await Promise.race([withSessionLock(read), timeout]);
  return answer === 'late' ? read() : answer;
}
