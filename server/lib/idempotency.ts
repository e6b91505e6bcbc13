import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
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
/** How often a duplicate looks again for the first request's answer while it waits. */
const POLL_MS = 25;
/** A duplicate that waited its time and still found no answer is asked to come back after this long. */
const RETRY_AFTER_SECONDS = 2;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** An answer stored sealed (see `idempotencyAnswer`): AES-256-GCM under a key only the Idempotency-Key gives. */
function seal(answer: unknown, key: Buffer): { sealed: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64') };
}
function unseal(stored: unknown, key: Buffer): unknown {
  const raw = Buffer.from((stored as { sealed: string }).sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as unknown;
}

const toStore = (answer: unknown, key: Buffer | undefined) => (key ? seal(answer, key) : answer);

/**
 * Whose keys a request's key is among: a signed-in user's, or, on a public route that names one (the
 * customer's link: `config.idempotencyScope`), that key space, kept under user 0, which no user has.
 */
function scopeOf(request: FastifyRequest): { userId: number; prefix: string } | null {
  if (request.auth) return { userId: request.auth.user.id, prefix: '' };
  const scope = request.routeOptions.config.idempotencyScope?.(request);
  return scope ? { userId: 0, prefix: `${scope}:` } : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request holds: `claimedAt` is the key row's created_at it set (a takeover moves it). */
    idempotency: { userId: number; key: string; claimedAt: Date; answered?: boolean; seal?: Buffer } | null;
  }
  interface FastifyContextConfig {
    /**
     * 'atomic': the route's writes and its key's answer commit in one transaction (see below). For
     * creates, which would otherwise run twice after a crash between the write and the stored answer.
     */
    idempotency?: 'atomic';
    /**
     * A public route whose writes take an Idempotency-Key too: the key space of its caller, who is not
     * signed in (the customer's link: its token's hash, quotations/share-routes.ts). Without it a public
     * route ignores the header.
     */
    idempotencyScope?: (request: FastifyRequest) => string | null;
    /**
     * 'sealed': the answer holds a secret shown once (a new API key). It is stored encrypted with a key made
     * from the Idempotency-Key, and the row is found by that key's hash, so only the caller who holds the
     * key can have it replayed; a copy of the database holds no usable secret (docs/adr/0030).
     */
    idempotencyAnswer?: 'sealed';
  }
}

/**
 * Writes that carry an `Idempotency-Key` run once per user and key: the first request records
 * the key before the handler runs (so concurrent duplicates find it), its answer is stored, and
 * every replay gets that first answer back. A duplicate arriving while the first is still
 * running waits for its answer (up to `waitMs`) and gets the same; past that, 409 with Retry-After.
 * Only successes are kept: an error wrote nothing, so its key is given back and the same intent,
 * corrected or tried again, runs (docs/adr/0030-one-intent-one-write.md).
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
export const idempotencyPlugin = fp(async function idempotency(app: FastifyInstance, opts: { db: Db; leaseMs?: number; waitMs?: number }) {
  const { db } = opts;
  const leaseMs = opts.leaseMs ?? 30_000;
  const waitMs = opts.waitMs ?? 10_000;
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (!WRITE_METHODS.has(request.method) || typeof header !== 'string') return;
    const scope = scopeOf(request);
    if (!scope) return;
    if (!KEY_PATTERN.test(header)) throw new AppError(400, MESSAGES.badRequest);
    const { userId } = scope;
    const sealed = request.routeOptions.config.idempotencyAnswer === 'sealed';
    // A sealed answer's row is found by the key's hash; the key itself opens the answer.
    const key = sealed ? `sealed-${sha256(`${scope.prefix}${header}`).toString('hex')}` : `${scope.prefix}${header}`;
    const sealKey = sealed ? sha256(`answer:${header}`) : undefined;
    const requestHash = hashOf(request.body);
    const deadline = Date.now() + waitMs;
    const row = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    for (;;) {
      const claimedAt = new Date();
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ userId, key, method: request.method, path: request.url, requestHash, createdAt: claimedAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 1) {
        request.idempotency = { userId, key, claimedAt, ...(sealKey ? { seal: sealKey } : {}) };
        return;
      }
      const [prior] = await db.select().from(idempotencyKeys).where(row);
      if (prior) {
        // The same key for another request (method, path or body): refused, never answered with the first one's result.
        const otherBody = prior.requestHash !== null && requestHash !== null && prior.requestHash !== requestHash;
        if (prior.method !== request.method || prior.path !== request.url || otherBody) throw new AppError(422, MESSAGES.idempotencyMismatch);
        if (prior.statusCode !== null)
          return reply
            .status(prior.statusCode)
            .header('Idempotent-Replayed', 'true')
            .type('application/json; charset=utf-8')
            .send(sealKey ? unseal(prior.response, sealKey) : prior.response);
        // Past its lease, its request is presumed dead. Only one retry wins the takeover: the row's
        // created_at moves, so the others' condition fails.
        if (prior.createdAt.getTime() < Date.now() - leaseMs) {
          const takenAt = new Date();
          const taken = await db
            .update(idempotencyKeys)
            .set({ createdAt: takenAt })
            .where(and(row, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, new Date(takenAt.getTime() - leaseMs))))
            .returning({ key: idempotencyKeys.key });
          if (taken.length === 1) {
            request.idempotency = { userId, key, claimedAt: takenAt, ...(sealKey ? { seal: sealKey } : {}) };
            return;
          }
        }
      }
      // The first request is still running: wait for its answer, then answer the same
      // (docs/adr/0030-one-intent-one-write.md); past the wait, 409 and come back later. A key given back
      // meanwhile (its request failed) is claimed at once by the next turn.
      if (Date.now() >= deadline) {
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new AppError(409, MESSAGES.idempotencyInFlight);
      }
      if (prior) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
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
          .set({ statusCode: reply.statusCode, response: toStore(JSON.parse(body) as unknown, idem.seal) })
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
    // Only a success is kept. An error wrote nothing: the key is given back, so the same intent sent again
    // (the form corrected after a 422, or tried again after a 5xx) runs, with its new body (docs/adr/0030).
    if (reply.statusCode >= 400) {
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
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, response: toStore(body, idem.seal) })
      .where(where);
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
