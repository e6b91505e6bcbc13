// Requests for cars that are not listed (feature offer-request).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@core/schemas/common';
import { OfferRequestInputSchema, OfferRequestSchema } from '@core/schemas/catalog';
import { authOf } from '../../../lib/auth';
import { atomic } from '../../../lib/idempotency';
import type { RequestsService } from './service';

export const requestRoutes =
  (svc: RequestsService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- requests for cars that are not listed (feature offer-request) ----
    app.get('/offer-requests', { config: { feature: 'offer-request' }, schema: { response: { 200: dataOf(z.array(OfferRequestSchema)) } } }, async (req) => ({
      data: await svc.requests(authOf(req)),
    }));
    app.post(
      '/offer-requests',
      { config: { feature: 'offer-request', ...atomic }, schema: { body: OfferRequestInputSchema, response: { 200: dataOf(OfferRequestSchema) } } },
      async (req) => ({
        data: await svc.createRequest(authOf(req), req.body),
      }),
    );
  };
