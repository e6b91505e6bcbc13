// Providers and products (feature provider-product; the group's own).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, MessageSchema } from '@core/schemas/common';
import {
  ProductInputSchema,
  ProductRowSchema,
  ProductServiceSchema,
  ProductServicesInputSchema,
  ProviderInputSchema,
  ProviderSchema,
} from '@core/schemas/catalog';
import { authOf } from '../../../lib/auth';
import { atomic } from '../../../lib/idempotency';
import { idParam as id, scopeOf } from '../scope';
import type { ProvidersService } from './service';
const providerProduct = { feature: 'provider-product' as const };

export const providerRoutes =
  (svc: ProvidersService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- providers and products (feature provider-product; the group's own) ----
    app.get('/providers', { config: providerProduct, schema: { response: { 200: dataOf(z.array(ProviderSchema)) } } }, async (req) => ({
      data: await svc.providers(scopeOf(authOf(req))),
    }));
    app.get('/providers/:id', { config: providerProduct, schema: { params: z.object({ id }), response: { 200: dataOf(ProviderSchema) } } }, async (req) => ({
      data: await svc.provider(scopeOf(authOf(req)), req.params.id),
    }));
    app.post(
      '/providers',
      { config: { ...providerProduct, ...atomic }, schema: { body: ProviderInputSchema, response: { 200: dataOf(ProviderSchema) } } },
      async (req) => ({ data: await svc.createProvider(scopeOf(authOf(req)), req.body) }),
    );
    app.put(
      '/providers/:id',
      { config: providerProduct, schema: { params: z.object({ id }), body: ProviderInputSchema, response: { 200: dataOf(ProviderSchema) } } },
      async (req) => ({
        data: await svc.updateProvider(scopeOf(authOf(req)), req.params.id, req.body),
      }),
    );
    app.delete(
      '/providers/:id',
      {
        config: { ...providerProduct, docs: { summary: 'Elimina un provider (e i suoi prodotti); 409 se usato da offerte' } },
        schema: { params: z.object({ id }), response: { 200: MessageSchema } },
      },
      async (req) => {
        await svc.deleteProvider(scopeOf(authOf(req)), req.params.id);
        return { data: { message: 'Provider eliminato' } };
      },
    );
    app.get('/products', { config: providerProduct, schema: { response: { 200: dataOf(z.array(ProductRowSchema)) } } }, async (req) => ({
      data: await svc.productRows(scopeOf(authOf(req))),
    }));
    app.get('/products/:id', { config: providerProduct, schema: { params: z.object({ id }), response: { 200: dataOf(ProductRowSchema) } } }, async (req) => ({
      data: await svc.product(scopeOf(authOf(req)), req.params.id),
    }));
    app.post(
      '/products',
      { config: { ...providerProduct, ...atomic }, schema: { body: ProductInputSchema, response: { 200: dataOf(ProductRowSchema) } } },
      async (req) => ({ data: await svc.createProduct(scopeOf(authOf(req)), req.body) }),
    );
    app.put(
      '/products/:id',
      { config: providerProduct, schema: { params: z.object({ id }), body: ProductInputSchema, response: { 200: dataOf(ProductRowSchema) } } },
      async (req) => ({
        data: await svc.updateProduct(scopeOf(authOf(req)), req.params.id, req.body),
      }),
    );

    app.delete(
      '/products/:id',
      {
        config: { ...providerProduct, docs: { summary: 'Elimina un prodotto; 409 se usato da offerte' } },
        schema: { params: z.object({ id }), response: { 200: MessageSchema } },
      },
      async (req) => {
        await svc.deleteProduct(scopeOf(authOf(req)), req.params.id);
        return { data: { message: 'Prodotto eliminato' } };
      },
    );
    app.get(
      '/products/:id/services',
      { config: providerProduct, schema: { params: z.object({ id }), response: { 200: dataOf(z.array(ProductServiceSchema)) } } },
      async (req) => ({
        data: await svc.productServices(scopeOf(authOf(req)), req.params.id),
      }),
    );
    app.put(
      '/products/:id/services',
      {
        config: providerProduct,
        schema: { params: z.object({ id }), body: ProductServicesInputSchema, response: { 200: dataOf(z.array(ProductServiceSchema)) } },
      },
      async (req) => ({
        data: await svc.setProductServices(scopeOf(authOf(req)), req.params.id, req.body),
      }),
    );
  };
