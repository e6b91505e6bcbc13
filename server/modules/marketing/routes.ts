import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@core/i18n-messages';
import { LOGO_MAX_BYTES, MarketingPostInputSchema, MarketingPostSchema } from '@core/schemas/account';
import { dataOf, MessageSchema } from '@core/schemas/common';
import { authOf } from '../../lib/auth';
import { contentDisposition } from '../../lib/content-disposition';
import { forbidden, invalid } from '../../lib/errors';
import { atomic } from '../../lib/idempotency';
import { readMultipart } from '../../lib/upload';
import { MARKETING_MAX_IMAGES, MarketingService, type ImageFile } from './service';

const sendFile = (reply: FastifyReply, file: ImageFile, kind: 'inline' | 'attachment') =>
  reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition(file.name, kind))
    .send(file.data);

/** Marketing material: feature marketing-stuff, and only when the configuration flag allows it. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = new MarketingService(app.db, app.files, app.log);
  const gate = { feature: 'marketing-stuff' as const };
  const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

  app.addHook('onRequest', async () => {
    if (!app.config.marketingEnabled) throw forbidden(MESSAGES.marketingDisabled);
  });

  app.get('/marketing/posts', { config: gate, schema: { response: { 200: dataOf(z.array(MarketingPostSchema)) } } }, async (req) => ({
    data: await marketing.list(authOf(req).user),
  }));

  app.delete('/marketing/posts/:id', { config: gate, schema: { params: idParams, response: { 200: MessageSchema } } }, async (req) => {
    await marketing.remove(authOf(req).user, req.params.id);
    return { data: { message: MESSAGES.marketingDeleted } };
  });

  // Shown in <img> tags (no auth headers): reachable only through the item's unguessable id.
  app.get('/marketing/images/:publicId', { config: { public: true }, schema: { params: z.object({ publicId: z.string().max(64) }) } }, async (req, reply) => {
    const file = await marketing.publicImage(req.params.publicId);
    return sendFile(reply.header('Cache-Control', 'private, max-age=86400'), file, 'inline');
  });

  app.get('/marketing/items/:id/image', { config: gate, schema: { params: idParams } }, async (req, reply) =>
    sendFile(reply, await marketing.itemImage(authOf(req).user.id, req.params.id), 'attachment'),
  );

  app.get('/marketing/posts/:id/attachment', { config: gate, schema: { params: idParams } }, async (req, reply) =>
    sendFile(reply, await marketing.attachment(authOf(req).user.id, req.params.id), 'attachment'),
  );

  app.get('/marketing/posts/:id/pdf', { config: { ...gate, docs: { produces: 'application/pdf' } }, schema: { params: idParams } }, async (req, reply) => {
    const pdf = await marketing.pdf(authOf(req).user.id, req.params.id);
    return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(pdf.name)).send(pdf.data);
  });

  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: MARKETING_MAX_IMAGES } });
    scoped.post(
      '/marketing/posts',
      {
        config: { ...gate, ...atomic, docs: { multipart: { title: 'string', description: 'string', images: 'files' } } },
        schema: { response: { 200: dataOf(MarketingPostSchema) } },
      },
      async (req) => {
        const { user } = authOf(req);
        const form = await readMultipart(req, { maxBytes: LOGO_MAX_BYTES, maxFiles: MARKETING_MAX_IMAGES, fileField: 'images' });
        const fields = MarketingPostInputSchema.safeParse(form.fields);
        if (!fields.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of fields.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
          throw invalid(errors);
        }
        return { data: await marketing.create(user.id, fields.data, form.files) };
      },
    );
  });
};
