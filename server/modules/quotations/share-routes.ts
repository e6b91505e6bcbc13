import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@core/i18n-messages';
import { dataOf } from '@core/schemas/common';
import {
  PublicProposalSchema,
  QuotationShareSchema,
  QuotationSharesSchema,
  ShareAcceptSchema,
  ShareCodeSentSchema,
  ShareCreateSchema,
  ShareEmailSchema,
} from '@core/schemas/share';
import { authOf } from '../../lib/auth';
import { requestNow } from '../../lib/clock';
import { contentDisposition } from '../../lib/content-disposition';
import { sha256 } from '../../lib/crypto';
import { invalid } from '../../lib/errors';
import { readDocumentForm } from './documents';
import type { QuotationsService } from './service';
import { UPLOAD_MAX_BYTES } from './shared';

const IdParams = z.object({ id: z.string().trim().min(1).max(64) });
const ShareParams = IdParams.extend({ shareId: z.coerce.number().int().positive().max(2_147_483_647) });
// Any text: a token of the wrong shape gets the same 404 as a wrong one (share.ts), never a validation error.
const TokenParams = z.object({ token: z.string() });
const WRITE = { feature: 'quotations' as const };
/**
 * The customer is not signed in: the link's writes ('Accetta', uploads) keep their Idempotency-Keys among
 * the link's own (lib/idempotency.ts), so a double tap there is one write too (docs/adr/0030).
 */
const linkKeys = (req: FastifyRequest) => `link-${sha256((req.params as { token: string }).token)}`;

/**
 * The customer's link (docs/adr/0133-customer-link.md): the agent's routes under quotations/{id}/share (scoped like every
 * quotation route: another agent's quotation is 404), and the public ones under share/{token}, each
 * counted against its client IP before the token is looked at.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ service: QuotationsService }> = async (app, { service }) => {
  const shares = service.shares;

  app.get('/quotations/:id/share', { schema: { params: IdParams, response: { 200: dataOf(QuotationSharesSchema) } } }, async (req) => ({
    data: await shares.list(authOf(req), req.params.id),
  }));

  app.post(
    '/quotations/:id/share',
    {
      config: { ...WRITE, docs: { summary: 'Crea un link per il cliente: il token (32 byte casuali, base64url) lo genera il dispositivo' } },
      schema: { params: IdParams, body: ShareCreateSchema, response: { 201: dataOf(QuotationShareSchema) } },
    },
    async (req, reply) => reply.status(201).send({ data: await shares.create(authOf(req), req.params.id, req.body.token, req.idempotency?.key) }),
  );

  app.delete(
    '/quotations/:id/share/:shareId',
    {
      config: { ...WRITE, docs: { summary: 'Revoca un link del cliente: smette di funzionare subito' } },
      schema: { params: ShareParams, response: { 200: dataOf(QuotationShareSchema) } },
    },
    async (req) => ({ data: await shares.revoke(authOf(req), req.params.id, req.params.shareId) }),
  );

  app.post(
    '/quotations/:id/share/:shareId/email',
    {
      config: { ...WRITE, docs: { summary: 'Invia il link per email all’indirizzo del cliente' } },
      schema: { params: ShareParams, body: ShareEmailSchema, response: { 200: dataOf(QuotationShareSchema) } },
    },
    async (req) => ({
      data: await shares.email(authOf(req), req.params.id, req.params.shareId, req.body.token, app.mailer, app.config.publicUrl),
    }),
  );

  const publicRoutes: FastifyPluginAsyncZod = async (pub) => {
    await pub.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
    // Before anything else of the request (body included): the IP's limits, then the token.
    pub.addHook('onRequest', async (req) => shares.admit(req.ip));

    pub.get(
      '/share/:token',
      {
        config: { public: true, docs: { summary: 'La proposta vista dal cliente (link pubblico)' } },
        schema: { params: TokenParams, response: { 200: dataOf(PublicProposalSchema) } },
      },
      async (req) => ({ data: await shares.view(req.params.token, req.ip) }),
    );

    pub.get(
      '/share/:token/pdf',
      { config: { public: true, docs: { summary: 'Il PDF della proposta (link pubblico)', produces: 'application/pdf' } }, schema: { params: TokenParams } },
      async (req, reply) => {
        const { pdf, name } = await shares.pdf(req.params.token, req.ip);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', contentDisposition(name))
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );

    pub.post(
      '/share/:token/documents',
      {
        config: {
          public: true,
          idempotencyScope: linkKeys,
          docs: {
            summary: 'Il cliente carica un documento PDF (massimo 10 MB; gli stessi controlli del caricamento dell’agente)',
            multipart: { file: 'file', file_type: 'string' },
          },
        },
        schema: { params: TokenParams, response: { 200: dataOf(PublicProposalSchema) } },
      },
      async (req) => ({
        // The token first: a wrong one is refused before its file is read.
        data: await shares.upload(req.params.token, req.ip, async () => {
          const form = await readDocumentForm(req);
          const file = form.files[0];
          const fileType = form.fields.file_type?.trim();
          if (!file) throw invalid({ file: [MESSAGES.fileMissing] });
          if (!fileType) throw invalid({ file_type: [MESSAGES.required] });
          return { fileType, file };
        }),
      }),
    );

    pub.post(
      '/share/:token/accept/code',
      {
        config: {
          public: true,
          idempotencyScope: linkKeys,
          docs: {
            summary:
              'Invia al cliente, all’email registrata, il codice di 6 cifre per firmare la proposta (valido 10 minuti, 5 tentativi; al massimo 5 codici l’ora per link)',
          },
        },
        schema: { params: TokenParams, response: { 200: dataOf(ShareCodeSentSchema) } },
      },
      async (req) => ({ data: await shares.requestCode(req.params.token, req.ip, app.mailer, requestNow(req)) }),
    );

    pub.post(
      '/share/:token/accept',
      {
        config: {
          public: true,
          idempotencyScope: linkKeys,
          docs: {
            summary:
              'Il cliente firma e accetta la proposta con il codice ricevuto via email (registrati ora, IP, user agent, canale e SHA-256 del PDF firmato)',
          },
        },
        schema: { params: TokenParams, body: ShareAcceptSchema, response: { 200: dataOf(PublicProposalSchema) } },
      },
      async (req) => ({ data: await shares.accept(req.params.token, req.ip, req.headers['user-agent'] ?? '', req.body, requestNow(req)) }),
    );
  };
  await app.register(publicRoutes);
};
