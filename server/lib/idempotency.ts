import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { MESSAGES } from '@core/i18n-messages';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\w-]{8,128}$/;
const KEEP_DAYS = 7;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
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
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key: header, method: request.method, path: request.url })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 1) {
      request.idempotency = { userId, key: header };
      return;
    }
    const [prior] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
    if (!prior) throw new AppError(409, MESSAGES.idempotencyInFlight);
    if (prior.method !== request.method || prior.path !== request.url) throw new AppError(422, MESSAGES.idempotencyMismatch);
    if (prior.statusCode === null) {
      // Only one retry wins the takeover: the row's created_at moves, so the others' condition fails.
      const key = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header));
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date() })
        .where(and(key, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, new Date(Date.now() - leaseMs))))
        .returning({ key: idempotencyKeys.key });
      if (taken.length !== 1) throw new AppError(409, MESSAGES.idempotencyInFlight);
      request.idempotency = { userId, key: header };
      return;
    }
    return reply.status(prior.statusCode).header('Idempotent-Replayed', 'true').type('application/json; charset=utf-8').send(prior.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const idem = request.idempotency;
    if (!idem) return payload;
    const where = and(eq(idempotencyKeys.userId, idem.userId), eq(idempotencyKeys.key, idem.key));
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
