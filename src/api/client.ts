import { API_BASE, dispositionFilename, errorFrom, fetchWithin, requestParts, timeoutFor, type Method } from './http';
import { serverUrl } from './origin';
import { serverAnswered, serverUnreachable } from './reachability';
import { isUnavailableStatus } from './unavailable';
import { session } from './session';
import { takeWorkerRenewal } from './session-mirror';

export { API_BASE, TIMEOUT_MS } from './http';
export { ApiError } from './api-error';

export type RequestOptions = {
  method?: Method;
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
  const ownApi = opts.base === undefined;
  if (ownApi) await adoptWorkerRenewal();
  const method = opts.method ?? 'GET';
  const parts = requestParts(opts.body, opts.idempotencyKey);
  const headers = ownApi ? { ...parts.headers, ...authHeaders() } : parts.headers;
  let res: Response;
  try {
    res = await fetchWithin(
      buildUrl(path, opts.query, opts.base),
      { method, headers, body: parts.body },
      opts.timeoutMs ?? timeoutFor(method, opts.body),
      opts.signal,
    );
  } catch (error) {
    if (ownApi && !opts.signal?.aborted) serverUnreachable();
    throw error;
  }
  if (ownApi) {
    if (isUnavailableStatus(res.status)) serverUnreachable();
    else serverAnswered();
    const access = res.headers.get('X-Access-Token');
    const refresh = res.headers.get('X-Refresh-Token');
    if (access || refresh) session.set({ access, refresh });
  }
  if (res.ok) return res;
  const error = await errorFrom(res);
  // Only our API's 401 (the server could not renew the session) ends it; a 503 or a gateway's error
  // says the server cannot be reached, never that the agent is logged out (reachability.ts).
  if (ownApi && res.status === 401) session.emit('unauthorized');
  throw error;
}

/** The `{ data }` envelope of most answers. */
export type Data<T> = { data: T };

/**
 * JSON call, typed by the caller from the contract in core/schemas (`api<Data<z.infer<typeof XSchema>>>`).
 * The server checks every answer against that schema before sending it (its serializer, server/app.ts), so
 * the app does not parse it a second time: zod stays out of the first screens (docs/adr/0116-zod-one-door-not-on-first-screens.md).
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  return (await res.json()) as T;
}

/** A file answer (PDF, xlsx): the blob and the name the server suggests. */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, opts);
  return { blob: await res.blob(), filename: dispositionFilename(res.headers.get('Content-Disposition') ?? '') };
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
