import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileSchema } from '@core/schemas/auth';
import { dataOf } from '@core/schemas/common';
import { authOf } from '../../lib/auth';
import { toProfile } from './profile';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/agent/profile', { config: { beforeTerms: true }, schema: { response: { 200: dataOf(ProfileSchema) } } }, async (req) => ({
    data: await toProfile(app.db, authOf(req).user),
  }));
};
