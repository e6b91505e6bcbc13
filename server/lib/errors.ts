import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '@core/i18n-messages';

export type FieldErrors = Record<string, string[]>;

/** Every failure the client can act on; the handler below turns it into the spec's envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MESSAGES.badRequest, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.sessionExpired) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
export const invalid = (errors: FieldErrors, message: string = MESSAGES.formErrors, code?: string) => new AppError(422, message, errors, code);

export function envelope(statusCode: number, message: string, errors: FieldErrors = {}, code?: string) {
  return { error: { http_code: statusCode, message, ...(code ? { code } : {}) }, errors };
}

/** zod issue paths ('customer.email', 'answers.income') become the envelope's field keys. */
function zodFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export type ErrorReply = { status: number; body: ReturnType<typeof envelope> };

/**
 * A PostgreSQL 'data exception' (SQLSTATE class 22: a number out of an integer column's range, text
 * the database cannot hold...), directly or as the cause of a driver/ORM error: input that got past
 * the schemas, not a fault of the server.
 */
export function isDataException(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The status and envelope of any thrown error; 5xx are logged with the request id, never leaked. */
export function errorReply(err: FastifyError, request: FastifyRequest): ErrorReply {
  const reply = (status: number, message: string, errors?: FieldErrors, code?: string): ErrorReply => ({ status, body: envelope(status, message, errors, code) });
  if (err instanceof AppError) return reply(err.statusCode, err.message, err.errors, err.code);
  if (hasZodFastifySchemaValidationErrors(err)) return reply(422, MESSAGES.formErrors, validationFieldErrors(err));
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
    return reply(500, MESSAGES.serverError);
  }
  if (isDataException(err)) {
    // Logged: the route's schema should have refused this input (a bound is missing).
    request.log.warn({ err }, 'input refused by the database');
    return reply(400, MESSAGES.badRequest);
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'unhandled error');
    return reply(500, MESSAGES.serverError);
  }
  // Fastify's own 4xx (bad JSON, payload too large, unsupported media type...): never leak internals.
  const message =
    status === 413 ? MESSAGES.payloadTooLarge : status === 415 ? MESSAGES.unsupportedMedia : status === 429 ? MESSAGES.tooManyRequests : MESSAGES.badRequest;
  return reply(status, message);
}

/** Field errors of a request that failed its route's zod schema (body, query, params). */
export function validationFieldErrors(err: FastifyError): FieldErrors {
  if (!hasZodFastifySchemaValidationErrors(err)) return {};
  return zodFieldErrors(
    err.validation.map((v) => ({
      path: (v.instancePath || '').split('/').filter(Boolean),
      message: v.message ?? MESSAGES.invalidValue,
    })),
  );
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = errorReply(err, request);
    return reply.status(status).send(body);
  });
}
