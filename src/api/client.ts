import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '@core/schemas/common';
import { it } from '../i18n/it';
import { session } from './session';

export const API_BASE = '/api/v1';

/** Every failed call becomes this: the status, the message to show and the field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly code?: string,
  ) {
    super(message);
  }
  get isOffline() {
    return this.status === 0;
  }
  /** First message of a field, as forms show it (catalogue-and-account.md §8: "first shown"). */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

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
};

function buildUrl(path: string, query?: RequestOptions['query'], base: string = API_BASE) {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\//, '')}`;
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

/** Sends a request with the session's tokens and returns the raw response, or throws ApiError. */
export async function send(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.base === undefined ? authHeaders() : {}) };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query, opts.base), { method: opts.method ?? 'GET', headers, body, signal: opts.signal ?? null });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, it.common.offline);
  }
  if (opts.base === undefined) {
    const access = res.headers.get('X-Access-Token');
    const refresh = res.headers.get('X-Refresh-Token');
    if (access || refresh) session.set({ access, refresh });
  }
  if (res.ok) return res;
  throw await toApiError(res, opts.base === undefined);
}

async function toApiError(res: Response, ownApi: boolean): Promise<ApiError> {
  let parsed: z.infer<typeof ErrorEnvelopeSchema> | null = null;
  try {
    const result = ErrorEnvelopeSchema.safeParse(await res.json());
    if (result.success) parsed = result.data;
  } catch {
    // not JSON: fall through to the generic messages
  }
  // The spec's error catalogue: below 500 the server's message (default 'Richiesta non valida'), else a generic one.
  const message = res.status >= 500 && res.status !== 503 ? it.common.serverError : (parsed?.error.message ?? it.common.badRequest);
  // Only our API's 401 and 503 end the session; another service's say nothing about it.
  if (ownApi && res.status === 401) session.emit('unauthorized');
  if (ownApi && res.status === 503) session.emit('unavailable');
  return new ApiError(res.status, message, parsed?.errors ?? {}, parsed?.error.code);
}

/** JSON call; with a schema the answer is checked against the contract in core/schemas. */
export async function api<T>(path: string, opts: RequestOptions & { schema?: z.ZodType<T> } = {}): Promise<T> {
  const res = await send(path, opts);
  const json: unknown = await res.json();
  return opts.schema ? opts.schema.parse(json) : (json as T);
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
