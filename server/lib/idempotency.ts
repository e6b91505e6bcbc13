import { createHash } from 'node:crypto';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { MESSAGES } from '@core/i18n-messages';
import { inAmbientTransaction, type Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';

/** Route config of a create: its write and its Idempotency-Key's answer commit together (see the plugin below). */
export const atomic = { idempotency: 'atomic' } as const;

/** JSON with every object's keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The body's fingerprint; null when there is none to compare yet (multipart forms are read by the handler). */
const hashOf = (body: unknown): string | null => (body === undefined ? null : createHash('sha256').update(canonical(body)).digest('hex'));

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\w-]{8,128}$/;
const KEEP_DAYS = 7;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds: `claimedAt` is the key row's created_at it set (a takeover moves it). */
    idempotency: { userId: number; key: string; claimedAt: Date; answered?: boolean } | null;
  }
  interface FastifyContextConfig {
    /**
     * 'atomic': the route's writes and its key's answer commit in one transaction (see below). For
     * creates, which would otherwise run twice after a crash between the write and the stored answer.
     */
    idempotency?: 'atomic';
  }
}

/**
 * Writes that carry an `Idempotency-Key` run once per user and key: the first request records
 * the key before the handler runs (so concurrent duplicates find it), its answer is stored, and
 * every replay gets that first answer back. A duplicate arriving while the first is still
 * running gets 409 and retries. 5xx answers are not kept, so the write can be tried again.
 * A key still without an answer after `leaseMs` belongs to a request whose process died (its
 * write, in its own transaction, did not commit): the next retry takes it over and runs.
 * The outbox (src/offline) relies on this to deliver offline writes exactly once.
 *
 * A process can also die after the handler's write committed and before its answer was stored; the
 * retry would then take the key over and write again. Routes marked `config.idempotency: 'atomic'`
 * (the creates) close that gap: their handler runs in one transaction that every service's query joins
 * (db/client.ts, inAmbientTransaction), the answer is serialised and stored in that same transaction,
 * and only then sent. After a crash either both are there (the retry is answered from the key) or
 * neither (the retry runs once). The answer is stored only if the key row still carries this
 * request's claim, so a request that outlived its lease and was taken over rolls back instead of
 * writing a second time. (Quotations store the key with the row instead: quotations.client_key.)
 */
export const idempotencyPlugin = fp(async function idempotency(app: FastifyInstance, opts: { db: Db; leaseMs?: number }) {
  const { db } = opts;
  const leaseMs = opts.leaseMs ?? 30_000;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (!WRITE_METHODS.has(request.method) || typeof header !== 'string' || !request.auth) return;
    if (!KEY_PATTERN.test(header)) throw new AppError(400, MESSAGES.badRequest);
    const userId = request.auth.user.id;
    const claimedAt = new Date();
    const requestHash = hashOf(request.body);
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key: header, method: request.method, path: request.url, requestHash, createdAt: claimedAt })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) {
      request.idempotency = { userId, key: header, claimedAt };
      return;
    }
    const [prior] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    if (!prior) throw new AppError(409, MESSAGES.idempotencyInFlight);
    // The same key for another request (method, path or body): refused, never answered with the first one's result.
    const otherBody = prior.requestHash !== null && requestHash !== null && prior.requestHash !== requestHash;
    if (prior.method !== request.method || prior.path !== request.url || otherBody) throw new AppError(422, MESSAGES.idempotencyMismatch);
    if (prior.statusCode === null) {
      // Only one retry wins the takeover: the row's created_at moves, so the others' condition fails.
      const key = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header));
      const takenAt = new Date();
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: takenAt })
        .where(and(key, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, new Date(takenAt.getTime() - leaseMs))))
        .returning({ key: idempotencyKeys.key });
      if (taken.length !== 1) throw new AppError(409, MESSAGES.idempotencyInFlight);
      request.idempotency = { userId, key: header, claimedAt: takenAt };
      return;
    }
    return reply.status(prior.statusCode).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(prior.response);
  });

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotency !== 'atomic') return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function atomicWrite(request, reply) {
      const idem = request.idempotency;
      if (!idem) return handler.call(this, request, reply);
      const payload = await inAmbientTransaction(db, async (tx) => {
        const result: unknown = await handler.call(this, request, reply);
        if (result === reply || reply.sent) throw new Error(`${route.method} ${route.url}: an atomic route returns its answer, it does not send it`);
        const body = reply.serialize(result) as string;
        const stored = await tx
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, response: JSON.parse(body) as unknown })
          .where(
            and(
              eq(idempotencyKeys.userId, idem.userId),
              eq(idempotencyKeys.key, idem.key),
              isNull(idempotencyKeys.statusCode),
              eq(idempotencyKeys.createdAt, idem.claimedAt),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        // Taken over by a retry after this request's lease ran out: that retry does the write, this one rolls back.
        if (stored.length !== 1) throw new AppError(409, MESSAGES.idempotencyInFlight);
        return body;
      });
      idem.answered = true;
      return reply.type('application/json; charset=utf-8').send(payload);
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem || idem.answered) return payload;
    // Only while the key still carries this request's claim: a retry that took it over owns it now.
    const where = and(eq(idempotencyKeys.userId, idem.userId), eq(idempotencyKeys.key, idem.key), eq(idempotencyKeys.createdAt, idem.claimedAt));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let body: unknown = null;
    if (typeof payload === 'string') {
      try {
        body = JSON.parse(payload);
      } catch {
        body = null;
      }
    }
    await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response: body }).where(where);
    return payload;
  });

  // Old keys are dropped now and then; a replay older than a week is a new write.
  let lastSweep = 0;
  app.addHook('onResponse', async () => {
    if (Date.now() - lastSweep < 3600_000) return;
    lastSweep = Date.now();
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_DAYS * 86400_000)));
  });
});
