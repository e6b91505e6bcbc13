// Catalogue offers (feature catalog; only the owner's group).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { CatalogListQuerySchema, CatalogOfferInputSchema, CatalogOfferListSchema, CatalogOfferSchema } from '@core/schemas/catalog';
import { authOf } from '../../../lib/auth';
import { atomic } from '../../../lib/idempotency';
import { catalogFeature as catalog, codeParam as code, scopeOf } from '../scope';
import type { CatalogOffersService } from './service';

export const catalogOfferRoutes =
  (svc: CatalogOffersService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- catalogue offers (feature catalog; only the owner's group) ----
    const offerParams = z.object({ code });
    app.get('/catalog/offers', { config: catalog, schema: { querystring: CatalogListQuerySchema, response: { 200: CatalogOfferListSchema } } }, async (req) =>
      svc.list(scopeOf(authOf(req)), req.query.page, req.query.q),
    );
    app.post(
      '/catalog/offers',
      { config: { ...catalog, ...atomic }, schema: { body: CatalogOfferInputSchema, response: { 200: dataOf(CatalogOfferSchema) } } },
      async (req) => ({ data: await svc.create(scopeOf(authOf(req)), req.body) }),
    );
    app.get('/catalog/offers/:code', { config: catalog, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({
      data: await svc.get(scopeOf(authOf(req)), req.params.code),
    }));
    app.put(
      '/catalog/offers/:code',
      { config: catalog, schema: { params: offerParams, body: CatalogOfferInputSchema, response: { 200: dataOf(CatalogOfferSchema) } } },
      async (req) => ({
        data: await svc.update(scopeOf(authOf(req)), req.params.code, req.body),
      }),
    );
    app.delete('/catalog/offers/:code', { config: catalog, schema: { params: offerParams, response: { 200: MessageSchema } } }, async (req) => {
      await svc.remove(scopeOf(authOf(req)), req.params.code);
      return { data: { message: 'Offerta eliminata' } };
    });
    app.post(
      '/catalog/offers/:code/clone',
      { config: { feature: ['catalog', 'clone'], ...atomic }, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } },
      async (req) => ({
        data: await svc.clone(scopeOf(authOf(req)), req.params.code),
      }),
    );
    app.post(
      '/catalog/offers/:code/publish',
      { config: catalog, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } },
      async (req) => ({
        data: await svc.setPublished(scopeOf(authOf(req)), req.params.code, true),
      }),
    );
    app.post(
      '/catalog/offers/:code/unpublish',
      { config: catalog, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } },
      async (req) => ({
        data: await svc.setPublished(scopeOf(authOf(req)), req.params.code, false),
      }),
    );
  };
