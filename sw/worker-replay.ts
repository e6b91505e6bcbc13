/// <reference lib="webworker" />
import { MESSAGES } from '@core/i18n-messages';
import { ApiError, asErrorEnvelope } from '../src/api/api-error';
import { readMirroredSession, saveWorkerRenewal, withSessionLock } from '../src/api/session-mirror';
import { isUnavailableStatus } from '../src/api/unavailable';
import { db } from '../src/offline/db';
import { createOutbox, type SendWrite } from '../src/offline/outbox';

const API = '/api/v1';
const TIMEOUT_MS = 30_000;

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
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${s.access}`,
      'X-Refresh-Token': s.refresh,
      'Idempotency-Key': idempotencyKey,
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(`${API}/${path.replace(/^\//, '')}`, { method, headers, body: payload, signal: controller.signal });
    } catch {
      throw new ApiError(0, MESSAGES.serverError);
    } finally {
      clearTimeout(timer);
    }
    const access = res.headers.get('X-Access-Token');
    const refresh = res.headers.get('X-Refresh-Token');
    if (access && refresh) {
      const replaced = s.refresh;
      Object.assign(s, { access, refresh });
      await saveWorkerRenewal({ access, refresh, userId: s.userId }, replaced);
    }
    if (res.ok) return res;
    const envelope = asErrorEnvelope(await res.json().catch(() => null));
    const message = res.status >= 500 && !isUnavailableStatus(res.status) ? MESSAGES.serverError : (envelope?.error.message ?? MESSAGES.badRequest);
    throw new ApiError(res.status, message, envelope?.errors ?? {}, envelope?.error.code);
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
