/// <reference lib="webworker" />
import { API_BASE, errorFrom, fetchWithin, requestParts, timeoutFor } from '../src/api/http';
import { readMirroredSession, saveWorkerRenewal, withSessionLock } from '../src/api/session-mirror';
import { isUnavailableStatus } from '../src/api/unavailable';
import { db } from '../src/offline/db';
import { createOutbox, type SendWrite } from '../src/offline/outbox';

/**
 * Sends the outbox from the service worker, with no page open: the same outbox rules as the page
 * (order, dependencies, Idempotency-Keys, rejections kept), with the session the page mirrored. An
 * expired access token is renewed as the page would (the refresh token travels with each call and the
 * server answers with the successors), and the successors are written back for the page to take over
 * (api/session-mirror.ts), all under the session lock.
 * 'retry' when writes are still waiting for the network; 'done' otherwise (sent, rejected, or left
 * for the app because the session is over).
 */
export function replayOutbox(): Promise<'done' | 'retry'> {
  return withSessionLock(replay);
}

async function replay(): Promise<'done' | 'retry'> {
  const mirrored = await readMirroredSession();
  if (!mirrored) return 'done';
  const s = { ...mirrored };
  const send: SendWrite = async (path, { method, body, idempotencyKey }) => {
    // The page's HTTP core (src/api/http.ts): the same headers, time-outs per kind and messages.
    const parts = requestParts(body, idempotencyKey);
    const headers = { ...parts.headers, Authorization: `Bearer ${s.access}`, 'X-Refresh-Token': s.refresh };
    const res = await fetchWithin(`${API_BASE}/${path.replace(/^\//, '')}`, { method, headers, body: parts.body }, timeoutFor(method, body));
    const access = res.headers.get('X-Access-Token');
    const refresh = res.headers.get('X-Refresh-Token');
    if (access && refresh) {
      const replaced = s.refresh;
      Object.assign(s, { access, refresh });
      await saveWorkerRenewal({ access, refresh, userId: s.userId }, replaced);
    }
    if (res.ok) return res;
    throw await errorFrom(res);
  };
  const outbox = createOutbox(db, () => s.userId, { send });
  await outbox.flush();
  if (outbox.isPaused()) return 'done'; // 401: the session is over; the app asks the agent to log in
  const waiting = await db.outbox
    .where('userId')
    .equals(s.userId)
    .filter((e) => e.status === 'pending' && (e.lastStatus === undefined || isUnavailableStatus(e.lastStatus)))
    .count();
  return waiting > 0 ? 'retry' : 'done';
}
