import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandLogoSvg } from '@core/brand-logo';
import { parseCarImageCode, renderCarSvg } from '@core/car-image';
import { CAR_IMAGE_MAX_BYTES, CAR_IMAGE_MAX_FILES } from '@core/catalog';
import { dataOf, MessageSchema } from '@core/schemas/common';
import {
  BrandSchema,
  BrokerSchema,
  CarImageSchema,
  CarSchema,
  CatalogListQuerySchema,
  CatalogOfferInputSchema,
  CatalogOfferListSchema,
  CatalogOfferSchema,
  CustomCarInputSchema,
  DeliveryTimeSchema,
  ModelSchema,
  OfferRequestInputSchema,
  OfferRequestSchema,
  ProductInputSchema,
  ProductRowSchema,
  ProductSchema,
  ProductServiceSchema,
  ProductServicesInputSchema,
  ProviderInputSchema,
  ProviderSchema,
  ServiceSchema,
  VariationInputSchema,
  VariationSchema,
  VersionSchema,
} from '@core/schemas/catalog';
import { authOf } from '../../lib/auth';
import { invalid, notFound } from '../../lib/errors';
import { atomic } from '../../lib/idempotency';
import { UploadStore } from '../../lib/images';
import { readMultipart } from '../../lib/upload';
import { createZip } from '../../lib/zip';
import { CatalogService, scopeOf } from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const code = z.string().trim().min(1).max(64);
const catalog = { feature: 'catalog' as const };
const images = { feature: ['catalog', 'car-custom-images'] as ('catalog' | 'car-custom-images')[] };
const providerProduct = { feature: 'provider-product' as const };

