import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicConfigSchema } from '@core/schemas/auth';
import { dataOf } from '@core/schemas/common';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Static answer, no database: the baseline the benchmarks compare search throughput with.
  app.get('/health', { config: { public: true }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

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
