// The compare PDF (docs/adr/0143-compare-offers.md): POST offers/compare/attachment, every rule on PGlite (and PostgreSQL with TEST_DB_KIND=postgres).
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareItem } from '@core/compare';
import { compareColumn, type CompareColumn } from '@core/compare-table';
import { formatMonthly } from '@core/format';
import { toEuros } from '@core/money';
import { sustainabilityFilterOf } from '@core/offer-sustainability';
import type { CompareAttachmentInput } from '@core/schemas/compare';
import type { OfferDetail } from '@core/schemas/offer-detail';
import { offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { COMPARE_MESSAGES } from './compare';

let t: TestApp;
let full: Record<string, string>; // fees-visibility
let base: Record<string, string>; // no features, no network
let sara: Record<string, string>; // NET-NORD sub-agent
let publicCodes: string[];

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.login('completo@demo.it')).headers;
  base = (await t.login('agente@demo.it')).headers;
  sara = (await t.login('sara.conti@demo.it')).headers;
  const rows = await t.database.db
    .select({ code: offers.code })
    .from(offers)
    .where(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt), eq(offers.published, true)))
    .orderBy(asc(offers.id))
    .limit(6);
  publicCodes = rows.map((r) => r.code);
});
afterAll(() => t.close());

const post = (payload: unknown, headers = full) => t.inject({ method: 'POST', url: '/api/v1/offers/compare/attachment', headers, payload: payload as object });
const detail = async (code: string, headers = full) => {
  const res = await t.inject({ method: 'GET', url: `/api/v1/offers/${code}`, headers });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as OfferDetail;
};
const codeWhere = async (where: ReturnType<typeof and>) => {
  const [row] = await t.database.db.select({ code: offers.code }).from(offers).where(where).limit(1);
  if (!row) throw new Error('no such offer in the demo');
  return row.code;
};
/** The terms the detail shows for the offer (its first child offer). */
const termsOf = (d: OfferDetail, over: Partial<CompareItem> = {}): CompareItem => ({
  code: d.code,
  duration: d.duration,
  deposit: d.deposit,
  distance: d.distance,
  bundle: d.bundle,
  accessories: [],
  colors: [],
  services: {},
  ...over,
});
const text = async (pdf: Buffer) => (await new PDFParse({ data: pdf }).getText()).text.replace(/\u00a0/g, ' ');
/** What the compare page shows for the item: core's column from the detail the page reads. */
const shown = (d: OfferDetail, item: CompareItem, showFees: boolean): CompareColumn => {
  const r = compareColumn(d, item, { check: null, showFees });
  if (!r.ok) throw new Error(r.reason);
  return r.column;
};

