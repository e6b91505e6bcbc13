import { it } from '../i18n/it';
import type { ErrorEnvelope } from '@core/schemas/common';
import { ApiError, asErrorEnvelope } from './api-error';
import { serverUrl } from './origin';
import { serverAnswered, serverUnreachable } from './reachability';
import { isUnavailableStatus } from './unavailable';
import { session } from './session';
import { takeWorkerRenewal } from './session-mirror';

export const API_BASE = '/api/v1';

export { ApiError } from './api-error';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * Another service's base (absolute path or URL) instead of /api/v1, e.g. the prescoring group whose base
   * the configuration gives. Such calls carry no session tokens: those belong to our API only.
   */
  base?: string;
  /** Gives up after this long with no answer (an ApiError with status 0, as offline). */
  timeoutMs?: number;
};

/**
 * How long a call may wait for an answer: a hung request must never hold a screen or the outbox (a
 * phone "online" with no data gets no error, only silence). Uploads get longer on a slow line.
 * `firstAnswer`: how long a form waits for its write's first try before the write is shown as waiting in
 * the outbox (its request goes on: src/offline/outbox.ts), so that lie-fi never spins a save for 30 s.
 */
export const TIMEOUT_MS = { read: 20_000, write: 30_000, upload: 120_000, firstAnswer: 6_000 } as const;

function buildUrl(path: string, query?: RequestOptions['query'], base: string = API_BASE) {
  const url = serverUrl(`${base.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const access = session.access();
  const refresh = session.refresh();
  if (access) headers.Authorization = `Bearer ${access}`;
  if (refresh) headers['X-Refresh-Token'] = refresh;
  return headers;
}

let adoption: Promise<void> | undefined;
/**
 * Before this page first uses its refresh token: the service worker may have renewed the session while
 * no page was open (session-mirror.ts), and then only its successor is still good.
 */
function adoptWorkerRenewal(): Promise<void> {
  adoption ??= (async () => {
    const refresh = session.refresh();
    const renewed = refresh ? await takeWorkerRenewal(refresh).catch(() => null) : null;
    if (renewed) session.set(renewed);
  })();
  return adoption;
}

/** Sends a request with the session's tokens and returns the raw response, or throws ApiError. */
export async function send(path: string, opts: RequestOptions = {}): Promise<Response> {
  if (opts.base === undefined) await adoptWorkerRenewal();
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.base === undefined ? authHeaders() : {}) };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const ownApi = opts.base === undefined;
  const method = opts.method ?? 'GET';
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(),
    opts.timeoutMs ?? (body instanceof FormData ? TIMEOUT_MS.upload : method === 'GET' ? TIMEOUT_MS.read : TIMEOUT_MS.write),
  );
  const onAbort = () => timeout.abort();
  opts.signal?.addEventListener('abort', onAbort);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query, opts.base), { method, headers, body, signal: timeout.signal });
  } catch {
    // The caller's own abort stays an abort; our time-out is "no answer", as offline.
    if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new DOMException('Aborted', 'AbortError');
    if (ownApi) serverUnreachable();
    throw new ApiError(0, timeout.signal.aborted ? it.common.noAnswer : it.common.offline);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (ownApi) {
    if (isUnavailableStatus(res.status)) serverUnreachable();
    else serverAnswered();
    const access = res.headers.get('X-Access-Token');
    const refresh = res.headers.get('X-Refresh-Token');
    if (access || refresh) session.set({ access, refresh });
  }
  if (res.ok) return res;
  throw await toApiError(res, opts.base === undefined);
}

async function toApiError(res: Response, ownApi: boolean): Promise<ApiError> {
  let parsed: ErrorEnvelope | null = null;
  try {
    parsed = asErrorEnvelope(await res.json());
  } catch {
    // not JSON: fall through to the generic messages
  }
  // The spec's error catalogue: below 500 the server's message (default 'Richiesta non valida'), else a generic one.
  // A gateway's error page (502, 504) or a 503 without our envelope: the server cannot be reached.
  const message = isUnavailableStatus(res.status)
    ? (parsed?.error.message ?? it.common.noAnswer)
    : res.status >= 500
      ? it.common.serverError
      : (parsed?.error.message ?? it.common.badRequest);
  // Only our API's 401 (the server could not renew the session) ends it; a 503 or a gateway's error
  // says the server cannot be reached, never that the agent is logged out (reachability.ts).
  if (ownApi && res.status === 401) session.emit('unauthorized');
  return new ApiError(res.status, message, parsed?.errors ?? {}, parsed?.error.code);
}

/** The `{ data }` envelope of most answers. */
export type Data<T> = { data: T };

/**
 * JSON call, typed by the caller from the contract in core/schemas (`api<Data<z.infer<typeof XSchema>>>`).
 * The server checks every answer against that schema before sending it (its serializer, server/app.ts), so
 * the app does not parse it a second time: zod stays out of the first screens (docs/decisions.md, issue 18).
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  return (await res.json()) as T;
}

/** A file answer (PDF, xlsx): the blob and the name the server suggests. */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, opts);
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await res.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

/** Saves a blob as a download (the spec's 'Preventivi.xlsx', 'Preventivo-{timestamp}.pdf'). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
