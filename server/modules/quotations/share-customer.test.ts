// The customer's link (docs/adr/0133-customer-link.md): rules of server/modules/quotations/share.ts.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import type { PublicProposal, QuotationShare } from '@core/schemas/share';
import { quotationDocuments, quotations, quotationShares, users } from '../../db/schema';
import { PDF_ACTIVE_CONTENT, PDF_REFUSALS } from '../../lib/documents';
import type { TestApp } from '../../test/helper';
import { tinyPdf } from './quotations.fixtures';
import { SHARE_UPLOAD_MESSAGES, SHARE_UPLOADS } from './share';
import { shareTestApp, type H, freshIp } from './share.fixtures';

const { u, api, pub, upload, codedProposal, share, waitPdf, acceptSigned } = shareTestApp();
let t: TestApp;
let sara: H;
let full: H;
beforeAll(() => void ({ t, sara, full } = u));

describe('the customer’s page', () => {
  it('shows what the customer needs and nothing else (no commission, notes, fiscal code or other quotations)', async () => {
    const p = await codedProposal();
    await t.database.db.update(quotations).set({ notes: 'Nota interna: margine alto' }).where(eq(quotations.id, p.id));
    const { token } = await share(p);
    const res = await pub('GET', token, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json().data as PublicProposal;
    expect(Object.keys(view).sort()).toEqual(
      [
        'title',
        'code',
        'status',
        'created_at',
        'valid_until',
        'customer_name',
        'car',
        'price',
        'deposit',
        'duration',
        'distance',
        'bundle',
        'color',
        'accessories',
        'services',
        'equipped_optionals',
        'still_valid',
        'pdf_ready',
        'documents',
        'documents_required',
        'can_upload',
        'can_accept',
        'acceptance',
        'agent',
      ].sort(),
    );
    expect(view).toMatchObject({
      title: p.title,
      code: p.quotation.data.code,
      status: 'OPEN',
      customer_name: 'Mario Rossi',
      price: p.price,
      deposit: p.deposit,
      duration: p.duration,
      distance: p.distance,
      car: { brand: p.quotation.data.offer.brand, model: p.quotation.data.offer.model },
      can_upload: true,
      can_accept: true,
      documents_required: false,
      acceptance: null,
      // Sara's account is not rebranded: no logo, the default theme; her contacts are there.
      agent: { name: 'Sara Conti', email: 'sara.conti@demo.it', logo: null, theme: 'default' },
    });
    expect(view.services).toEqual(p.selectedServices.map((s) => ({ description: s.description, price: s.price })));
    expect(view.documents.map((d) => d.file_type)).toEqual(['identity', 'fiscal_code', 'payslips', 'privacy']);
    const text = res.body;
    for (const secret of ['Nota interna', 'RSSMRA85T10A562S', 'commission', 'mario.rossi@example.it', 'Via Roma', 'tempo-indeterminato'])
      expect(text, secret).not.toContain(secret);
  });

  it('a rebranded agent’s page carries their logo and theme', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'completo@demo.it'));
    await t.database.db
      .update(users)
      .set({ logo: 'logos/x.png', preferences: [{ name: 'theme', value: 'dark' }] })
      .where(eq(users.id, u!.id));
    const { token } = await share(await codedProposal(full), full);
    const view = (await pub('GET', token, freshIp())).json().data as PublicProposal;
    expect(view.agent.theme).toBe('dark');
    expect(view.agent.logo).toMatch(/^\/api\/v1\/agent\/logo\//);
    expect(view.documents_required).toBe(true); // strict-upload
    expect(view.can_accept).toBe(false);
  });

  it('counts a visit once per 10 minutes and shows it to the agent', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const ip = freshIp();
    await pub('GET', token, ip);
    await pub('GET', token, ip);
    let seen = (await api('GET', `quotations/${p.id}/share`, sara)).json().data[0] as QuotationShare;
    expect(seen.open_count).toBe(1);
    expect(seen.opened_at).not.toBeNull();
    await t.database.db
      .update(quotationShares)
      .set({ lastOpenedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(quotationShares.id, link.id));
    await pub('GET', token, ip);
    seen = (await api('GET', `quotations/${p.id}/share`, sara)).json().data[0] as QuotationShare;
    expect(seen.open_count).toBe(2);
  });

  it('serves the proposal PDF; 409 while it is being made', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    await waitPdf(p.id);
    const res = await pub('GET', `${token}/pdf`, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=Preventivo-${p.quotation.data.code}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await t.database.db.update(quotations).set({ pdfPath: null }).where(eq(quotations.id, p.id));
    expect((await pub('GET', `${token}/pdf`, freshIp())).statusCode).toBe(409);
  });
});

