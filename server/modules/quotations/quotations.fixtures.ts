// The quotation server tests' common ground: one test app per file, six users, two public offer
// references, and helpers that call the API. Each quotations-*.test.ts calls `quotationsTestApp()` at its top.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Proposal, ProposalSave } from '@core/schemas/quotations';
import { offers, offerVariations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { privateProposal } from '../../test/payloads';

export type H = Record<string, string>;

export const CF = 'RSSMRA85T10A562S';
export const VAT = '01234567897';
export const ANSWERS = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };

/** The smallest valid PDF: one blank page. */
export const tinyPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

export type QuotationUsers = {
  t: TestApp;
  full: H;
  base: H; // no features
  sub1: H; // Sara Conti, NET-NORD
  sub2: H; // Paolo Marini, NET-NORD
  leader: H; // NET-NORD group leader
  leader2: H; // NET-SUD group leader
  privRef: string; // a public offer for private customers
  bizRef: string; // a public offer for businesses
};

export function quotationsTestApp() {
  const u = {} as QuotationUsers;

  async function publicRef(customerType: 'piva' | 'privati') {
    const [row] = await u.t.database.db
      .select({ ref: offerVariations.ref })
      .from(offerVariations)
      .innerJoin(offers, eq(offers.id, offerVariations.offerId))
      .where(and(eq(offers.customerType, customerType), isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt)))
      .orderBy(offerVariations.id)
      .limit(1);
    return row!.ref;
  }

  beforeAll(async () => {
    u.t = await createTestApp();
    u.full = (await u.t.login('completo@demo.it')).headers;
    u.base = (await u.t.login('agente@demo.it')).headers;
    u.sub1 = (await u.t.login('sara.conti@demo.it')).headers;
    u.sub2 = (await u.t.login('paolo.marini@demo.it')).headers;
    u.leader = (await u.t.login('capogruppo@demo.it')).headers;
    u.leader2 = (await u.t.login('capogruppo.sud@demo.it')).headers;
    u.privRef = await publicRef('privati');
    u.bizRef = await publicRef('piva');
  });
  afterAll(() => u.t.close());

  const privateCustomer = (over: Partial<ProposalSave> = {}): ProposalSave =>
    privateProposal(u.privRef, { fiscal_code: CF, notes: 'Cliente interessato alla consegna rapida', ...over });
  const businessCustomer = (over: Partial<ProposalSave> = {}): ProposalSave =>
    privateCustomer({ offer: u.bizRef, employee_category: 'societa-capitale', vat_number: VAT, business_name: 'Rossi Srl', fiscal_code: VAT, ...over });

  const post = (url: string, headers: H, payload: unknown, extra: H = {}) =>
    u.t.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...headers, ...extra }, payload: payload as object });
  const put = (url: string, headers: H, payload: unknown) => u.t.inject({ method: 'PUT', url: `/api/v1/${url}`, headers, payload: payload as object });
  const get = (url: string, headers: H) => u.t.inject({ method: 'GET', url: `/api/v1/${url}`, headers });

  async function createProposal(headers = u.full, body = privateCustomer()): Promise<Proposal> {
    const res = await post('proposals', headers, body);
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  /** The proposal once its PDF is rendered (the durable job runs after the answer). */
  async function waitPdf(id: number, headers = u.full) {
    for (let i = 0; i < 100; i++) {
      const p = (await get(`proposals/${id}`, headers)).json().data as Proposal;
      if (p.has_pdf) return p;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('pdf never ready');
  }

  return { u, privateCustomer, businessCustomer, post, put, get, createProposal, waitPdf };
}
