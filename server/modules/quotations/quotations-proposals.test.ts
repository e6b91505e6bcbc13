import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { EXPIRED_OFFER_MESSAGE, PROPOSAL_ERRORS } from '@core/quotation';
import type { Proposal } from '@core/schemas/quotations';
import { offers, offerVariations } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { quotationsTestApp, type H, CF, VAT, ANSWERS } from './quotations.fixtures';

const { u, privateCustomer, businessCustomer, post, put, get, createProposal, waitPdf } = quotationsTestApp();
let t: TestApp;
let full: H;
let base: H;
let sub1: H;
let sub2: H;
let leader: H;
let leader2: H;
let privRef: string;
let bizRef: string;
beforeAll(() => void ({ t, full, base, sub1, sub2, leader, leader2, privRef, bizRef } = u));

describe('POST proposals', () => {
  it('creates a proposal with server prices, number and slots, then renders the PDF', async () => {
    const p = await createProposal();
    expect(p.title).toBe(`Preventivo #${String(p.id).padStart(5, '0')}`);
    expect(p.status).toBe('OPEN');
    expect(p.step).toBe(1);
    expect(p.stillValid).toBe(true);
    expect(p.quotation.data.code).toBeNull();
    expect(p.customer.fiscal_code).toBe(CF);
    expect(p.customer.phone).toBe('3331234567');
    expect(p.quotation.data.attachments.map((s) => s.file_type)).toEqual(['identity', 'fiscal_code', 'payslips', 'privacy']);
    expect(p.price).toBeGreaterThan(0);
    expect(p.commission).not.toBeNull(); // fees-visibility
    const ready = await waitPdf(p.id);
    expect(ready.has_pdf).toBe(true);
  });

  it('prices the configuration itself: without a rate it saves the configured one, a wrong rate is refused', async () => {
    const p = await createProposal(full, privateCustomer());
    const [v] = await t.database.db.select().from(offerVariations).where(eq(offerVariations.ref, privRef));
    expect(p.base_price).toBe(v!.rate);
    expect(p.price).toBeGreaterThanOrEqual(v!.rate);
    expect((await post('proposals', full, privateCustomer({ newMonthlyRate: 1 }))).statusCode).toBe(422);
  });

  it("answers the spec's error strings as codes", async () => {
    const zip = await post('proposals', full, privateCustomer({ zip_code: '12' }));
    expect(zip.statusCode).toBe(422);
    expect(zip.json().error.code).toBe('Invalid zip code');
    expect(zip.json().error.message).toBe(PROPOSAL_ERRORS['Invalid zip code']);
    expect(zip.json().errors.zip_code[0]).toBe('Indicare un CAP valido');

    const cat = await post('proposals', full, privateCustomer({ employee_category: 'astronauta' }));
    expect(cat.statusCode).toBe(422);
    expect(cat.json().error.code).toBe('Contractual category not valid');
    expect(cat.json().error.message).toBe('Attenzione, la categoria contrattuale non è valida.');

    const type = await post('proposals', full, privateCustomer({ offer: bizRef }));
    expect(type.statusCode).toBe(422);
    expect(type.json().error.code).toBe('Customer type not compatible with offer');

    const fc = await post('proposals', full, privateCustomer({ fiscal_code: 'RSSMRA85T10A562X' }));
    expect(fc.statusCode).toBe(422);
    expect(fc.json().errors.fiscal_code[0]).toBe('Il codice fiscale indicato non è valido');

    const phone = await post('proposals', full, privateCustomer({ phone: '12' }));
    expect(phone.json().errors.phone[0]).toBe('Indicare un numero di telefono valido');

    const consent = await post('proposals', full, privateCustomer({ consent: false }));
    expect(consent.statusCode).toBe(422);
    expect(consent.json().errors.consent).toBeDefined();

    const bizNoVat = await post('proposals', full, businessCustomer({ vat_number: '01234567890' }));
    expect(bizNoVat.statusCode).toBe(422);
    expect(bizNoVat.json().errors.vat_number).toBeDefined();

    const gone = await post('proposals', full, privateCustomer({ offer: 'nope' }));
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors.offer).toBeDefined();
  });

  it('needs the quotations feature', async () => {
    expect((await post('proposals', base, privateCustomer())).statusCode).toBe(403);
  });

  it('replays an Idempotency-Key instead of creating twice', async () => {
    const key = 'proposal-key-0001';
    const a = await post('proposals', full, privateCustomer(), { 'idempotency-key': key });
    const b = await post('proposals', full, privateCustomer(), { 'idempotency-key': key });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().data.id).toBe(a.json().data.id);
  });

  it('accepts a business customer on a piva offer', async () => {
    const p = await createProposal(full, businessCustomer());
    expect(p.customer.vat_number).toBe(VAT);
    expect(p.customer.employee_type).toBe('BUSINESS');
    expect(p.quotation.data.attachments.map((s) => s.file_type)).toContain('chamber');
  });
});

