import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@core/schemas/common';
import { CONTRACTUAL_CATEGORY_VALUES } from '@core/categories';
import { readServices } from '@core/offer-detail';
import {
  CustomerSchema,
  OfferPreviewQuerySchema,
  OfferPreviewSchema,
  ProposalSaveSchema,
  ProposalSchema,
  ProposalUpdateSchema,
  QuotePayloadSchema,
  StatusUpdateSchema,
  StreamTokenSchema,
} from '@core/schemas/quotations';
import { MESSAGES } from '@core/i18n-messages';
import { type AuthContext, authOf, loadAuthUser, userCan } from '../../lib/auth';
import { contentDisposition } from '../../lib/content-disposition';
import { invalid, notFound, unauthorized } from '../../lib/errors';
import { readDocumentForm } from './documents';
import { PDF_CHANNEL, QuotationsService, UPLOAD_MAX_BYTES } from './service';
import { QUOTATION_ACTIVITY_CHANNEL } from './share';
import { shareRoutes } from './share-routes';

const IdParams = z.object({ id: z.string().trim().min(1).max(64) });
const WRITE = { feature: 'quotations' as const };
const STREAM_TOKEN_TTL = 120;
const HEARTBEAT_MS = 15_000;
/** A stream is closed after this long even without a PDF; the client opens a new one if it still waits. */
const STREAM_MAX_MS = 5 * 60_000;
const streamAudience = (proposalId: number) => `proposal-sync:${proposalId}`;

