import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { idempotencyKeys, mails, users } from '../db/schema';
import { seedDemo } from '../db/seed';
import { DEMO_PASSWORD } from '../db/seed/users';
import { AuthService } from '../modules/auth/service';
import { TokenService } from '../modules/auth/tokens';
import { loadConfig } from '../config';
import { createTestDatabase } from '../test/helper';
import { authPlugin } from './auth';
import { registerErrorHandling } from './errors';
import { idempotencyPlugin } from './idempotency';

// The auth guard and the idempotency plugin on a minimal app with test-only routes.
let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let auth: AuthService;
let failNext = false;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await seedDemo(database.db);
  const tokens = new TokenService(database.db, 'x'.repeat(40), 900, 3600);
  auth = new AuthService(database.db, tokens, { send: async () => {} }, loadConfig({}));
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(authPlugin, { db: database.db, tokens });
  await app.register(idempotencyPlugin, { db: database.db, leaseMs: 60_000, waitMs: 500 });
  app.get('/catalog-only', { config: { feature: 'catalog' } }, async () => ({ ok: true }));
  app.get('/leaders-only', { config: { role: 1, feature: 'network' } }, async () => ({ ok: true }));
  app.post<{ Body: { text: string } }>('/notes', async (req, reply) => {
    await new Promise((r) => setTimeout(r, 50));
    if (failNext) {
      failNext = false;
      throw new Error('boom');
    }
    const [row] = await database.db.insert(mails).values({ to: 'notes@test', subject: 'nota', text: req.body.text }).returning();
    return reply.status(201).send({ data: { id: row!.id, text: row!.text } });
  });
});
afterAll(async () => {
  await app.close();
  await drop();
});

const headersFor = async (email: string) => {
  const { tokens } = await auth.login(email, DEMO_PASSWORD, '127.0.0.1');
  return { authorization: `Bearer ${tokens.access_token}` };
};

describe('feature and role guards', () => {
  it.each([
    ['completo@demo.it', '/catalog-only', 200],
    ['agente@demo.it', '/catalog-only', 403],
    ['capogruppo@demo.it', '/leaders-only', 200],
    ['sara.conti@demo.it', '/leaders-only', 403],
    ['completo@demo.it', '/leaders-only', 403],
  ])('%s on %s gets %i', async (email, url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: await headersFor(email) });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json()).toMatchObject({ error: { http_code: 403 }, errors: {} });
  });
});

describe('idempotency keys', () => {
  const countNotes = async () => (await database.db.select({ n: count() }).from(mails).where(eq(mails.to, 'notes@test')))[0]!.n;

  it('creates one record for concurrent duplicates, which wait for the first answer and get it too', async () => {
    const headers = { ...(await headersFor('completo@demo.it')), 'idempotency-key': 'key-concurrent-0001' };
    const before = await countNotes();
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ method: 'POST', url: '/notes', headers, payload: { text: 'una volta' } })));
    expect(await countNotes()).toBe(before + 1);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(5);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const replay = await app.inject({ method: 'POST', url: '/notes', headers, payload: { text: 'una volta' } });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(created[0]!.json());
    expect(await countNotes()).toBe(before + 1);
  });

  it('keeps keys per user', async () => {
    const key = { 'idempotency-key': 'key-shared-00000001' };
    const before = await countNotes();
    await app.inject({ method: 'POST', url: '/notes', headers: { ...(await headersFor('completo@demo.it')), ...key }, payload: { text: 'a' } });
    await app.inject({ method: 'POST', url: '/notes', headers: { ...(await headersFor('capogruppo@demo.it')), ...key }, payload: { text: 'b' } });
    expect(await countNotes()).toBe(before + 2);
  });

  it('lets a write that failed on our side be tried again', async () => {
    const headers = { ...(await headersFor('completo@demo.it')), 'idempotency-key': 'key-retry-000000001' };
    failNext = true;
    const failed = await app.inject({ method: 'POST', url: '/notes', headers, payload: { text: 'dopo' } });
    expect(failed.statusCode).toBe(500);
    const retried = await app.inject({ method: 'POST', url: '/notes', headers, payload: { text: 'dopo' } });
    expect(retried.statusCode).toBe(201);
  });

  it('lets a retry take over a key left without an answer by a dead process, once its lease is over', async () => {
    const headers = { ...(await headersFor('completo@demo.it')), 'idempotency-key': 'key-orphan-0000001' };
    const userId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'completo@demo.it')))[0]!.id;
    // As a request killed mid-write leaves it: recorded, no answer.
    await database.db.insert(idempotencyKeys).values({ userId, key: 'key-orphan-0000001', method: 'POST', path: '/notes' });
    const before = await countNotes();
    // Still within its lease: the duplicate waits its time for an answer, then is told to come back.
    const busy = await app.inject({ method: 'POST', url: '/notes', headers, payload: { text: 'orfano' } });
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('2');
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(idempotencyKeys.key, 'key-orphan-0000001'));
    const answers = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'POST', url: '/notes', headers, payload: { text: 'orfano' } })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await countNotes()).toBe(before + 1);
  });

  it('refuses a key reused for another request, and malformed keys', async () => {
    const h = await headersFor('completo@demo.it');
    await app.inject({ method: 'POST', url: '/notes', headers: { ...h, 'idempotency-key': 'key-mismatch-00001' }, payload: { text: 'x' } });
    const other = await app.inject({
      method: 'POST',
      url: '/notes?altro=1',
      headers: { ...h, 'idempotency-key': 'key-mismatch-00001' },
      payload: { text: 'x' },
    });
    expect(other.statusCode).toBe(422);
    const bad = await app.inject({ method: 'POST', url: '/notes', headers: { ...h, 'idempotency-key': 'x' }, payload: { text: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});