describe('the customer uploads documents', () => {
  it('takes a PDF for a slot: the agent sees it (step 4), marked as the customer’s', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const res = await upload(token, freshIp(), 'identity', tinyPdf(), 'carta.pdf');
    expect(res.statusCode).toBe(200);
    const view = res.json().data as PublicProposal;
    expect(view.documents.find((d) => d.file_type === 'identity')!.files.map((f) => f.name)).toEqual(['carta.pdf']);
    const agent = (await api('GET', `proposals/${p.id}`, sara)).json().data as Proposal;
    expect(agent.step).toBe(4);
    expect(agent.quotation.data.attachments.find((s) => s.file_type === 'identity')!.files.map((f) => f.name)).toEqual(['carta.pdf']);
    const [doc] = await t.database.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, p.id));
    expect(doc!.shareId).toBe(link.id);
    const listed = (await api('GET', `quotations/${p.id}/share`, sara)).json().data[0] as QuotationShare;
    expect(listed.documents).toBe(1);
  });

  it('applies exactly the agent upload’s checks: PDF by content, no active content, a known slot, 10 MB, 30 documents', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    const ip = freshIp();
    const notPdf = await upload(token, ip, 'identity', Buffer.from('ciao, non sono un PDF'), 'finto.pdf');
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().error.message).toBe('Il file deve essere un PDF');
    const scripted = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n', 'latin1');
    expect((await upload(token, ip, 'identity', scripted)).json().error.message).toBe(PDF_ACTIVE_CONTENT);
    const webPage = Buffer.from('%PDF-1.7\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n', 'latin1');
    expect((await upload(token, ip, 'identity', webPage)).json().errors.file).toEqual([PDF_REFUSALS.html]);
    expect((await upload(token, ip, 'visura', tinyPdf())).json().errors.file_type).toEqual(['Tipo di documento non previsto per questo cliente']);
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    expect((await upload(token, ip, 'identity', big)).json().error.message).toBe('Il file deve pesare meno di 10MB');
    await t.database.db
      .insert(quotationDocuments)
      .values(Array.from({ length: 30 }, (_, i) => ({ quotationId: p.id, fileType: 'identity', name: `d${i}.pdf`, storedName: `x${i}.pdf`, size: 10 })));
    expect((await upload(token, ip, 'identity', tinyPdf())).statusCode).toBe(422);
  });

  it('is refused once the agent rejected the quotation, or its offer changed', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    await api('PUT', `quotations/${p.id}/status`, sara, { status: 'LOST' });
    const closed = await upload(token, freshIp(), 'identity', tinyPdf());
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.message).toBe('Questa proposta non è più attiva: per informazioni contatta il tuo consulente');
    expect(((await pub('GET', token, freshIp())).json().data as PublicProposal).can_upload).toBe(false);
  });
});

