import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicConfigSchema } from '@core/schemas/auth';
import { dataOf } from '@core/schemas/common';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/errors';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readiness: 503 while the database cannot be reached. The database is asked at most once a second
  // (lib/database-health.ts), so this stays the near-static baseline the benchmarks compare search with.
  app.get(
    '/health',
    {
      config: { public: true, docs: { summary: 'Stato del server e del database (503 se il database non risponde)' } },
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up') }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (_req, reply) => {
      if (await app.databaseHealth.check()) return { status: 'ok' as const, database: 'up' as const };
      return reply
        .status(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const, database: 'down' as const });
    },
  );
  // Liveness: the process is up and serving, whatever the database's state (never restart it for an outage).
  app.get('/health/live', { config: { public: true }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/config', { config: { public: true }, schema: { response: { 200: dataOf(PublicConfigSchema) } } }, async () => ({
    data: {
      prescoringBaseUrl: '/prescoring/',
      support: app.config.support,
      marketingEnabled: app.config.marketingEnabled,
      faqBotEnabled: true,
      pdfDownloadableStep: 2,
    },
  }));
};
