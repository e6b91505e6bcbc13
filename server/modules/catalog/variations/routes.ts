// Variations (child offers) of catalogue offers, the spec's paths.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { VariationInputSchema, VariationSchema } from '@core/schemas/catalog';
import { authOf } from '../../../lib/auth';
import { atomic } from '../../../lib/idempotency';
import { catalogFeature as catalog, codeParam as code, idParam as id, scopeOf } from '../scope';
import type { VariationsService } from './service';

export const variationRoutes =
  (svc: VariationsService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- variations (child offers), the spec's paths ----
    const childParams = z.object({ offerId: code, id });
    app.post(
      '/offers/:offerId/child',
      {
        config: { ...catalog, ...atomic },
        schema: { params: z.object({ offerId: code }), body: VariationInputSchema, response: { 200: dataOf(z.object({ child: VariationSchema })) } },
      },
      async (req) => ({
        data: { child: await svc.addChild(scopeOf(authOf(req)), req.params.offerId, req.body) },
      }),
    );
    app.put(
      '/offers/:offerId/child/:id',
      { config: catalog, schema: { params: childParams, body: VariationInputSchema, response: { 200: dataOf(z.object({ child: VariationSchema })) } } },
      async (req) => ({
        data: { child: await svc.updateChild(scopeOf(authOf(req)), req.params.offerId, req.params.id, req.body) },
      }),
    );
    app.delete('/offers/:offerId/child/:id', { config: catalog, schema: { params: childParams, response: { 200: MessageSchema } } }, async (req) => {
      await svc.deleteChild(scopeOf(authOf(req)), req.params.offerId, req.params.id);
      return { data: { message: 'Variazione eliminata' } };
    });
  };