export const quotationRoutes: FastifyPluginAsyncZod = async (app) => {
  // What a customer does through their link reaches the agent's devices too (Web Push, modules/push).
  const service = new QuotationsService(app.database, app.files, app.log, app.config.pdfSweepMs, (userId, payload) => void app.push.notify(userId, payload));
  // PDF jobs left by any process (one that crashed included) are taken up when the server is ready.
  app.addHook('onReady', async () => service.pdfJobs.start());
  // On shutdown, after the requests in flight: the render in hand finishes, no other is taken (main.ts).
  app.addHook('onClose', async () => service.pdfJobs.stop());
  // The open event streams end before the listener closes: a shutdown waits for requests in flight, and a
  // stream would hold it for minutes. The browser's EventSource opens its stream again on another process.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of streams) close();
  });
  await app.register(shareRoutes, { service });

  app.get(
    '/customers/search',
    {
      schema: {
        querystring: z.object({
          code: z.string().max(16).optional(),
          vat: z.string().max(11).optional(),
          category: z
            .string()
            .max(60)
            // Refused by the service with the spec's code ('Contractual category not valid'); declared here for the document.
            .meta({ enum: [...CONTRACTUAL_CATEGORY_VALUES, ''] })
            .optional(),
        }),
        response: { 200: dataOf(CustomerSchema) },
      },
    },
    async (req) => ({ data: await service.customers.searchCustomer(authOf(req), req.query) }),
  );

  app.get(
    '/quotations/offer/:ref',
    { schema: { params: z.object({ ref: z.string().max(80) }), querystring: OfferPreviewQuerySchema, response: { 200: dataOf(OfferPreviewSchema) } } },
    async (req) => {
      const list = (raw: string | undefined) =>
        (raw ?? '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .slice(0, 60);
      const services = Object.entries(readServices(req.query.services)).map(([id, quantity]) => ({ id, quantity }));
      return {
        data: await service.pricing.offerPreview(authOf(req), req.params.ref, {
          accessories: list(req.query.accessories),
          colors: list(req.query.colors),
          services,
          monthlyRate: req.query.rate ?? null,
        }),
      };
    },
  );

  app.post('/quote', { config: WRITE, schema: { body: QuotePayloadSchema, response: { 201: dataOf(z.string()) } } }, async (req, reply) => {
    return reply.status(201).send({ data: await service.createQuote(authOf(req), req.body, req.idempotency?.key) });
  });

  app.put(
    '/quote/:code',
    {
      config: WRITE,
      schema: {
        params: z.object({ code: z.string().max(20) }),
        body: QuotePayloadSchema.partial().omit({ code: true }),
        response: { 200: dataOf(ProposalSchema) },
      },
    },
    async (req) => ({ data: await service.updateQuote(authOf(req), req.params.code, req.body) }),
  );

  app.post('/proposals', { config: WRITE, schema: { body: ProposalSaveSchema, response: { 201: dataOf(ProposalSchema) } } }, async (req, reply) => {
    return reply.status(201).send({ data: await service.createProposal(authOf(req), req.body, req.idempotency?.key) });
  });

  app.put(
    '/proposals/:id',
    { config: WRITE, schema: { params: IdParams, body: ProposalUpdateSchema, response: { 200: dataOf(ProposalSchema) } } },
    async (req) => ({
      data: await service.updateProposal(authOf(req), req.params.id, req.body),
    }),
  );

  app.get('/proposals/:id', { schema: { params: IdParams, response: { 200: dataOf(ProposalSchema) } } }, async (req) => ({
    data: await service.getProposal(authOf(req), req.params.id),
  }));

  app.put(
    '/quotations/:id/status',
    { config: WRITE, schema: { params: IdParams, body: StatusUpdateSchema, response: { 200: dataOf(ProposalSchema) } } },
    async (req) => ({
      data: await service.setStatus(authOf(req), req.params.id, req.body.status),
    }),
  );

  app.post('/proposals/:id/attachment', { schema: { params: IdParams } }, async (req, reply) => {
    const pdf = await service.pdf(authOf(req), req.params.id);
    if (!pdf) throw notFound('Il PDF del preventivo è in preparazione, riprova tra qualche istante');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(`Preventivo-${Date.now()}.pdf`))
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });

  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
    scoped.post(
      '/quotations/documents/upload',
      {
        config: {
          ...WRITE,
          docs: { summary: 'Carica un documento PDF del preventivo (massimo 10 MB)', multipart: { file: 'file', quotation: 'string', file_type: 'string' } },
        },
        schema: { response: { 200: dataOf(ProposalSchema) } },
      },
      async (req) => {
        const auth = authOf(req);
        const form = await readDocumentForm(req);
        const file = form.files[0];
        if (!file) throw invalid({ file: [MESSAGES.fileMissing] });
        const quotation = form.fields.quotation?.trim();
        const fileType = form.fields.file_type?.trim();
        if (!quotation) throw invalid({ quotation: [MESSAGES.required] });
        if (!fileType) throw invalid({ file_type: [MESSAGES.required] });
        return { data: await service.documents.upload(auth, quotation, fileType, file, req.idempotency?.key) };
      },
    );
  });

  // EventSource cannot send headers: an authenticated call gets a 2-minute token for one proposal's stream.
  app.post('/proposals/:id/sync-token', { schema: { params: IdParams, response: { 200: dataOf(StreamTokenSchema) } } }, async (req) => {
    const auth = authOf(req);
    const row = await service.find(auth, req.params.id);
    // The client waits for the PDF: one with no job (a row from before the outbox) is queued now.
    if (!row.pdfPath) await service.pdfJobs.requeueMissing(row.id);
    return { data: { token: await app.tokens.signScoped(auth.user.id, streamAudience(row.id), STREAM_TOKEN_TTL), expires_in: STREAM_TOKEN_TTL } };
  });

  /**
   * PDF readiness as server-sent events: 'update' events carry the proposal until has_pdf is true.
   * Driven by LISTEN/NOTIFY, so a PDF rendered by another server process reaches this stream too.
   * With `follow=1` the stream instead stays open for what the customer does through their link
   * (docs/adr/0134-customer-accepts-agent-follows.md): an 'activity' event `{ id, kind, at }` per visit, document or acceptance, and nothing
   * else; the page reads the proposal again itself, so no event ever carries an older proposal.
   */
  app.get(
    '/proposals/sync/:id',
    {
      config: { public: true },
      compress: false,
      schema: {
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ token: z.string().max(2000), follow: z.literal('1').optional() }),
      },
    },
    async (req, reply) => {
      const userId = await app.tokens.verifyScoped(req.query.token, streamAudience(req.params.id));
      const user = userId === null ? null : await loadAuthUser(app.db, userId);
      if (!user || user.status !== 'ACTIVATED') throw unauthorized();
      const auth: AuthContext = { user, familyId: null, via: 'token', can: (f) => userCan(user, f) };
      const id = String(req.params.id);
      await service.find(auth, id); // 404 before the stream opens

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      let closed = false;
      let unlisten: (() => Promise<void>) | null = null;
      const timers: NodeJS.Timeout[] = [];
      const close = () => {
        if (closed) return;
        closed = true;
        streams.delete(close);
        timers.forEach(clearInterval);
        void unlisten?.();
        res.end();
      };
      req.raw.on('close', close);
      streams.add(close);
      const push = async () => {
        if (closed) return;
        try {
          const proposal = await service.getProposal(auth, id);
          if (closed) return;
          res.write(`event: update\ndata: ${JSON.stringify(proposal)}\n\n`);
          if (proposal.has_pdf) close();
        } catch {
          close();
        }
      };
      timers.push(setInterval(() => !closed && res.write(': keep-alive\n\n'), HEARTBEAT_MS));
      timers.push(setTimeout(close, STREAM_MAX_MS));
      if (req.query.follow) {
        unlisten = await app.database.listen(QUOTATION_ACTIVITY_CHANNEL, (payload) => {
          const event = parseActivity(payload);
          if (closed || !event || String(event.id) !== id) return;
          res.write(`event: activity\ndata: ${JSON.stringify({ id: Number(id), kind: event.kind, at: event.at })}\n\n`);
        });
        res.write('retry: 3000\n\n');
        return;
      }
      // Listen first, then read: a PDF finished in between is not missed.
      unlisten = await app.database.listen(PDF_CHANNEL, (payload) => {
        if (payload === id) void push();
      });
      res.write('retry: 3000\n\n');
      await push();
    },
  );
};

function parseActivity(payload: string): { id?: unknown; kind?: unknown; at?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}
