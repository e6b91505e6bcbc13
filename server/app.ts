import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { settings } from './db/schema';
import { authPlugin } from './lib/auth';
import { loggerOptions } from './lib/logger';
import { randomToken } from './lib/crypto';
import { registerDatabaseHealth } from './lib/database-health';
import { idempotencyPlugin } from './lib/idempotency';
import { clientErrorHandler, envelope, registerErrorHandling, sendErrorReply } from './lib/errors';
import { createMailer, type Mailer } from './lib/mailer';
import { type FileStore, openFileStore } from './lib/storage';
import { registerInputGuards, registerMaintenance, registerSecurityHeaders } from './lib/security';
import { registerOpenApi } from './lib/openapi/index';
import { collectAllowedMethods } from './lib/method-not-allowed';
import { COMPRESSION } from './lib/ready-answer';
import { accountRoutes } from './modules/account/routes';
import { agentRoutes } from './modules/agents/routes';
import { authRoutes } from './modules/auth/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { AuthService } from './modules/auth/service';
import { TokenService } from './modules/auth/tokens';
import { legalRoutes } from './modules/legal/routes';
import { registerNativeCors } from './lib/native-cors';
import { prescoringRoutes } from './modules/prescoring/routes';
import { marketingRoutes } from './modules/marketing/routes';
import { offerRoutes } from './modules/offers/routes';
import { pushRoutes } from './modules/push/routes';
import { PushService, resolveVapidKeys } from './modules/push/service';
import { quotationRoutes } from './modules/quotations/routes';
import { salesRoutes } from './modules/sales/routes';
import { systemRoutes } from './modules/system/routes';
import { teamRoutes } from './modules/team/routes';
import { MESSAGES } from '@core/i18n-messages';
import '@core/schemas/zod-config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    /** Every file the server keeps goes through it (lib/storage.ts). */
    files: FileStore;
    authService: AuthService;
    tokens: TokenService;
    /** Web Push to the agents' devices (modules/push). */
    push: PushService;
  }
}

const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

export type BuildOptions = { config: Config; database: Database; logger?: FastifyServerOptions['logger'] };

/** The signing secret: configured, or generated once and shared by every process through the database. */
async function resolveSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: 'auth_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'auth_secret'));
  if (!row) throw new Error('auth secret missing');
  return row.value;
}

export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // A hop count means: trust that many proxies in front of the app (proxy-addr's numeric form).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Request ids in logs make a 5xx traceable without leaking anything to the client.
    genReqId: () => randomToken(8),
    // Malformed URLs and over-long path parameters are answered by the router itself: in the envelope too.
    frameworkErrors: (err, request, reply: FastifyReply) => sendErrorReply(err, request, reply),
    // Requests Node itself refuses (bad request line, headers too large): in the envelope too.
    clientErrorHandler,
    // A request that reaches a closing server (graceful shutdown, main.ts) on a connection already open is
    // served as any other, with `Connection: close`, instead of Fastify's 503 outside the error envelope:
    // the app answers a 503 by going to /login (docs/scaling.md). New connections are no longer accepted.
    return503OnClosing: false,
  });

  // Infrastructure first (conventions: config, db, errors, security headers, auth), then modules.
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('files', openFileStore(config.files, database.db));
  app.decorate('mailer', createMailer(database.db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom, dropDir: config.mailDir }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await registerNativeCors(app, config.nativeOrigins);
  registerInputGuards(app);
  registerMaintenance(app, { always: config.maintenance, dataDir: config.dataDir });
  registerDatabaseHealth(app, () => database.db.execute(sql`select 1`));
  await app.register(compress, { global: true, ...COMPRESSION });

  const tokens = new TokenService(
    database.db,
    await resolveSecret(database.db, config.authSecret),
    config.accessTokenTtl,
    config.refreshTokenTtl,
    config.sessionMaxAge,
  );
  const auth = new AuthService(database.db, tokens, app.mailer, config);
  app.decorate('tokens', tokens);
  app.decorate('authService', auth);
  const push = new PushService(database.db, await resolveVapidKeys(database.db, config.vapid), config.vapid.subject, app.log);
  app.decorate('push', push);

  // Collects every route's zod schemas for /api/v1/openapi.json; must be registered before the modules.
  registerOpenApi(app);
  // And every API path's methods, for the 405 of a method a path does not take (below).
  const allowedAt = collectAllowedMethods(app, ['/api/', '/prescoring/']);

  await app.register(
    async (api) => {
      await api.register(authPlugin, { db: database.db, tokens });
      await api.register(idempotencyPlugin, { db: database.db, leaseMs: config.idempotencyLeaseMs, waitMs: config.idempotencyWaitMs });
      await api.register(systemRoutes);
      await api.register(authRoutes, { auth });
      await api.register(agentRoutes);
      await api.register(accountRoutes);
      await api.register(teamRoutes);
      await api.register(marketingRoutes);
      await api.register(offerRoutes, { answerCacheBytes: config.searchAnswerCacheMb * 1024 * 1024 });
      await api.register(pushRoutes, { push });
      await api.register(quotationRoutes);
      await api.register(catalogRoutes);
      await api.register(salesRoutes);
    },
    { prefix: '/api/v1' },
  );
  // The prescoring service has no authentication (spec §7): its own group, outside /api/v1 and its auth hook.
  await app.register(prescoringRoutes, { prefix: '/prescoring', allowedAt });
  await app.register(legalRoutes);

  const indexHtml = path.join(config.distDir, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; the shell, manifest and service worker must always be revalidated.
        const cache = filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
        res.header('Cache-Control', cache);
      },
    });
  }

  // Client-side routes get the app shell; API paths get the error envelope.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/prescoring/');
    if (!isApi && request.method === 'GET' && existsSync(indexHtml)) {
      // A customer's link (docs/adr/0133-customer-link.md): its address is a secret that no search engine keeps (nor, security.ts, any referrer).
      if (request.url.startsWith('/p/')) reply.header('X-Robots-Tag', 'noindex, nofollow');
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const allowed = isApi ? allowedAt(request.url) : [];
    if (allowed.length) return reply.status(405).header('Allow', allowed.join(', ')).send(envelope(405, MESSAGES.methodNotAllowed));
    return reply.status(404).send(envelope(404, MESSAGES.notFound));
  });

  return app;
}
