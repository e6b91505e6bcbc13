import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseCarImageCode, renderCarSvg } from '@core/car-image';
import { formatDistance } from '@core/format';
import { dataOf } from '@core/schemas/common';
import { OfferDeltaSchema } from '@core/schemas/offer-sync';
import { OfferAttachmentSchema, OfferDetailQuerySchema, OfferDetailSchema } from '@core/schemas/offer-detail';
import { CompareAttachmentSchema } from '@core/schemas/compare';
import { FilterSetSchema, type OfferCard, OfferSearchResponseSchema, OfferSearchSchema } from '@core/schemas/offers';
import { authOf } from '../../lib/auth';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { contentDisposition } from '../../lib/content-disposition';
import { notFound } from '../../lib/errors';
import { sendReady } from '../../lib/ready-answer';
import { renderXlsx, XLSX_MIME, type XlsxColumn } from '../../lib/xlsx';
import { compareSheet } from './compare';
import { renderCompareSheet } from './compare-sheet';
import { OfferDetailService } from './detail';
import { renderOfferSheet } from './offer-sheet';
import { OffersService } from './service';
import { offerDelta } from './sync';

const EXPORT_COLUMNS: XlsxColumn<OfferCard>[] = [
  { header: 'Codice', value: (r) => r.code, width: 12 },
  { header: 'Marca', value: (r) => r.brand },
  { header: 'Modello', value: (r) => r.model, width: 22 },
  { header: 'Versione', value: (r) => r.version, width: 36 },
  { header: 'Alimentazione', value: (r) => r.car.fuel.name },
  { header: 'Cambio', value: (r) => r.car.descrizione_cambio, width: 18 },
  { header: 'Società di noleggio', value: (r) => r.broker.name, width: 22 },
  { header: 'Prodotto', value: (r) => r.product.name, width: 32 },
  { header: 'Durata (mesi)', value: (r) => r.duration },
  { header: 'Km annui', value: (r) => (r.distance === 0 ? formatDistance(0) : r.distance), numFmt: '#,##0' },
  { header: 'Anticipo (€)', value: (r) => r.deposit, numFmt: '#,##0' },
  { header: 'Canone mensile (€)', value: (r) => r.monthly_rate, numFmt: '#,##0.00', width: 20 },
  { header: 'Consegna', value: (r) => r.delivery_time_label },
  { header: 'Disponibilità', value: (r) => r.stockAvailabilityLabel },
  { header: 'Tag', value: (r) => r.tag ?? '' },
];

export const offerRoutes: FastifyPluginAsyncZod<{ answerCacheBytes: number }> = async (app, opts) => {
  const service = new OffersService(app.db, opts.answerCacheBytes);
  const details = new OfferDetailService(app.db);

  app.get('/search/catalog/filters', { schema: { response: { 200: dataOf(FilterSetSchema) } } }, async (req) => ({ data: await service.filters(authOf(req)) }));

  // The device's copy of the catalogue (offline search): everything at first, then what changed since the cursor.
  app.get(
    '/sync/offers',
    { schema: { querystring: z.object({ since: z.iso.datetime({ offset: true }).optional() }), response: { 200: dataOf(OfferDeltaSchema) } } },
    async (req) => ({ data: await offerDelta(app.db, service, authOf(req), req.query.since ? new Date(req.query.since) : null) }),
  );

  // Answers go out ready-made (service.searchAnswer), serialised from the route's schema (lib/compiled-serializer.ts).
  const serializeSearch = compiledSerializer(OfferSearchResponseSchema);
  app.post('/search/offers', { schema: { body: OfferSearchSchema, response: { 200: OfferSearchResponseSchema } } }, async (req, reply) => {
    const answer = await service.searchAnswer(authOf(req), req.body, serializeSearch);
    return sendReady(req, reply, answer);
  });

  app.post('/search/offers/export', { schema: { body: OfferSearchSchema } }, async (req, reply) => {
    const rows = await service.exportRows(authOf(req), req.body);
    const file = await renderXlsx('Offerte', EXPORT_COLUMNS, rows);
    return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', contentDisposition('Offerte.xlsx')).send(file);
  });

  // The id is the offer code (the cards link with it) or a child offer's ref; invisible offers are 404.
  app.get(
    '/offers/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(80) }), querystring: OfferDetailQuerySchema, response: { 200: dataOf(OfferDetailSchema) } } },
    async (req) => ({ data: await details.detail(authOf(req), req.params.id, req.query) }),
  );

  app.post('/offers/attachment', { schema: { body: OfferAttachmentSchema }, config: { docs: { produces: 'application/pdf' } } }, async (req, reply) => {
    const printable = await details.attachment(authOf(req), req.body);
    const file = await renderOfferSheet(printable, { name: req.body.name, occupation: req.body.occupation });
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(`Preventivo-${Date.now()}.pdf`))
      .send(file);
  });

  // The compare page's PDF (docs/adr/0143-compare-offers.md): every offer visible to the caller (else 404), priced here as the page prices it.
  app.post(
    '/offers/compare/attachment',
    { schema: { body: CompareAttachmentSchema }, config: { docs: { produces: 'application/pdf' } } },
    async (req, reply) => {
      const file = await renderCompareSheet(await compareSheet(details, authOf(req), req.body));
      // The agent's version says so in its name, so it is not sent to a customer by mistake.
      const name = req.body.version === 'agente' ? 'Confronto-offerte-agente' : 'Confronto-offerte';
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(`${name}-${Date.now()}.pdf`))
        .send(file);
    },
  );

  // Generated car pictures: public because <img> sends no token, and harmless (no data, no input echoed).
  app.get('/car/images/render/:file', { config: { public: true }, schema: { params: z.object({ file: z.string().max(40) }) } }, async (req, reply) => {
    const parsed = req.params.file.endsWith('.svg') ? parseCarImageCode(req.params.file.slice(0, -4)) : null;
    if (!parsed) throw notFound();
    return (
      reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        // An SVG opened directly is a document: no scripts, no external loads, ever.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(renderCarSvg(parsed.body, parsed.hex))
    );
  });
};