describe('POST /offers/compare/attachment', () => {
  it("prints every car with the rate the compare page and the detail show, the best marked and, in the agent's version, the seller's commission", async () => {
    const details = await Promise.all(publicCodes.slice(0, 3).map((c) => detail(c)));
    const d0 = details[0]!;
    const accessory = d0.optionalAccessories.find((a) => a.price > 0)!;
    const extra = d0.services.find((s) => !s.included)!;
    const items = [termsOf(d0, { accessories: [accessory.code], services: { [String(extra.id)]: 1 } }), termsOf(details[1]!), termsOf(details[2]!)];
    const res = await post({ items, version: 'agente' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=Confronto-offerte-agente-\d+\.pdf$/);
    const pdf = await text(res.rawPayload);
    items.forEach((item, i) => {
      const d = details[i]!;
      expect(pdf).toContain(`${d.brand} ${d.model}`);
      expect(pdf).toContain(formatMonthly(toEuros(shown(d, item, true).monthlyRate)));
    });
    // The first column pays its accessory and service: not the card's rate.
    expect(toEuros(shown(d0, items[0]!, true).monthlyRate)).toBeGreaterThan(d0.monthly_rate);
    expect(pdf).toContain('MIGLIORE');
    expect(pdf).toContain('Canone mensile');
    expect(pdf).toContain('Provvigione');
    expect(pdf).not.toContain('Sostenibilità');
    expect(pdf).toContain('Il canone mensile può subire variazioni.');
  });

  it("leaves the commission out of the customer's version, the default, with the same prices", async () => {
    const details = await Promise.all(publicCodes.slice(0, 2).map((c) => detail(c)));
    const items = details.map((d) => termsOf(d, { rate: d.monthly_rate + 3 }));
    for (const body of [{ items }, { items, version: 'cliente' }]) {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=Confronto-offerte-\d+\.pdf$/);
      const pdf = await text(res.rawPayload);
      expect(pdf).not.toContain('Provvigione');
      details.forEach((d, i) => expect(pdf).toContain(formatMonthly(toEuros(shown(d, items[i]!, true).monthlyRate))));
    }
    const agent = await text((await post({ items, version: 'agente' })).rawPayload);
    expect(agent).toContain('Provvigione');
    const wrong = await post({ items, version: 'commerciale' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.version).toEqual(['Scegli la versione del PDF: per il cliente o per l’agente']);
  });

  it('shows no commission to an agent without fees-visibility, and prices without it', async () => {
    const d = await detail(publicCodes[0]!, base);
    const other = await detail(publicCodes[1]!, base);
    const res = await post({ items: [termsOf(d, { rate: d.monthly_rate + 40 }), termsOf(other)], version: 'agente' }, base);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await text(res.rawPayload);
    expect(pdf).not.toContain('Provvigione');
    // A rate asked with the commission is not theirs to ask: the configured rate is printed.
    expect(pdf).toContain(formatMonthly(d.monthly_rate));
    expect(pdf).not.toContain(formatMonthly(d.monthly_rate + 40));
  });

  it("applies a seller's commission rate within its bounds, as the detail and the quotation do", async () => {
    const d = await detail(publicCodes[0]!);
    const other = await detail(publicCodes[1]!);
    const asked = termsOf(d, { rate: d.monthly_rate + 3 });
    const column = shown(d, asked, true);
    const res = await post({ items: [asked, termsOf(other)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await text(res.rawPayload)).toContain(formatMonthly(toEuros(column.monthlyRate)));
  });

  it('adds the sustainability row from the credit check, re-run on the server', async () => {
    const [a, b] = await Promise.all(publicCodes.slice(0, 2).map((c) => detail(c)));
    const check = {
      contractualCategory: 'tempo-indeterminato' as const,
      answers: { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false },
    };
    expect(sustainabilityFilterOf(check)).not.toBeNull();
    const body: CompareAttachmentInput = { items: [termsOf(a!), termsOf(b!)], ...check };
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await text(res.rawPayload);
    expect(pdf).toContain('Sostenibilità (credit check)');
    expect(pdf).toMatch(/Livello [012] · (Alta|Media|Bassa)/);
    expect(pdf).toContain('categoria tempo indeterminato');
    // Answers need their category, and are checked against its questions.
    expect((await post({ items: body.items, answers: { trial_period_ended: true } })).statusCode).toBe(422);
    expect((await post({ items: body.items, contractualCategory: 'tempo-indeterminato', answers: { nope: 1 } })).statusCode).toBe(422);
    expect((await post({ items: body.items, contractualCategory: 'nope' })).statusCode).toBe(422);
  });

  it('answers 404 alike for an offer the caller may not see and one that does not exist: nothing leaks', async () => {
    const [a] = await Promise.all([detail(publicCodes[0]!, base)]);
    const nord = await codeWhere(and(eq(offers.ownerGroup, 'NET-NORD'), isNull(offers.deletedAt), eq(offers.published, true)));
    const nordDetail = await detail(nord, sara);
    const hidden = await post({ items: [termsOf(a!), termsOf(nordDetail)] }, base);
    const missing = await post({ items: [termsOf(a!), { ...termsOf(nordDetail), code: 'OF999999' }] }, base);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json()).toEqual({
      error: { http_code: 404, message: COMPARE_MESSAGES.someNotVisible },
      errors: { 'items.1.code': [COMPARE_MESSAGES.notVisible] },
    });
    expect(missing.json()).toEqual(hidden.json());
    expect(hidden.body).not.toContain(nordDetail.model);
    // An agent of the network sees the network's offer: the same link prints for them.
    const ok = await post({ items: [termsOf(a!), termsOf(nordDetail)] }, sara);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await text(ok.rawPayload)).toContain(`${nordDetail.brand} ${nordDetail.model}`);
    // And an offer of one agent is theirs alone.
    const own = await codeWhere(eq(offers.ownerUserId, t.ids.get('full')!));
    const ownDetail = await detail(own, full);
    expect((await post({ items: [termsOf(a!), termsOf(ownDetail)] }, full)).statusCode).toBe(200);
    expect((await post({ items: [termsOf(a!), termsOf(ownDetail)] }, sara)).statusCode).toBe(404);
  });

  it('takes two to four distinct configurations', async () => {
    const details = await Promise.all(publicCodes.slice(0, 5).map((c) => detail(c)));
    const items = details.map((d) => termsOf(d));
    const one = await post({ items: items.slice(0, 1) });
    expect(one.statusCode).toBe(422);
    expect(one.json().errors.items).toEqual(['Per il confronto servono almeno due offerte']);
    const five = await post({ items });
    expect(five.statusCode).toBe(422);
    expect(five.json().errors.items).toEqual(['Si possono confrontare al massimo 4 offerte']);
    expect((await post({ items: items.slice(0, 4) })).statusCode).toBe(200);
    const twice = await post({ items: [items[0], items[1], { ...items[0]! }] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'items.2': [COMPARE_MESSAGES.duplicate] });
    // Another configuration of the same offer is another column.
    const d = details[0]!;
    const otherTerms = d.child.data.find((c) => c.duration !== d.duration || c.deposit !== d.deposit || c.distance !== d.distance)!;
    const same = await post({
      items: [items[0], { ...items[0]!, duration: otherTerms.duration, deposit: otherTerms.deposit, distance: otherTerms.distance, bundle: otherTerms.bundle }],
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses terms no child offer has, codes the offer lacks and two colours, per item', async () => {
    const [a, b] = await Promise.all(publicCodes.slice(0, 2).map((c) => detail(c)));
    const gone = await post({ items: [termsOf(a!), termsOf(b!, { duration: 119 })] });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors).toEqual({ 'items.1': [COMPARE_MESSAGES.noMatch] });
    const unknown = await post({ items: [termsOf(a!, { accessories: ['NOPE'], services: { '999999': 1 } }), termsOf(b!)] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['items.0.accessories', 'items.0.services']);
    const colours = await post({ items: [termsOf(a!, { colors: a!.colors.slice(0, 2).map((c) => c.code) }), termsOf(b!)] });
    expect(colours.statusCode).toBe(422);
    expect(colours.json().errors['items.0.colors']).toEqual(['Si può scegliere un solo colore']);
    const badCode = await post({ items: [termsOf(a!, { code: 'OF 1' }), termsOf(b!)] });
    expect(badCode.statusCode).toBe(422);
  });

  it('is documented as a PDF in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/offers/compare/attachment'].post).toBeTruthy();
  });
});
