// PDF uploads (docs/adr/0109-uploaded-files.md): a quotation document with active content (scripts, launch actions, also
// hidden in a compressed object stream or behind #xx escapes) is refused, and a quotation holds at
// most MAX_DOCUMENTS_PER_QUOTATION documents.
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import { quotationDocuments } from './db/schema';
import { assertSafePdf, MAX_DOCUMENTS_PER_QUOTATION, PDF_ACTIVE_CONTENT, TOO_MANY_DOCUMENTS } from './lib/documents';
import { createTestApp, type TestApp } from './test/helper';
import { multipartBody } from './test/multipart';
import { privateProposal, publicOfferRef } from './test/payloads';

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer<</Root 1 0 R>>\n%%EOF\n`, 'latin1');
const plain = pdf('1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj');
const objectStream = (content: string) => {
  const packed = deflateSync(Buffer.from(content, 'latin1'));
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n3 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${packed.length}>>stream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
  ]);
};

describe('assertSafePdf', () => {
  it('accepts a plain PDF, and one whose object stream holds nothing active', () => {
    expect(() => assertSafePdf(plain)).not.toThrow();
    expect(() => assertSafePdf(objectStream('1 0 <</Type/Catalog/Pages 2 0 R>>'))).not.toThrow();
  });

  it('refuses scripts, open actions running them and launch actions, however written', () => {
    const active = [
      pdf('1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj'),
      pdf('1 0 obj<</Type/Catalog/Names<</JavaScript 5 0 R>>>>endobj'),
      pdf('1 0 obj<</Type/Catalog/OpenAction<</S/J#61vaScript/J#53(app.alert(1))>>>>endobj'),
      pdf('1 0 obj<</Type/Annot/A<</S/Launch/F(calc.exe)>>>>endobj'),
      objectStream('1 0 <</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>'),
    ];
    for (const p of active) expect(() => assertSafePdf(p), p.toString('latin1').slice(0, 80)).toThrow(PDF_ACTIVE_CONTENT);
  });
});

describe('POST quotations/documents/upload', () => {
  let t: TestApp;
  let full: Record<string, string>;
  let quotation: Proposal;
  beforeAll(async () => {
    t = await createTestApp();
    full = (await t.login('completo@demo.it')).headers;
    const ref = await publicOfferRef(t.database.db, 'privati');
    const created = await t.inject({ method: 'POST', url: '/api/v1/proposals', headers: full, payload: privateProposal(ref) });
    expect(created.statusCode, created.body).toBe(201);
    const answers = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };
    const coded = await t.inject({
      method: 'PUT',
      url: `/api/v1/proposals/${created.json().data.id}`,
      headers: full,
      payload: { sustainability: { contractualCategory: 'tempo-indeterminato', answers } },
    });
    quotation = coded.json().data;
    expect(quotation.quotation.data.code).toBeTruthy();
  });
  afterAll(() => t.close());

  const upload = (data: Buffer) => {
    const mp = multipartBody([
      { name: 'quotation', value: quotation.quotation.data.code! },
      { name: 'file_type', value: 'identity' },
      { name: 'file', value: data, filename: 'doc.pdf', type: 'application/pdf' },
    ]);
    return t.inject({ method: 'POST', url: '/api/v1/quotations/documents/upload', headers: { ...full, ...mp.headers }, payload: mp.payload });
  };

  it('refuses a PDF with JavaScript with a field error', async () => {
    const res = await upload(pdf('1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { http_code: 422, message: PDF_ACTIVE_CONTENT }, errors: { file: [PDF_ACTIVE_CONTENT] } });
    expect((await upload(plain)).statusCode).toBe(200);
  });

  it(`stops at ${MAX_DOCUMENTS_PER_QUOTATION} documents per quotation`, async () => {
    const id = Number(quotation.id);
    const held = (await t.database.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, id))).length;
    await t.database.db.insert(quotationDocuments).values(
      Array.from({ length: MAX_DOCUMENTS_PER_QUOTATION - held }, (_, i) => ({
        quotationId: id,
        fileType: 'identity',
        name: `d${i}.pdf`,
        storedName: `${'0'.repeat(30)}${String(i).padStart(2, '0')}.pdf`,
        size: 10,
      })),
    );
    const res = await upload(plain);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { http_code: 422, message: TOO_MANY_DOCUMENTS }, errors: { file: [TOO_MANY_DOCUMENTS] } });
  });
});
