// The car catalogue and car images (docs/adr/0137-cars-custom-cars-and-images.md): every agent reads it; custom cars and images need their features.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandLogoSvg } from '@core/brand-logo';
import { carImageOfPath, renderCarSvg } from '@core/car-image';
import { CAR_IMAGE_MAX_BYTES, CAR_IMAGE_MAX_FILES } from '@core/catalog';
import { dataOf } from '@core/schemas/common';
import { BrandSchema, CarImageSchema, CarSchema, CustomCarInputSchema, ModelSchema, VersionSchema } from '@core/schemas/catalog';
import { authOf } from '../../../lib/auth';
import { contentDisposition } from '../../../lib/content-disposition';
import { invalid, notFound } from '../../../lib/errors';
import { atomic } from '../../../lib/idempotency';
import { readMultipart } from '../../../lib/upload';
import { zipSync } from 'fflate';
import { catalogFeature as catalog, codeParam as code, idParam as id, scopeOf } from '../scope';
import type { CarsService } from './service';
const images = { feature: ['catalog', 'car-custom-images'] as ('catalog' | 'car-custom-images')[] };

export const carRoutes =
  (svc: CarsService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- car catalogue (every agent: the manual offer form uses it too) ----
    app.get('/car/brands', { schema: { response: { 200: dataOf(z.array(BrandSchema)) } } }, async (req) => ({ data: await svc.brands(scopeOf(authOf(req))) }));
    app.get('/car/brands/:code/logo.svg', { config: { public: true }, schema: { params: z.object({ code: z.string().max(3) }) } }, async (req, reply) => {
      const svg = brandLogoSvg(req.params.code);
      if (!svg) throw notFound();
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('Cache-Control', 'public, max-age=86400')
        .send(svg);
    });
    app.get(
      '/car/models',
      {
        schema: {
          querystring: z.object({ brand: z.string().trim().min(1).max(3), vehicleType: z.string().max(20).optional() }),
          response: { 200: dataOf(z.array(ModelSchema)) },
        },
      },
      async (req) => ({
        data: await svc.models(scopeOf(authOf(req)), req.query.brand, req.query.vehicleType),
      }),
    );
    app.get(
      '/car/versions/:a/:b',
      {
        schema: {
          params: z.object({ a: z.string().max(3), b: z.string().max(120) }),
          querystring: z.object({ vehicleType: z.string().max(20).optional() }),
          response: { 200: dataOf(z.array(VersionSchema)) },
        },
      },
      async (req) => ({ data: await svc.versions(scopeOf(authOf(req)), req.params.a, req.params.b, req.query.vehicleType) }),
    );
    app.get(
      '/car',
      { schema: { querystring: z.object({ motornet: code, eurotax: z.string().max(20).optional() }), response: { 200: dataOf(CarSchema) } } },
      async (req) => ({
        data: await svc.car(scopeOf(authOf(req)), req.query.motornet, req.query.eurotax),
      }),
    );
    app.post('/car', { config: { ...catalog, ...atomic }, schema: { body: CustomCarInputSchema, response: { 200: dataOf(CarSchema) } } }, async (req) => ({
      data: await svc.createCar(scopeOf(authOf(req)), req.body),
    }));
    app.put(
      '/car/:id',
      { config: catalog, schema: { params: z.object({ id }), body: CustomCarInputSchema, response: { 200: dataOf(CarSchema) } } },
      async (req) => ({
        data: await svc.updateCar(scopeOf(authOf(req)), req.params.id, req.body),
      }),
    );

    // ---- car images ----
    app.get('/car/images/:code', { schema: { params: z.object({ code }), response: { 200: dataOf(z.array(CarImageSchema)) } } }, async (req) => ({
      data: await svc.images(scopeOf(authOf(req)), req.params.code),
    }));
    // Shown in <img> tags (no auth headers): reachable only through the file's unguessable name.
    app.get('/car/images/file/:name', { config: { public: true }, schema: { params: z.object({ name: z.string().max(80) }) } }, async (req, reply) => {
      const file = await svc.imageFile(req.params.name);
      if (!file) throw notFound();
      return reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(file.data);
    });
    app.put(
      '/car/images/:id/type',
      {
        config: images,
        schema: { params: z.object({ id }), body: z.object({ newType: z.literal('MAIN') }), response: { 200: dataOf(z.array(CarImageSchema)) } },
      },
      async (req) => ({
        data: await svc.setMainImage(scopeOf(authOf(req)), req.params.id),
      }),
    );
    app.delete(
      '/car/images/:id',
      { config: images, schema: { params: z.object({ id }), response: { 200: dataOf(z.array(CarImageSchema)) } } },
      async (req) => ({ data: await svc.deleteImage(scopeOf(authOf(req)), req.params.id) }),
    );
    app.delete(
      '/car/:carId/images',
      { config: images, schema: { params: z.object({ carId: id }), response: { 200: dataOf(z.array(CarImageSchema)) } } },
      async (req) => ({
        data: await svc.clearImages(scopeOf(authOf(req)), req.params.carId),
      }),
    );
    app.get(
      '/car/images/:carId/download/:type',
      {
        config: { docs: { summary: 'Zip delle immagini (custom, default o MAIN), nominato per marca e modello' } },
        schema: { params: z.object({ carId: id, type: z.enum(['custom', 'default', 'MAIN']) }) },
      },
      async (req, reply) => {
        const { name, files } = await svc.imageFiles(scopeOf(authOf(req)), req.params.carId, req.params.type, (source) => {
          const parsed = carImageOfPath(source);
          return parsed ? Buffer.from(renderCarSvg(parsed.body, parsed.hex)) : null;
        });
        if (files.length === 0) throw notFound();
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', contentDisposition(`${name}.zip`))
          .send(Buffer.from(zipSync(Object.fromEntries(files.map((f) => [f.name, [f.data, { level: 0 }]])))));
      },
    );
    await app.register(async (scoped) => {
      await scoped.register(multipart, { limits: { fileSize: CAR_IMAGE_MAX_BYTES, files: CAR_IMAGE_MAX_FILES } });
      scoped.post(
        '/car/images',
        {
          config: {
            ...images,
            ...atomic,
            docs: {
              summary: 'Carica immagini di un’auto (campi car, offer, immagini[]; png, jpg, gif, webp; meno di 2MB ciascuna)',
              multipart: { car: 'string', offer: 'string', 'immagini[]': 'file' },
            },
          },
          schema: { response: { 200: dataOf(z.array(CarImageSchema)) } },
        },
        async (req) => {
          const form = await readMultipart(req, { maxBytes: CAR_IMAGE_MAX_BYTES, maxFiles: CAR_IMAGE_MAX_FILES, fileField: 'immagini[]' });
          const carId = Number(form.fields.car);
          if (!Number.isInteger(carId) || carId <= 0) throw invalid({ car: ['Auto selezionata non valida'] });
          return { data: await svc.uploadImages(scopeOf(authOf(req)), carId, form.files) };
        },
      );
    });
  };
