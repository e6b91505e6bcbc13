import { describe, expect, it, beforeAll } from 'vitest';
import { carImageOfPath } from '@core/car-image';
import type { Proposal } from '@core/schemas/quotations';
import { multipartBody } from '../../test/multipart';
import { pdfContentStreams } from '../../test/pdf-content';
import type { TestApp } from '../../test/helper';
import { quotationsTestApp, type H, ANSWERS, tinyPdf } from './quotations.fixtures';

const { u, privateCustomer, post, put, get, createProposal, waitPdf } = quotationsTestApp();
let t: TestApp;
let full: H;
let sub2: H;
let privRef: string;
beforeAll(() => void ({ t, full, sub2, privRef } = u));

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

  it("draws the offer's car in its paint, as the app's picture (glass included)", async () => {
    const p = await createProposal(full, privateCustomer());
    await waitPdf(p.id);
    const body = (await post(`proposals/${p.id}/attachment`, full, undefined)).rawPayload;
    const pdf = body.toString('latin1');
    const content = pdfContentStreams(body).join('\n');
    const { hex } = carImageOfPath(p.quotation.data.offer.image)!;
    const paint = [0, 2, 4].map((i) => String(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ');
    // The body: filled with the paint and outlined, 2 points wide with round joins (core/car-image.ts carDrawing).
    expect(content).toMatch(new RegExp(`2 w\\n1 j\\n[^]*?${paint.replace(/\./g, '\\.')} scn`));
    // The windows at 85% opacity, the shadow under the car.
    expect(pdf).toContain('/ca 0.85');
    expect(content).toContain('0.8352941176470589 0.8549019607843137 0.8823529411764706 scn');
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