describe('customers/search', () => {
  it('finds by fiscal code and by VAT, only within scope, else a clear 404', async () => {
    await createProposal(sub1, privateCustomer({ fiscal_code: 'RSSMRA80A01H501U', first_name: 'Sara client' }));
    await createProposal(full, businessCustomer());
    const byCode = await get(`customers/search?code=${CF}&category=tempo-indeterminato`, full);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().data.first_name).toBe('Mario');
    const byVat = await get(`customers/search?vat=${VAT}&category=societa-capitale`, full);
    expect(byVat.json().data.business_name).toBe('Rossi Srl');

    const other = await get('customers/search?code=RSSMRA80A01H501U', full);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Nessun cliente trovato con questo codice fiscale');
    expect((await get('customers/search?code=RSSMRA80A01H501U', sub2)).statusCode).toBe(404);
    expect((await get('customers/search?code=RSSMRA80A01H501U', leader)).statusCode).toBe(200);
    expect((await get('customers/search?code=RSSMRA80A01H501U', leader2)).statusCode).toBe(404);
    expect((await get(`customers/search?code=${CF}&category=nope`, full)).json().error.code).toBe('Contractual category not valid');
  });
});

describe('GET and PUT proposals, status, ownership', () => {
  it('opens by id and by code; the credit check issues the code (step 3)', async () => {
    const p = await createProposal();
    const res = await put(`proposals/${p.id}`, full, { sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS } });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Proposal;
    expect(updated.quotation.data.code).toMatch(/^\d{8}$/);
    expect(updated.step).toBe(3);
    expect(updated.sustainability?.response?.chance).toEqual(expect.any(Number));
    const byCode = await get(`proposals/${updated.quotation.data.code}`, full);
    expect(byCode.json().data.id).toBe(p.id);
  });

  it("answers 404 for another agent's proposal, and lets the group leader in", async () => {
    const mine = await createProposal(sub1);
    expect((await get(`proposals/${mine.id}`, full)).statusCode).toBe(404);
    expect((await get(`proposals/${mine.id}`, sub2)).statusCode).toBe(404);
    expect((await put(`proposals/${mine.id}`, full, { notes: 'x' })).statusCode).toBe(404);
    expect((await put(`quotations/${mine.id}/status`, full, { status: 'WON' })).statusCode).toBe(404);
    expect((await post(`proposals/${mine.id}/attachment`, full, undefined)).statusCode).toBe(404);
    expect((await get(`proposals/${mine.id}`, leader)).statusCode).toBe(200);
    expect((await get(`proposals/${mine.id}`, leader2)).statusCode).toBe(404);
    expect((await get('proposals/99999', full)).statusCode).toBe(404);
  });

  it('changes the status', async () => {
    const p = await createProposal();
    const res = await put(`quotations/${p.id}/status`, full, { status: 'WON' });
    expect(res.json().data.status).toBe('WON');
    expect((await put(`quotations/${p.id}/status`, full, { status: 'MAYBE' })).statusCode).toBe(422);
  });

  it('marks a proposal not valid when its offer changed or disappeared', async () => {
    const p = await createProposal();
    const [v] = await t.database.db.select().from(offerVariations).where(eq(offerVariations.ref, privRef));
    await t.database.db
      .update(offers)
      .set({ updatedAt: sql`now() + interval '1 second'` })
      .where(eq(offers.id, v!.offerId));
    const res = (await get(`proposals/${p.id}`, full)).json().data as Proposal;
    expect(res.stillValid).toBe(false);
    expect(res.expiredMessage).toBe(EXPIRED_OFFER_MESSAGE);
    // put it back so later tests see a valid offer
    await t.database.db
      .update(offers)
      .set({ updatedAt: new Date(0) })
      .where(eq(offers.id, v!.offerId));
  });

  it('rejects an invalid PUT with the spec code', async () => {
    const p = await createProposal();
    const res = await put(`proposals/${p.id}`, full, { zip_code: 'abc' });
    expect(res.json().error.code).toBe('Invalid zip code');
  });
});
