import type { ErrorEnvelope } from '@core/schemas/common';
import { isUnavailableStatus } from './unavailable';

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
  /** No answer: offline, or the server did not answer in time. */
  get isOffline() {
    return this.status === 0;
  }
  /** Nobody could serve it now (no answer, or the server or a gateway said unavailable): worth trying again later. */
  get isUnavailable() {
    return isUnavailableStatus(this.status);
  }
  /** First message of a field, as forms show it (account spec §8: "first shown"). */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

/**
 * The error envelope (core/schemas/common.ts, ErrorEnvelopeSchema), read by hand: the client is in the
 * login screen's bundle, which does not load zod, and the service worker reads it too (sw/worker-replay.ts). A body of another shape counts as no envelope.
 */
export function asErrorEnvelope(body: unknown): ErrorEnvelope | null {
  const b = body as Partial<ErrorEnvelope> | null;
  const error = b?.error;
  if (!error || typeof error.message !== 'string' || typeof error.http_code !== 'number' || !b.errors || typeof b.errors !== 'object') return null;
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(b.errors)) if (Array.isArray(v)) errors[k] = v.filter((m): m is string => typeof m === 'string');
  return { error: { http_code: error.http_code, message: error.message, ...(typeof error.code === 'string' ? { code: error.code } : {}) }, errors };
}