/** Catalogue management (issue 9): catalogue offers, variations, car selector, images, providers, products. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = new CatalogService(app.db, new UploadStore(app.config.dataDir));

  // ---- car catalogue (every agent: the manual offer form uses it too) ----
  app.get('/car/brands', { schema: { response: { 200: dataOf(z.array(BrandSchema)) } } }, async (req) => ({ data: await svc.brands(scopeOf(authOf(req))) }));
  app.get(
    '/car/brands/:code/logo.svg',
    { config: { public: true }, schema: { params: z.object({ code: z.string().max(3) }) } },
    async (req, reply) => {
      const svg = brandLogoSvg(req.params.code);
      if (!svg) throw notFound();
      return reply.header('Content-Type', 'image/svg+xml; charset=utf-8').header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").header('Cache-Control', 'public, max-age=86400').send(svg);
    },
  );
  app.get('/car/models', { schema: { querystring: z.object({ brand: z.string().trim().min(1).max(3), vehicleType: z.string().max(20).optional() }), response: { 200: dataOf(z.array(ModelSchema)) } } }, async (req) => ({
    data: await svc.models(scopeOf(authOf(req)), req.query.brand, req.query.vehicleType),
  }));
  app.get(
    '/car/versions/:a/:b',
    { schema: { params: z.object({ a: z.string().max(3), b: z.string().max(120) }), querystring: z.object({ vehicleType: z.string().max(20).optional() }), response: { 200: dataOf(z.array(VersionSchema)) } } },
    async (req) => ({ data: await svc.versions(scopeOf(authOf(req)), req.params.a, req.params.b, req.query.vehicleType) }),
  );
  app.get('/car', { schema: { querystring: z.object({ motornet: code, eurotax: z.string().max(20).optional() }), response: { 200: dataOf(CarSchema) } } }, async (req) => ({
    data: await svc.car(scopeOf(authOf(req)), req.query.motornet, req.query.eurotax),
  }));
  app.post('/car', { config: { ...catalog, ...atomic }, schema: { body: CustomCarInputSchema, response: { 200: dataOf(CarSchema) } } }, async (req) => ({ data: await svc.createCar(scopeOf(authOf(req)), req.body) }));
  app.put('/car/:id', { config: catalog, schema: { params: z.object({ id }), body: CustomCarInputSchema, response: { 200: dataOf(CarSchema) } } }, async (req) => ({
    data: await svc.updateCar(scopeOf(authOf(req)), req.params.id, req.body),
  }));

  // ---- car images ----
  app.get('/car/images/:code', { schema: { params: z.object({ code }), response: { 200: dataOf(z.array(CarImageSchema)) } } }, async (req) => ({ data: await svc.images(scopeOf(authOf(req)), req.params.code) }));
  // Shown in <img> tags (no auth headers): reachable only through the file's unguessable name.
  app.get('/car/images/file/:name', { config: { public: true }, schema: { params: z.object({ name: z.string().max(80) }) } }, async (req, reply) => {
    const file = await svc.imageFile(req.params.name);
    if (!file) throw notFound();
    return reply.header('Content-Type', file.contentType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=31536000, immutable').send(file.data);
  });
  app.put('/car/images/:id/type', { config: images, schema: { params: z.object({ id }), body: z.object({ newType: z.literal('MAIN') }), response: { 200: dataOf(z.array(CarImageSchema)) } } }, async (req) => ({
    data: await svc.setMainImage(scopeOf(authOf(req)), req.params.id),
  }));
  app.delete('/car/images/:id', { config: images, schema: { params: z.object({ id }), response: { 200: dataOf(z.array(CarImageSchema)) } } }, async (req) => ({ data: await svc.deleteImage(scopeOf(authOf(req)), req.params.id) }));
  app.delete('/car/:carId/images', { config: images, schema: { params: z.object({ carId: id }), response: { 200: dataOf(z.array(CarImageSchema)) } } }, async (req) => ({
    data: await svc.clearImages(scopeOf(authOf(req)), req.params.carId),
  }));
  app.get(
    '/car/images/:carId/download/:type',
    { config: { docs: { summary: 'Zip delle immagini (custom, default o MAIN), nominato per marca e modello' } }, schema: { params: z.object({ carId: id, type: z.enum(['custom', 'default', 'MAIN']) }) } },
    async (req, reply) => {
      const { name, files } = await svc.imageFiles(scopeOf(authOf(req)), req.params.carId, req.params.type, (source) => {
        const parsed = parseCarImageCode(source.split('/').pop()?.replace(/\.svg$/, '') ?? '');
        return parsed ? Buffer.from(renderCarSvg(parsed.body, parsed.hex)) : null;
      });
      if (files.length === 0) throw notFound();
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${name}.zip"; filename*=UTF-8''${encodeURIComponent(name)}.zip`)
        .send(createZip(files));
    },
  );
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: CAR_IMAGE_MAX_BYTES, files: CAR_IMAGE_MAX_FILES } });
    scoped.post(
      '/car/images',
      { config: { ...images, ...atomic, docs: { summary: 'Carica immagini di un’auto (campi car, offer, immagini[]; png, jpg, gif, webp; meno di 2MB ciascuna)', multipart: { car: 'string', offer: 'string', 'immagini[]': 'file' } } }, schema: { response: { 200: dataOf(z.array(CarImageSchema)) } } },
      async (req) => {
        const form = await readMultipart(req, { maxBytes: CAR_IMAGE_MAX_BYTES, maxFiles: CAR_IMAGE_MAX_FILES, fileField: 'immagini[]' });
        const carId = Number(form.fields.car);
        if (!Number.isInteger(carId) || carId <= 0) throw invalid({ car: ['Auto selezionata non valida'] });
        return { data: await svc.uploadImages(scopeOf(authOf(req)), carId, form.files) };
      },
    );
  });

  // ---- lookups ----
  app.get('/catalog/delivery-times', { schema: { response: { 200: dataOf(z.array(DeliveryTimeSchema)) } } }, async () => ({ data: await svc.deliveryTimes() }));
  app.get('/catalog/brokers', { schema: { response: { 200: dataOf(z.array(BrokerSchema)) } } }, async (req) => ({ data: await svc.brokers(scopeOf(authOf(req))) }));
  app.get('/catalog/products', { schema: { querystring: z.object({ provider: z.string().max(64).optional() }), response: { 200: dataOf(z.array(ProductSchema)) } } }, async (req) => ({
    data: await svc.products(scopeOf(authOf(req)), req.query.provider),
  }));
  app.get('/services', { schema: { response: { 200: dataOf(z.array(ServiceSchema)) } } }, async () => ({ data: await svc.services() }));
  app.get('/services/:product/:broker', { schema: { params: z.object({ product: code, broker: code }), response: { 200: dataOf(z.array(ServiceSchema)) } } }, async (req) => ({
    data: await svc.defaultServices(scopeOf(authOf(req)), req.params.product, req.params.broker),
  }));

  // ---- catalogue offers (feature catalog; only the owner's group) ----
  const offerParams = z.object({ code });
  app.get('/catalog/offers', { config: catalog, schema: { querystring: CatalogListQuerySchema, response: { 200: CatalogOfferListSchema } } }, async (req) => svc.list(scopeOf(authOf(req)), req.query.page, req.query.q));
  app.post('/catalog/offers', { config: { ...catalog, ...atomic }, schema: { body: CatalogOfferInputSchema, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({ data: await svc.create(scopeOf(authOf(req)), req.body) }));
  app.get('/catalog/offers/:code', { config: catalog, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({ data: await svc.get(scopeOf(authOf(req)), req.params.code) }));
  app.put('/catalog/offers/:code', { config: catalog, schema: { params: offerParams, body: CatalogOfferInputSchema, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({
    data: await svc.update(scopeOf(authOf(req)), req.params.code, req.body),
  }));
  app.delete('/catalog/offers/:code', { config: catalog, schema: { params: offerParams, response: { 200: MessageSchema } } }, async (req) => {
    await svc.remove(scopeOf(authOf(req)), req.params.code);
    return { data: { message: 'Offerta eliminata' } };
  });
  app.post('/catalog/offers/:code/clone', { config: { feature: ['catalog', 'clone'], ...atomic }, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({
    data: await svc.clone(scopeOf(authOf(req)), req.params.code),
  }));
  app.post('/catalog/offers/:code/publish', { config: catalog, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({
    data: await svc.setPublished(scopeOf(authOf(req)), req.params.code, true),
  }));
  app.post('/catalog/offers/:code/unpublish', { config: catalog, schema: { params: offerParams, response: { 200: dataOf(CatalogOfferSchema) } } }, async (req) => ({
    data: await svc.setPublished(scopeOf(authOf(req)), req.params.code, false),
  }));

  // ---- variations (child offers), the spec's paths ----
  const childParams = z.object({ offerId: code, id });
  app.post('/offers/:offerId/child', { config: { ...catalog, ...atomic }, schema: { params: z.object({ offerId: code }), body: VariationInputSchema, response: { 200: dataOf(z.object({ child: VariationSchema })) } } }, async (req) => ({
    data: { child: await svc.addChild(scopeOf(authOf(req)), req.params.offerId, req.body) },
  }));
  app.put('/offers/:offerId/child/:id', { config: catalog, schema: { params: childParams, body: VariationInputSchema, response: { 200: dataOf(z.object({ child: VariationSchema })) } } }, async (req) => ({
    data: { child: await svc.updateChild(scopeOf(authOf(req)), req.params.offerId, req.params.id, req.body) },
  }));
  app.delete('/offers/:offerId/child/:id', { config: catalog, schema: { params: childParams, response: { 200: MessageSchema } } }, async (req) => {
    await svc.deleteChild(scopeOf(authOf(req)), req.params.offerId, req.params.id);
    return { data: { message: 'Variazione eliminata' } };
  });

  // ---- providers and products (feature provider-product; the group's own) ----
  app.get('/providers', { config: providerProduct, schema: { response: { 200: dataOf(z.array(ProviderSchema)) } } }, async (req) => ({ data: await svc.providers(scopeOf(authOf(req))) }));
  app.get('/providers/:id', { config: providerProduct, schema: { params: z.object({ id }), response: { 200: dataOf(ProviderSchema) } } }, async (req) => ({ data: await svc.provider(scopeOf(authOf(req)), req.params.id) }));
  app.post('/providers', { config: { ...providerProduct, ...atomic }, schema: { body: ProviderInputSchema, response: { 200: dataOf(ProviderSchema) } } }, async (req) => ({ data: await svc.createProvider(scopeOf(authOf(req)), req.body) }));
  app.put('/providers/:id', { config: providerProduct, schema: { params: z.object({ id }), body: ProviderInputSchema, response: { 200: dataOf(ProviderSchema) } } }, async (req) => ({
    data: await svc.updateProvider(scopeOf(authOf(req)), req.params.id, req.body),
  }));
  app.delete('/providers/:id', { config: { ...providerProduct, docs: { summary: 'Elimina un provider (e i suoi prodotti); 409 se usato da offerte' } }, schema: { params: z.object({ id }), response: { 200: MessageSchema } } }, async (req) => {
    await svc.deleteProvider(scopeOf(authOf(req)), req.params.id);
    return { data: { message: 'Provider eliminato' } };
  });
  app.get('/products', { config: providerProduct, schema: { response: { 200: dataOf(z.array(ProductRowSchema)) } } }, async (req) => ({ data: await svc.productRows(scopeOf(authOf(req))) }));
  app.get('/products/:id', { config: providerProduct, schema: { params: z.object({ id }), response: { 200: dataOf(ProductRowSchema) } } }, async (req) => ({ data: await svc.product(scopeOf(authOf(req)), req.params.id) }));
  app.post('/products', { config: { ...providerProduct, ...atomic }, schema: { body: ProductInputSchema, response: { 200: dataOf(ProductRowSchema) } } }, async (req) => ({ data: await svc.createProduct(scopeOf(authOf(req)), req.body) }));
  app.put('/products/:id', { config: providerProduct, schema: { params: z.object({ id }), body: ProductInputSchema, response: { 200: dataOf(ProductRowSchema) } } }, async (req) => ({
    data: await svc.updateProduct(scopeOf(authOf(req)), req.params.id, req.body),
  }));

  app.delete('/products/:id', { config: { ...providerProduct, docs: { summary: 'Elimina un prodotto; 409 se usato da offerte' } }, schema: { params: z.object({ id }), response: { 200: MessageSchema } } }, async (req) => {
    await svc.deleteProduct(scopeOf(authOf(req)), req.params.id);
    return { data: { message: 'Prodotto eliminato' } };
  });
  app.get('/products/:id/services', { config: providerProduct, schema: { params: z.object({ id }), response: { 200: dataOf(z.array(ProductServiceSchema)) } } }, async (req) => ({
    data: await svc.productServices(scopeOf(authOf(req)), req.params.id),
  }));
  app.put('/products/:id/services', { config: providerProduct, schema: { params: z.object({ id }), body: ProductServicesInputSchema, response: { 200: dataOf(z.array(ProductServiceSchema)) } } }, async (req) => ({
    data: await svc.setProductServices(scopeOf(authOf(req)), req.params.id, req.body),
  }));

  // ---- requests for cars that are not listed (feature offer-request) ----
  app.get('/offer-requests', { config: { feature: 'offer-request' }, schema: { response: { 200: dataOf(z.array(OfferRequestSchema)) } } }, async (req) => ({ data: await svc.requests(authOf(req)) }));
  app.post('/offer-requests', { config: { feature: 'offer-request', ...atomic }, schema: { body: OfferRequestInputSchema, response: { 200: dataOf(OfferRequestSchema) } } }, async (req) => ({
    data: await svc.createRequest(authOf(req), req.body),
  }));
};
