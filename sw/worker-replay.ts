/// <reference lib="webworker" />
import { MESSAGES } from '@core/i18n-messages';
import { ApiError } from '../src/api/api-error';
import { isUnavailableStatus } from '../src/api/unavailable';
import { db } from '../src/offline/db';
import { createOutbox, type SendWrite } from '../src/offline/outbox';
import { readWorkerSession } from '../src/offline/worker-session';

const API = '/api/v1';
const TIMEOUT_MS = 30_000;

/**
 * Sends the outbox from the service worker, with no page open: the same outbox rules as the page
 * (order, dependencies, Idempotency-Keys, rejections kept), with the access token the page mirrored.
 * 'retry' when writes are still waiting for the network; 'done' otherwise (sent, rejected, or left
 * for the app because the session needs renewing).
 */
export async function replayOutbox(): Promise<'done' | 'retry'> {
  const s = await readWorkerSession();
  if (!s) return 'done';
  const send: SendWrite = async (path, { method, body, idempotencyKey }) => {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${s.access}`, 'Idempotency-Key': idempotencyKey };
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
    if (res.ok) return res;
    const json = (await res.json().catch(() => null)) as { error?: { message?: string; code?: string }; errors?: Record<string, string[]> } | null;
    const message = res.status >= 500 && !isUnavailableStatus(res.status) ? MESSAGES.serverError : (json?.error?.message ?? MESSAGES.badRequest);
    throw new ApiError(res.status, message, json?.errors ?? {}, json?.error?.code);
  };
  const outbox = createOutbox(db, () => s.userId, { send });
  await outbox.flush();
  if (outbox.isPaused()) return 'done'; // 401: the app renews the session and sends the rest
  const waiting = await db.outbox.where('userId').equals(s.userId).filter((e) => e.status === 'pending' && (e.lastStatus === undefined || isUnavailableStatus(e.lastStatus))).count();
  return waiting > 0 ? 'retry' : 'done';
}
