// A quotation is exactly what the agent configured (docs/adr/0123-one-price-pricequote.md), for the customer as they were (docs/adr/0130-customers.md), and it
// never changes after the fact. Through the real API: what the offer detail shows (computed here as
// the screen computes it, with core's priceQuote over GET offers/{code}) is what the wizard's preview,
// the saved proposal or quote, its PDF, the list row, the xlsx row and the dashboard carry.
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { PDFParse } from 'pdf-parse';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMonthly } from '@core/format';
import { toEuros } from '@core/money';
import { priceQuote, previewQuery } from '@core/offer-detail';
import { commissionBounds, rateBoundsForCommission } from '@core/pricing';
import type { OfferDetail } from '@core/schemas/offer-detail';
import type { OfferPreview, Proposal } from '@core/schemas/quotations';
import type { AgentStatistics, QuotationList } from '@core/schemas/sales';
import { offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { privateProposal } from '../../test/payloads';

let t: TestApp;
let full: Record<string, string>;
let agentCode: string;
let details: OfferDetail[];

const CF = 'RSSMRA85T10A562S';
const romeDay = (offsetDays: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const RANGE = { startDate: romeDay(-1), endDate: romeDay(1) };

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.inject({ method, url: `/api/v1/${url}`, headers: full, ...(payload === undefined ? {} : { payload: payload as object }) });
async function ok<T>(res: Awaited<ReturnType<typeof api>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function stats(): Promise<AgentStatistics> {
  return (await ok<{ data: AgentStatistics }>(await api('GET', `agent/${agentCode}/statistics?interval=today`))).data;
}

async function pdfText(id: number): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const p = (await ok<{ data: Proposal }>(await api('GET', `proposals/${id}`))).data;
    if (p.has_pdf) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const res = await api('POST', `proposals/${id}/attachment`);
  expect(res.statusCode).toBe(200);
  return (await new PDFParse({ data: res.rawPayload }).getText()).text;
}

async function exportRow(id: number): Promise<Record<string, unknown>> {
  const res = await api('POST', 'quotations/export', { ...RANGE, quotation_id: String(id) });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  expect(ws.rowCount).toBe(2);
  const values = (ws.getRow(2).values as unknown[]).slice(1);
  return Object.fromEntries(headers.map((h, i) => [h, values[i]]));
}

beforeAll(async () => {
  t = await createTestApp();
  const login = await t.login('completo@demo.it');
  full = login.headers;
  agentCode = (await ok<{ data: { code: string } }>(await api('GET', 'agent/profile'))).data.code;
  // Public private-customer offers with something to configure: options, paid services, commission flags.
  const rows = await t.database.db
    .select({ code: offers.code })
    .from(offers)
    .where(and(eq(offers.customerType, 'privati'), isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt)))
    .orderBy(offers.id)
    .limit(40);
  const all = await Promise.all(rows.map(async (r) => (await ok<{ data: OfferDetail }>(await api('GET', `offers/${r.code}`))).data));
  details = all.filter((d) => d.fees && d.services.some((s) => !s.included) && d.optionalAccessories.length > 0).slice(0, 8);
  expect(details.length).toBeGreaterThan(2);
  expect(details.some((d) => d.has_extra_commission)).toBe(true);
});
afterAll(() => t.close());

/** One random configuration of one of the offers, as an agent would make it on the detail. */
const configuration = fc
  .record({
    offer: fc.nat(),
    child: fc.nat(),
    accessories: fc.array(fc.nat(), { maxLength: 3 }),
    color: fc.option(fc.nat(), { nil: undefined }),
    services: fc.array(fc.record({ pick: fc.nat(), quantity: fc.nat({ max: 10 }) }), { maxLength: 3 }),
    // none, the commission slider (a fraction of its range), or a typed rate (a fraction of its range)
    change: fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.record({ kind: fc.constant('slider' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
      fc.record({ kind: fc.constant('rate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    ),
    form: fc.constantFrom('proposal' as const, 'quote' as const),
  })
  .map((r) => {
    const d = details[r.offer % details.length]!;
    const child = d.child.data[r.child % d.child.data.length]!;
    const extra = d.services.filter((s) => !s.included);
    const services: Record<string, number> = {};
    for (const s of r.services) {
      const svc = extra[s.pick % extra.length]!;
      services[String(svc.id)] = Math.min(svc.max_quantity ?? 99, Math.max(svc.min_quantity ?? 0, s.quantity));
    }
    const accessories = [...new Set(r.accessories.map((i) => d.optionalAccessories[i % d.optionalAccessories.length]!.code))];
    const colors = r.color !== undefined && d.colors.length ? [d.colors[r.color % d.colors.length]!.code] : [];
    return { d, child, accessories, colors, services, change: r.change, form: r.form };
  });

describe('the quoted price and commission are the same everywhere', () => {
  it('detail, preview, saved quotation, PDF, list, export and dashboard agree for random configurations', async () => {
    const before = await stats();
    let commissions = 0;
    await fc.assert(
      fc.asyncProperty(configuration, async ({ d, child, accessories, colors, services, change, form }) => {
        // What the detail shows: core's one price (the configurator's maths) over the detail's data.
        const offer = {
          tag: d.tag,
          children: d.child.data,
          accessories: d.optionalAccessories,
          colors: d.colors,
          services: d.services,
          fees: d.fees ?? null,
          flags: { has_extra_commission: d.has_extra_commission, has_under_commission: d.has_under_commission, has_over_commission: d.has_over_commission },
        };
        const sel = { duration: child.duration, deposit: child.deposit, distance: child.distance, bundle: child.bundle, accessories, colors, services };
        const configured = priceQuote(offer, sel);
        if (!configured.ok) throw new Error('the configuration must price');
        const ctx = { durationMonths: configured.child.duration, baseMonthlyRate: configured.rate.total };
        let asked = {};
        if (change.kind === 'slider') {
          const b = commissionBounds(d.fees!, offer.flags);
          asked = { commission: Math.round(toEuros(b.min + (b.max - b.min) * change.at)) };
        } else if (change.kind === 'rate') {
          const b = rateBoundsForCommission(d.fees!, offer.flags, ctx);
          asked = { monthlyRate: toEuros(Math.round(b.min + (b.max - b.min) * change.at)) };
        }
        const shown = priceQuote(offer, sel, asked);
        if (!shown.ok) throw new Error('the configuration must price');
        const rate = toEuros(shown.monthlyRate);
        const commission = shown.commission!.displayCommission;

        // The wizard's preview of the same configuration.
        const query = new URLSearchParams(previewQuery({ accessories, colors, services, rate })).toString();
        const preview = (await ok<{ data: OfferPreview }>(await api('GET', `quotations/offer/${encodeURIComponent(configured.child.ref)}?${query}`))).data;
        expect(preview.monthly_rate).toBe(rate);
        expect(preview.commission).toBe(commission);

        const additionalServices = Object.entries(services).map(([id, quantity]) => ({ id, quantity }));
        let id: number;
        if (form === 'proposal') {
          const body = privateProposal(configured.child.ref, { fiscal_code: CF, accessories, colors, additionalServices, newMonthlyRate: rate });
          id = (await ok<{ data: Proposal }>(await api('POST', 'proposals', body), 201)).data.id;
        } else {
          const body = {
            code: configured.child.ref,
            first_name: 'Mario',
            last_name: 'Rossi',
            email: 'mario.rossi@example.it',
            phone: '3331234567',
            fiscal_code: CF,
            zip_code: '20121',
            employee_category: 'tempo-indeterminato',
            accessories,
            colors,
            additionalServices,
            monthly_rate: rate,
          };
          const code = (await ok<{ data: string }>(await api('POST', 'quote', body), 201)).data;
          id = (await ok<{ data: Proposal }>(await api('GET', `proposals/${code}`))).data.id;
        }
        const saved = (await ok<{ data: Proposal }>(await api('GET', `proposals/${id}`))).data;
        expect(saved.price).toBe(rate);
        expect(saved.commission).toBe(commission);
        expect(saved.accessories.map((a) => a.code).sort()).toEqual([...accessories].sort());
        expect(saved.offer_color?.code ?? null).toBe(colors[0] ?? null);
        expect(saved.selectedServices).toEqual(preview.selectedServices);

        const list = await ok<QuotationList>(await api('POST', 'quotations', { ...RANGE, quotation_id: String(id) }));
        expect(list.items.data).toHaveLength(1);
        expect(list.items.data[0]!.price).toBe(rate);
        expect(list.items.data[0]!.commission).toBe(commission);

        const row = await exportRow(id);
        expect(row['Canone mensile']).toBe(rate);
        expect(row['Provvigione']).toBe(commission);

        expect(await pdfText(id)).toContain(formatMonthly(rate));
        commissions += commission;
      }),
      { numRuns: 14 },
    );
    // Every quotation above is open and made today: the dashboard's potential profit grew by their commissions.
    const after = await stats();
    expect(Math.round((after.potential_profit - before.potential_profit) * 100) / 100).toBe(commissions);
  });

  it('refuses a rate the configuration does not give (422, nothing saved), and a commission change without fees-visibility', async () => {
    const d = details[0]!;
    const ref = d.child.data[0]!.ref;
    const count = async () => (await ok<QuotationList>(await api('POST', 'quotations', RANGE))).total;
    const n = await count();
    const res = await api('POST', 'proposals', privateProposal(ref, { fiscal_code: CF, newMonthlyRate: 1 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/^La rata mensile indicata \(1\s€\) non corrisponde a quella dell’offerta configurata/);
    expect(res.json().errors.newMonthlyRate).toHaveLength(1);
    const quote = await api('POST', 'quote', {
      code: ref,
      first_name: 'Mario',
      last_name: 'Rossi',
      email: 'm@example.it',
      phone: '3331234567',
      fiscal_code: CF,
      zip_code: '20121',
      employee_category: 'tempo-indeterminato',
      monthly_rate: 99999,
    });
    expect(quote.statusCode).toBe(422);
    expect(await count()).toBe(n);

    // An agent without fees-visibility cannot move the rate by a commission: only the configured rate is accepted.
    const sara = (await t.login('agente@demo.it')).headers;
    const base = await t.inject({ method: 'GET', url: `/api/v1/quotations/offer/${encodeURIComponent(ref)}`, headers: sara });
    if (base.statusCode === 200) {
      const p = base.json().data as OfferPreview;
      expect(p.commission).toBeNull();
    }
  });

  it('refuses options, colours and services the offer does not have', async () => {
    const ref = details[0]!.child.data[0]!.ref;
    const res = await api(
      'POST',
      'proposals',
      privateProposal(ref, { fiscal_code: CF, accessories: ['NOPE'], additionalServices: [{ id: '999999', quantity: 1 }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['accessories', 'services']);
  });
});

describe('a quotation keeps the customer it was made for', () => {
  it('a later quotation with the same fiscal code changes the customer record, never an earlier quotation', async () => {
    const ref = details[1]!.child.data[0]!.ref;
    const first = (
      await ok<{ data: Proposal }>(
        await api('POST', 'proposals', privateProposal(ref, { fiscal_code: 'VRDLGU80A01H501Q', first_name: 'Luigi', last_name: 'Verdi' })),
        201,
      )
    ).data;
    await ok(
      await api('PUT', `proposals/${first.id}`, {
        sustainability: {
          contractualCategory: 'tempo-indeterminato',
          answers: { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false },
        },
      }),
    );
    await ok(await api('PUT', `quotations/${first.id}/status`, { status: 'WON' }));
    const quoteCode = (
      await ok<{ data: string }>(
        await api('POST', 'quote', {
          code: ref,
          first_name: 'Luigi',
          last_name: 'Verdi',
          email: 'luigi@example.it',
          phone: '3331234567',
          fiscal_code: 'VRDLGU80A01H501Q',
          zip_code: '20121',
          employee_category: 'tempo-indeterminato',
        }),
        201,
      )
    ).data;
    const firstPdf = await pdfText(first.id);

    // Same fiscal code, other data: a business customer under another name.
    const later = privateProposal(ref, {
      fiscal_code: 'VRDLGU80A01H501Q',
      first_name: 'Mario',
      last_name: 'Bianchi',
      email: 'bianchi@example.it',
      city: 'Torino',
    });
    await ok(await api('POST', 'proposals', later), 201);

    const won = (await ok<{ data: Proposal }>(await api('GET', `proposals/${first.id}`))).data;
    expect([won.customer.first_name, won.customer.last_name, won.customer.city]).toEqual(['Luigi', 'Verdi', first.customer.city]);
    const quote = (await ok<{ data: Proposal }>(await api('GET', `proposals/${quoteCode}`))).data;
    expect([quote.customer.first_name, quote.customer.last_name]).toEqual(['Luigi', 'Verdi']);
    const row = (await ok<QuotationList>(await api('POST', 'quotations', { ...RANGE, quotation_id: String(first.id) }))).items.data[0]!;
    expect(row.customer_name).toBe('Luigi Verdi');
    expect((await exportRow(first.id))['Cliente']).toBe('Luigi Verdi');
    // The PDF was rendered for Luigi Verdi and still is: the customer change did not re-render it.
    expect(firstPdf).toContain('Luigi Verdi');
    expect(await pdfText(first.id)).toContain('Luigi Verdi');
    // A text search finds the quotation by the name it was made with, not by today's record.
    const byOld = await ok<QuotationList>(await api('POST', 'quotations', { ...RANGE, query: 'Luigi Verdi' }));
    expect(byOld.items.data.map((q) => q.proposal_id)).toContain(first.id);
    const byNew = await ok<QuotationList>(await api('POST', 'quotations', { ...RANGE, query: 'Mario Bianchi' }));
    expect(byNew.items.data.map((q) => q.proposal_id)).not.toContain(first.id);
    // The customer record itself is the latest data.
    const found = (await ok<{ data: { first_name: string } }>(await api('GET', 'customers/search?code=VRDLGU80A01H501Q'))).data;
    expect(found.first_name).toBe('Mario');
  });
});

describe("the proposal PDF is the customer's document", () => {
  it("prints the customer's data and the offer, never the agent's notes on the customer", async () => {
    const ref = details[0]!.child.data[0]!.ref;
    const notes = 'Nota interna: cliente da richiamare, margine alto';
    const p = (await ok<{ data: Proposal }>(await api('POST', 'proposals', privateProposal(ref, { fiscal_code: CF, first_name: 'Anna', notes })), 201)).data;
    expect(p.notes).toBe(notes); // kept for the agent
    const text = await pdfText(p.id);
    expect(text).toContain('Anna');
    expect(text).not.toContain('Nota interna');
    expect(text).not.toContain('margine alto');
  });
});
