// Lookups of the catalogue forms.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@core/schemas/common';
import { BrokerSchema, DeliveryTimeSchema, ProductSchema, ServiceSchema } from '@core/schemas/catalog';
import { authOf } from '../../../lib/auth';
import { codeParam as code, scopeOf } from '../scope';
import type { LookupsService } from './service';

export const lookupRoutes =
  (svc: LookupsService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- lookups ----
    app.get('/catalog/delivery-times', { schema: { response: { 200: dataOf(z.array(DeliveryTimeSchema)) } } }, async () => ({
      data: await svc.deliveryTimes(),
    }));
    app.get('/catalog/brokers', { schema: { response: { 200: dataOf(z.array(BrokerSchema)) } } }, async (req) => ({
      data: await svc.brokers(scopeOf(authOf(req))),
    }));
    app.get(
      '/catalog/products',
      { schema: { querystring: z.object({ provider: z.string().max(64).optional() }), response: { 200: dataOf(z.array(ProductSchema)) } } },
      async (req) => ({
        data: await svc.products(scopeOf(authOf(req)), req.query.provider),
      }),
    );
    app.get('/services', { schema: { response: { 200: dataOf(z.array(ServiceSchema)) } } }, async () => ({ data: await svc.services() }));
    app.get(
      '/services/:product/:broker',
      { schema: { params: z.object({ product: code, broker: code }), response: { 200: dataOf(z.array(ServiceSchema)) } } },
      async (req) => ({
        data: await svc.defaultServices(scopeOf(authOf(req)), req.params.product, req.params.broker),
      }),
    );
  };
