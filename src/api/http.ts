import { badRequest, noAnswer, offline, serverError } from '@core/first-messages';
import { ApiError, asErrorEnvelope } from './api-error';
import { isUnavailableStatus } from './unavailable';

/**
 * The HTTP core that the page (client.ts) and the service worker (sw/worker-replay.ts) share: the API's
 * base, how a request is built, how long it may wait, and what a failure says. Each side adds only its
 * own session handling, so a write says the same thing and waits as long whichever of the two sends it.
 */

export const API_BASE = '/api/v1';

/**
 * How long a call may wait for an answer: a hung request must never hold a screen or the outbox (a
 * phone "online" with no data gets no error, only silence). Uploads get longer on a slow line.
 * `firstAnswer`: how long a form waits for its write's first try before the write is shown as waiting in
 * the outbox (its request goes on: src/offline/outbox.ts), so that lie-fi never spins a save for 30 s.
 */
export const TIMEOUT_MS = { read: 20_000, write: 30_000, upload: 120_000, firstAnswer: 6_000 } as const;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The kind of a request, which sets its time-out: an upload (a form with files), another write, or a read. */
export function timeoutFor(method: Method, body: unknown): number {
  if (body instanceof FormData) return TIMEOUT_MS.upload;
  return method === 'GET' ? TIMEOUT_MS.read : TIMEOUT_MS.write;
}

/** Headers and body of a call: JSON unless the body is a form, and the write's Idempotency-Key. */
export function requestParts(body: unknown, idempotencyKey?: string): { headers: Record<string, string>; body: BodyInit | undefined } {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (body instanceof FormData) return { headers, body };
  if (body === undefined) return { headers, body: undefined };
  headers['Content-Type'] = 'application/json';
  return { headers, body: JSON.stringify(body) };
}

/**
 * fetch, given up after `timeoutMs` with no answer. No answer throws ApiError status 0: 'Il server non
 * risponde' after the time-out, 'Sei offline' when the request could not leave. The caller's own abort
 * (`signal`) stays an abort.
 */
export async function fetchWithin(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onAbort = () => timeout.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(url, { ...init, signal: timeout.signal });
  } catch {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
    throw new ApiError(0, timeout.signal.aborted ? noAnswer : offline);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The message an agent reads for a failed answer (the spec's error catalogue): below 500 the server's
 * message ('Richiesta non valida' when it sent none); a 503 or a gateway's error (502, 504) means the
 * server cannot be reached, so its own message or 'Il server non risponde'; any other 5xx the generic one.
 */
export function messageFor(status: number, serverMessage: string | undefined): string {
  if (isUnavailableStatus(status)) return serverMessage ?? noAnswer;
  if (status >= 500) return serverError;
  return serverMessage ?? badRequest;
}

/** A failed answer as ApiError: status, message, field errors and code from the error envelope when there is one. */
export async function errorFrom(res: Response): Promise<ApiError> {
  const envelope = asErrorEnvelope(await res.json().catch(() => null));
  return new ApiError(res.status, messageFor(res.status, envelope?.error.message), envelope?.errors ?? {}, envelope?.error.code);
}

/**
 * The file name a Content-Disposition suggests (RFC 6266): the UTF-8 `filename*` when there is one (a name
 * with 'Š' or '€'), else the plain `filename`, which the server sends as the ASCII fallback.
 */
export function dispositionFilename(disposition: string): string | null {
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return (
    /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i
      .exec(disposition)
      ?.slice(1)
      .find((v) => v !== undefined)
      ?.replace(/\\(.)/g, '$1') ?? null
  );
}
