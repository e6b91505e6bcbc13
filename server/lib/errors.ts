import { validateHeaderValue } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
    /** Headers the answer carries (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
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

/** 429: too many attempts; the client may try again after `retryAfterSeconds` (Retry-After). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, {}, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

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

export type ErrorReply = { status: number; body: ReturnType<typeof envelope>; headers?: Record<string, string>; databaseDown?: boolean };

/** Seconds a client is asked to wait (Retry-After) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres says these in words, without a code.
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * The database could not be reached or dropped the connection (the server is down, restarting, or a
 * backend was terminated): a network error of the driver, SQLSTATE class 08 (connection exception) or
 * 57P01-57P03 (shut down, crashed, starting up), directly or as the cause of an ORM error. Not the
 * client's fault and not a bug: answered 503 with Retry-After.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The 503 of a request that failed because the database is unreachable. */
export function databaseUnavailableReply(): ErrorReply {
  return { status: 503, body: envelope(503, MESSAGES.maintenance), headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) }, databaseDown: true };
}

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

/**
 * A PostgreSQL integrity constraint violation (SQLSTATE class 23: a foreign key to a row that does not
 * exist, a duplicate, a missing or out-of-range value), directly or as the cause of a driver/ORM error:
 * input that names something the database does not hold, never a fault of the server.
 */
export function constraintViolation(err: unknown): { column: string | null } | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, column, detail } = e as { code?: unknown; column?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^23[0-9A-Z]{3}$/.test(code)) {
      // 'Key (car_id)=(999) is not present in table "cars".': the first column of the key.
      const fromDetail = typeof detail === 'string' ? /^Key \(([\w"]+)/.exec(detail)?.[1]?.replaceAll('"', '') : undefined;
      return { column: typeof column === 'string' && column ? column : (fromDetail ?? null) };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The API's name of a table column: snake_case as the payloads write it, a reference without its `_id` ('car_id' is the field `car`). */
const fieldOfColumn = (column: string) => column.replace(/_id$/, '');

/** The status and envelope of any thrown error; 5xx are logged with the request id, never leaked. */
export function errorReply(err: FastifyError, request: FastifyRequest): ErrorReply {
  const reply = (status: number, message: string, errors?: FieldErrors, code?: string): ErrorReply => ({
    status,
    body: envelope(status, message, errors, code),
  });
  if (err instanceof AppError) return { ...reply(err.statusCode, err.message, err.errors, err.code), headers: err.headers };
  if (hasZodFastifySchemaValidationErrors(err)) return reply(422, MESSAGES.formErrors, validationFieldErrors(err));
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
    return reply(500, MESSAGES.serverError);
  }
  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, 'database unreachable');
    return databaseUnavailableReply();
  }
  if (isDataException(err)) {
    // Logged: the route's schema should have refused this input (a bound is missing).
    request.log.warn({ err }, 'input refused by the database');
    return reply(400, MESSAGES.badRequest);
  }
  const violation = constraintViolation(err);
  if (violation) {
    // Logged like the data exceptions: the service should have checked this (an id that does not exist...).
    request.log.warn({ err }, 'input refused by a database constraint');
    return reply(422, MESSAGES.formErrors, { [violation.column ? fieldOfColumn(violation.column) : '_']: [MESSAGES.invalidValue] });
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

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed request line, headers
 * over Node's 16 KB, a request too slow to arrive): answered in the error envelope with an Italian
 * message like every other error, instead of Fastify's English JSON, then the connection is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection is gone: nothing to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', MESSAGES.requestTimeout]
        : [400, 'Bad Request', MESSAGES.badRequest];
  const body = JSON.stringify(envelope(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * Sends an error reply (its headers too). An error that looks like a lost database is answered 503 only
 * once a probe confirms the database does not answer (the same network errors can come from elsewhere,
 * e.g. an SMTP server, and a 503 sends the app to /login); then the monitor knows it is down.
 */
export async function sendErrorReply(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorReply(err, request);
  const health = request.server.databaseHealth;
  const { status, body, headers } =
    answer.databaseDown && health && (await health.probeNow()) ? { status: 500, body: envelope(500, MESSAGES.serverError), headers: {} } : answer;
  // A file route that failed after naming its file: the envelope is JSON and names no file.
  for (const name of ['content-type', 'content-disposition', 'content-length']) reply.removeHeader(name);
  return reply
    .status(status)
    .headers(headers ?? {})
    .send(body);
}

/**
 * A header value Node would refuse (a character outside Latin-1, a line break) makes the answer fail
 * when its headers are written, past the error handler: Fastify then sends its own English body. Checked
 * here first, the header is dropped and the failure answered like any other error, in the envelope.
 */
async function checkHeaders(_request: FastifyRequest, reply: FastifyReply) {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    try {
      for (const v of [value].flat()) validateHeaderValue(name, String(v));
    } catch (err) {
      reply.removeHeader(name);
      throw err;
    }
  }
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => sendErrorReply(err, request, reply));
  app.addHook('onSend', checkHeaders);
}
