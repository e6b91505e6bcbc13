import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRED_OFFER_MESSAGE, PROPOSAL_ERRORS } from '@core/quotation';
import type { Proposal, ProposalSave } from '@core/schemas/quotations';
import { offers, offerVariations, quotations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { privateProposal } from '../../test/payloads';
import { multipartBody } from '../../test/multipart';

let t: TestApp;
let full: Record<string, string>;
let base: Record<string, string>; // no features
let sub1: Record<string, string>; // Sara Conti, NET-NORD
let sub2: Record<string, string>; // Paolo Marini, NET-NORD
let leader: Record<string, string>; // NET-NORD group leader
let leader2: Record<string, string>; // NET-SUD group leader
let privRef: string;
let bizRef: string;

const CF = 'RSSMRA85T10A562S';
const VAT = '01234567897';

const tinyPdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

async function publicRef(customerType: 'piva' | 'privati') {
  const [row] = await t.database.db
    .select({ ref: offerVariations.ref })
    .from(offerVariations)
    .innerJoin(offers, eq(offers.id, offerVariations.offerId))
    .where(and(eq(offers.customerType, customerType), isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt)))
    .orderBy(offerVariations.id)
    .limit(1);
  return row!.ref;
}

const privateCustomer = (over: Partial<ProposalSave> = {}): ProposalSave =>
  privateProposal(privRef, { fiscal_code: CF, notes: 'Cliente interessato alla consegna rapida', ...over });

const businessCustomer = (over: Partial<ProposalSave> = {}): ProposalSave =>
  privateCustomer({ offer: bizRef, employee_category: 'societa-capitale', vat_number: VAT, business_name: 'Rossi Srl', fiscal_code: VAT, ...over });

const post = (url: string, headers: Record<string, string>, payload: unknown, extra: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...headers, ...extra }, payload: payload as object });
const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.inject({ method: 'PUT', url: `/api/v1/${url}`, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) => t.inject({ method: 'GET', url: `/api/v1/${url}`, headers });

async function createProposal(headers = full, body = privateCustomer()): Promise<Proposal> {
  const res = await post('proposals', headers, body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function waitPdf(id: number, headers = full) {
  for (let i = 0; i < 100; i++) {
    const p = (await get(`proposals/${id}`, headers)).json().data as Proposal;
    if (p.has_pdf) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('pdf never ready');
}

const ANSWERS = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.login('completo@demo.it')).headers;
  base = (await t.login('agente@demo.it')).headers;
  sub1 = (await t.login('sara.conti@demo.it')).headers;
  sub2 = (await t.login('paolo.marini@demo.it')).headers;
  leader = (await t.login('capogruppo@demo.it')).headers;
  leader2 = (await t.login('capogruppo.sud@demo.it')).headers;
  privRef = await publicRef('privati');
  bizRef = await publicRef('piva');
});
afterAll(() => t.close());

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

describe('the proposal PDF', () => {
  it('returns a real PDF with the proposal content', async () => {
    const p = await createProposal(full, privateCustomer({ notes: 'Consegna a Bergamo' }));
    await waitPdf(p.id);
    const res = await post(`proposals/${p.id}/attachment`, full, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/Preventivo-\d+\.pdf/);
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.length).toBeGreaterThan(2000);
    // pdfkit compresses streams; the document title is in the (uncompressed) info dictionary.
    expect(body.toString('latin1')).toContain(`Preventivo #${String(p.id).padStart(5, '0')}`);
  });
});

describe('POST quotations/documents/upload', () => {
  async function quotationWithCode() {
    const p = await createProposal();
    const res = await put(`proposals/${p.id}`, full, { sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS } });
    return res.json().data as Proposal;
  }
  const upload = (headers: Record<string, string>, code: string, fileType: string, data: Buffer, filename = 'doc.pdf', extra: Record<string, string> = {}) => {
    const mp = multipartBody([
      { name: 'quotation', value: code },
      { name: 'file_type', value: fileType },
      { name: 'file', value: data, filename, type: 'application/pdf' },
    ]);
    return t.inject({ method: 'POST', url: '/api/v1/quotations/documents/upload', headers: { ...headers, ...mp.headers, ...extra }, payload: mp.payload });
  };

  it('stores a PDF in its slot (step 4)', async () => {
    const q = await quotationWithCode();
    const res = await upload(full, q.quotation.data.code!, 'identity', tinyPdf(), 'carta.pdf');
    expect(res.statusCode).toBe(200);
    const p = res.json().data as Proposal;
    expect(p.quotation.data.hasAttachments).toBe(true);
    expect(p.quotation.data.attachments.find((s) => s.file_type === 'identity')!.files[0]!.name).toBe('carta.pdf');
    expect(p.step).toBe(4);
  });

  it('refuses a non-PDF renamed .pdf, an unknown slot, a foreign quotation and a big file', async () => {
    const q = await quotationWithCode();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const fake = await upload(full, q.quotation.data.code!, 'identity', png, 'finto.pdf');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.file[0]).toBe('Il file deve essere un PDF');
    expect((await upload(full, q.quotation.data.code!, 'passport', tinyPdf())).statusCode).toBe(422);
    expect((await upload(sub2, q.quotation.data.code!, 'identity', tinyPdf())).statusCode).toBe(404);
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await upload(full, q.quotation.data.code!, 'identity', big)).statusCode).toBe(422);
  });

  it('needs a code first', async () => {
    const p = await createProposal();
    expect((await upload(full, String(p.id), 'identity', tinyPdf())).statusCode).toBe(422);
  });

  it('replays an upload with the same Idempotency-Key once', async () => {
    const q = await quotationWithCode();
    const key = 'upload-key-000001';
    await upload(full, q.quotation.data.code!, 'identity', tinyPdf(), 'a.pdf', { 'idempotency-key': key });
    const again = await upload(full, q.quotation.data.code!, 'identity', tinyPdf(), 'a.pdf', { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const p = (await get(`proposals/${q.id}`, full)).json().data as Proposal;
    expect(p.quotation.data.attachments.find((s) => s.file_type === 'identity')!.files).toHaveLength(1);
  });
});