describe('what the link takes, and until when', () => {
  it('takes no upload once the customer accepted: the proposal is closed', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    const ip = freshIp();
    expect((await acceptSigned(token, ip)).statusCode).toBe(200);
    const after = await upload(token, ip, 'identity', tinyPdf());
    expect(after.statusCode).toBe(422);
    expect(after.json().error.message).toBe('Questa proposta non è più attiva: per informazioni contatta il tuo consulente');
    expect(((await pub('GET', token, freshIp())).json().data as PublicProposal).can_upload).toBe(false);
  });

  it(`takes at most ${SHARE_UPLOADS.perHour} uploads an hour and ${SHARE_UPLOADS.perLink} documents in all through one link`, async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    // Every attempt counts, refused or not, from whatever address.
    for (let i = 0; i < SHARE_UPLOADS.perHour; i++) expect((await upload(token, freshIp(), 'identity', tinyPdf())).statusCode).toBe(200);
    const hour = await upload(token, freshIp(), 'identity', tinyPdf());
    expect(hour.statusCode).toBe(429);
    expect(hour.json()).toEqual({ error: { http_code: 429, message: SHARE_UPLOAD_MESSAGES.perHour }, errors: {} });
    // An hour later the link's count starts again, up to its total.
    await t.database.db.execute(sql`update auth_throttle set window_start = now() - interval '2 hours' where key = ${`share-upload:${link.id}`}`);
    for (let i = SHARE_UPLOADS.perHour; i < SHARE_UPLOADS.perLink; i++) expect((await upload(token, freshIp(), 'identity', tinyPdf())).statusCode).toBe(200);
    const total = await upload(token, freshIp(), 'identity', tinyPdf());
    expect(total.statusCode).toBe(422);
    expect(total.json().errors.file).toEqual([SHARE_UPLOAD_MESSAGES.perLink]);
    // The agent's own uploads are not the link's.
    const docs = await t.database.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, p.id));
    expect(docs.filter((d) => d.shareId === link.id)).toHaveLength(SHARE_UPLOADS.perLink);
  });
});

describe('the customer accepts', () => {
  it('records name, consent, time, IP and user agent, and the quotation is won (step 5)', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    const ip = freshIp();
    expect((await pub('POST', `${token}/accept`, ip, { name: 'Mario Rossi', consent: false })).statusCode).toBe(422);
    expect((await pub('POST', `${token}/accept`, ip, { name: '', consent: true })).json().errors.name).toEqual(['Scrivi il tuo nome e cognome']);
    const before = Date.now();
    const res = await acceptSigned(token, ip, { name: '  Mario Rossi ', consent: true }, { 'user-agent': 'Telefono/1.0 (Android)' });
    expect(res.statusCode).toBe(200);
    const view = res.json().data as PublicProposal;
    expect(view.status).toBe('WON');
    expect(view.acceptance!.name).toBe('Mario Rossi');
    expect(view.can_accept).toBe(false);
    const [row] = await t.database.db.select().from(quotationShares).where(eq(quotationShares.quotationId, p.id));
    expect(row).toMatchObject({ acceptedName: 'Mario Rossi', acceptedConsent: true, acceptedIp: ip, acceptedUserAgent: 'Telefono/1.0 (Android)' });
    expect(row!.acceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const agent = (await api('GET', `proposals/${p.id}`, sara)).json().data as Proposal;
    expect(agent).toMatchObject({ status: 'WON', step: 5 });
    // Accepting again changes nothing and answers the proposal as it is.
    const again = await pub('POST', `${token}/accept`, freshIp(), { name: 'Altro Nome', consent: true, code: '000000' });
    expect(again.statusCode).toBe(200);
    expect((again.json().data as PublicProposal).acceptance!.name).toBe('Mario Rossi');
  });

  it('is refused for a rejected quotation, and with strict-upload until every document is there', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    await api('PUT', `quotations/${p.id}/status`, sara, { status: 'LOST' });
    expect((await pub('POST', `${token}/accept`, freshIp(), { name: 'Mario Rossi', consent: true, code: '000000' })).statusCode).toBe(422);

    const q = await codedProposal(full);
    const strict = await share(q, full);
    const ip = freshIp();
    const refused = await pub('POST', `${strict.token}/accept`, ip, { name: 'Mario Rossi', consent: true, code: '000000' });
    expect(refused.json().error.message).toBe('Carica tutti i documenti richiesti prima di accettare la proposta');
    for (const slot of ['identity', 'fiscal_code', 'payslips', 'privacy']) expect((await upload(strict.token, ip, slot, tinyPdf())).statusCode).toBe(200);
    expect((await acceptSigned(strict.token, ip)).statusCode).toBe(200);
  });
});
