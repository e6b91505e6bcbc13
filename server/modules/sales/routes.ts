import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@core/schemas/common';
import { AgentStatisticsSchema, QuotationFiltersSchema, QuotationListSchema, QuotationSearchSchema, StatsIntervalSchema } from '@core/schemas/sales';
import { STATUS_LABELS } from '@core/quotation';
import { ROLE_GROUP_LEADER } from '@core/features';
import {
  AgentCodeSchema,
  AgentPageSchema,
  CustomerDetailSchema,
  CustomerIdSchema,
  CustomerListSchema,
  CustomerSearchSchema,
  IntervalQuerySchema,
  NetworkStatisticsSchema,
} from '@core/schemas/network';
import { authOf } from '../../lib/auth';
import { contentDisposition } from '../../lib/content-disposition';
import { renderXlsx, XLSX_MIME, type XlsxColumn } from '../../lib/xlsx';
import { QuotationsService } from '../quotations/service';
import { type ExportRow, SalesService } from './service';

const EURO = '#,##0.00 "€"';
const DATE = 'dd/mm/yyyy';

const exportColumns = (seller: boolean): XlsxColumn<ExportRow>[] => [
  { header: 'Numero preventivo', width: 18, value: (r) => r.proposal_id },
  { header: 'Codice', width: 14, value: (r) => r.code },
  // The Rome calendar day as a date cell (exceljs writes Dates as UTC serials).
  { header: 'Data', width: 14, value: (r) => new Date(`${r.day}T00:00:00Z`), numFmt: DATE },
  { header: 'Stato', width: 12, value: (r) => STATUS_LABELS[r.status] },
  { header: 'Cliente', width: 28, value: (r) => r.customer_name },
  { header: 'Categoria', width: 26, value: (r) => r.category.description },
  { header: 'Auto', width: 36, value: (r) => r.car_name },
  { header: 'Canone mensile', width: 16, value: (r) => r.price, numFmt: EURO },
  { header: 'Anticipo', width: 14, value: (r) => r.deposit, numFmt: EURO },
  ...(seller ? [{ header: 'Provvigione', width: 14, value: (r: ExportRow) => r.commission, numFmt: EURO }] : []),
  { header: 'Agente', width: 22, value: (r) => r.agent_name },
];

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SalesService(app.db, new QuotationsService(app.database, app.files, app.log));

  app.post('/quotations', { schema: { body: QuotationSearchSchema, response: { 200: QuotationListSchema } } }, async (req) =>
    service.list.list(authOf(req), req.body),
  );

  app.get('/quotations/filters', { schema: { response: { 200: dataOf(QuotationFiltersSchema) } } }, async (req) => ({
    data: await service.list.filters(authOf(req)),
  }));

  app.post('/quotations/export', { schema: { body: QuotationSearchSchema } }, async (req, reply) => {
    const auth = authOf(req);
    const rows = await service.list.exportRows(auth, req.body);
    const file = await renderXlsx('Preventivi', exportColumns(auth.can('fees-visibility')), rows);
    return reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', contentDisposition('Preventivi.xlsx'))
      .header('Cache-Control', 'no-store')
      .send(file);
  });

  app.get(
    '/agent/:code/statistics',
    {
      schema: {
        params: z.object({ code: z.string().trim().min(1).max(40) }),
        querystring: z.object({ interval: StatsIntervalSchema.default('month') }),
        response: { 200: dataOf(AgentStatisticsSchema) },
      },
    },
    async (req) => ({ data: await service.stats.statistics(authOf(req), req.params.code, req.query.interval) }),
  );

  // Customers of the caller's scope (spec §2 /customers, /customers/{customer}).
  app.get('/customers', { schema: { querystring: CustomerSearchSchema, response: { 200: CustomerListSchema } } }, async (req) =>
    service.customers.customers(authOf(req), req.query),
  );

  app.get('/customers/:customer', { schema: { params: CustomerIdSchema, response: { 200: dataOf(CustomerDetailSchema) } } }, async (req) => ({
    data: await service.customers.customer(authOf(req), req.params.customer),
  }));

  // The agent page (/agents/{agent}): self, or an agent of a leader's network; others 404.
  app.get(
    '/agents/:agent',
    { schema: { params: AgentCodeSchema, querystring: IntervalQuerySchema, response: { 200: dataOf(AgentPageSchema) } } },
    async (req) => ({
      data: await service.stats.agentPage(authOf(req), req.params.agent, req.query.interval),
    }),
  );

  // Team statistics of /admin (Rete): group leaders with feature network only (spec §6).
  app.get(
    '/network/statistics',
    {
      config: { feature: 'network', role: ROLE_GROUP_LEADER },
      schema: { querystring: IntervalQuerySchema, response: { 200: dataOf(NetworkStatisticsSchema) } },
    },
    async (req) => ({ data: await service.stats.network(authOf(req), req.query.interval) }),
  );
};