describe('POST quote and PUT quote/{code}', () => {
  const quote = () => ({
    code: privRef,
    first_name: 'Anna',
    last_name: 'Bianchi',
    email: 'anna@example.it',
    phone: '3331234567',
    fiscal_code: 'RSSMRA85T10A56NH',
    zip_code: '00184',
    employee_category: 'pensionato',
    note: 'Solo contatto email',
  });
  it('creates a quotation with a code and updates its customer', async () => {
    const res = await post('quote', full, quote());
    expect(res.statusCode).toBe(201);
    const code = res.json().data as string;
    expect(code).toMatch(/^\d{8}$/);
    const upd = await put(`quote/${code}`, full, { city: 'Roma', phone: '+39 3470000000' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data.customer.phone).toBe('3470000000');
    expect((await put(`quote/${code}`, full, { zip_code: '1' })).json().error.code).toBe('Invalid zip code');
    expect((await put(`quote/${code}`, sub2, { city: 'X' })).statusCode).toBe(404);
  });
  it('is no longer editable once its credit check is recorded', async () => {
    const code = (await post('quote', full, quote())).json().data as string;
    const made = (await get(`proposals/${code}`, full)).json().data as Proposal;
    expect(made.kind).toBe('quote');
    const answers = { net_monthly_income: 1500, other_loans: 0, guarantor: false, bad_payer: false };
    expect((await put(`proposals/${made.id}`, full, { sustainability: { contractualCategory: 'pensionato', answers } })).statusCode).toBe(200);
    const locked = await put(`quote/${code}`, full, { first_name: 'Anna Maria' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().error.message).toBe('Il preventivo è confermato: i dati del cliente non sono più modificabili');
    expect((await get(`proposals/${code}`, full)).json().data.customer.first_name).toBe('Anna');
  });
  it('requires phone and zip code on the quote form', async () => {
    const res = await post('quote', full, { ...quote(), phone: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.phone[0]).toBe('Indicare un numero di telefono valido');
  });
});

describe('GET proposals/sync/{id} (server-sent events)', () => {
  it('streams update events until has_pdf, across LISTEN/NOTIFY, uncompressed and uncached', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // Hold the PDF back (no render running), open the stream, then change the proposal: its render NOTIFYs the stream.
    const p = await createProposal();
    await waitPdf(p.id);
    await t.database.db
      .update(quotations)
      .set({ pdfPath: null, version: sql`${quotations.version} + 1` })
      .where(eq(quotations.id, p.id));
    const tok = await post(`proposals/${p.id}/sync-token`, full, undefined);
    expect(tok.statusCode).toBe(200);
    const token = tok.json().data.token as string;

    const events: Proposal[] = [];
    let firstEvent: () => void = () => undefined;
    const gotFirst = new Promise<void>((r) => (firstEvent = r));
    const done = new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(
        { port, host: '127.0.0.1', path: `/api/v1/proposals/sync/${p.id}?token=${encodeURIComponent(token)}`, headers: { 'accept-encoding': 'gzip, br' } },
        (res) => {
          let buf = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buf += chunk;
            for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
              const block = buf.slice(0, i);
              buf = buf.slice(i + 2);
              const data = /^event: update\ndata: (.*)$/m.exec(block);
              if (data) {
                events.push(JSON.parse(data[1]!));
                firstEvent();
              }
            }
          });
          res.on('end', () => resolve(res.headers));
        },
      );
      req.on('error', reject);
    });
    await gotFirst;
    expect(events[0]!.has_pdf).toBe(false);
    const upd = await put(`proposals/${p.id}`, full, { first_name: 'Marione' });
    expect(upd.statusCode).toBe(200);
    const headers = await done;
    expect(headers['content-type']).toMatch(/text\/event-stream/);
    expect(headers['cache-control']).toMatch(/no-cache/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(events.at(-1)!.has_pdf).toBe(true);
    expect(events.at(-1)!.customer.first_name).toBe('Marione');
  });

  it('refuses a missing, foreign or wrong-proposal token', async () => {
    const p = await createProposal();
    const other = await createProposal();
    expect((await get(`proposals/sync/${p.id}?token=nope`, {})).statusCode).toBe(401);
    const tok = (await post(`proposals/${other.id}/sync-token`, full, undefined)).json().data.token as string;
    expect((await get(`proposals/sync/${p.id}?token=${tok}`, {})).statusCode).toBe(401);
    const mine = await createProposal(sub1);
    expect((await post(`proposals/${mine.id}/sync-token`, full, undefined)).statusCode).toBe(404);
    // an access token is not a stream token
    expect((await get(`proposals/sync/${p.id}?token=${full.authorization!.slice(7)}`, {})).statusCode).toBe(401);
  });
});
