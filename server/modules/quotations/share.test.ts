import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import type { PublicProposal, QuotationShare } from '@core/schemas/share';
import { sharePath } from '@core/share';
import { authThrottle, mails, quotationDocuments, quotations, quotationShares, users } from '../../db/schema';
import { DEMO_EXPIRED_SHARE_TOKEN } from '../../db/seed/quotations';
import { sha256 } from '../../lib/crypto';
import { PDF_ACTIVE_CONTENT } from '../../lib/documents';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { privateProposal, publicOfferRef } from '../../test/payloads';
import { MAX_ACTIVE_SHARES, SHARE_LIMITS } from './share';

// The customer's link (issue 22): every rule of server/modules/quotations/share.ts.

let t: TestApp;
let sara: Record<string, string>; // sub-agent of NET-NORD: quotations, no strict-upload, no rebrand
let full: Record<string, string>; // every feature: strict-upload, rebrand (dark theme)
let leader: Record<string, string>; // NET-NORD's leader: sees Sara's quotations
let other: Record<string, string>; // another network's agent
let ref: string;

const ANSWERS = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };
const tinyPdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const newToken = () => randomBytes(32).toString('base64url');
let ipCounter = 10;
/** Each test its own client address, so the per-IP limits of one do not touch another. */
const freshIp = () => `198.51.100.${ipCounter++}`;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown, extra: Record<string, string> = {}) =>
  t.inject({ method, url: `/api/v1/${url}`, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A public call as a customer from `ip` (no credentials). */
const pub = (method: 'GET' | 'POST', path: string, ip: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method, url: `/api/v1/share/${path}`, remoteAddress: ip, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const upload = (token: string, ip: string, fileType: string, file: Buffer, filename = 'documento.pdf') => {
  const form = multipartBody([
    { name: 'file_type', value: fileType },
    { name: 'file', value: file, filename, type: 'application/pdf' },
  ]);
  return t.inject({ method: 'POST', url: `/api/v1/share/${token}/documents`, remoteAddress: ip, headers: form.headers, payload: form.payload });
};

/** A proposal with its credit check recorded (so with its code), as `headers`' agent. */
async function codedProposal(headers = sara): Promise<Proposal> {
  const res = await api(
    'POST',
    'proposals',
    headers,
    privateProposal(ref, { sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS } }),
  );
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  const p = res.json().data as Proposal;
  expect(p.quotation.data.code).toMatch(/^\d{8}$/);
  return p;
}

async function share(p: { id: number }, headers = sara, token = newToken(), key?: string) {
  const res = await api('POST', `quotations/${p.id}/share`, headers, { token }, key ? { 'idempotency-key': key } : {});
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return { token, link: res.json().data as QuotationShare };
}

async function waitPdf(id: number) {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.db.select({ pdf: quotations.pdfPath }).from(quotations).where(eq(quotations.id, id));
    if (row?.pdf) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('pdf never ready');
}

beforeAll(async () => {
  t = await createTestApp();
  sara = (await t.login('sara.conti@demo.it')).headers;
  full = (await t.login('completo@demo.it')).headers;
  leader = (await t.login('capogruppo@demo.it')).headers;
  other = (await t.login('davide.greco@demo.it')).headers;
  ref = await publicOfferRef(t.database.db, 'privati');
});
afterAll(() => t.close());

describe('the agent creates, lists and revokes links', () => {
  it('creates a link that expires with the proposal and keeps only the token’s SHA-256', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    expect(link).toMatchObject({ state: 'active', revoked_at: null, opened_at: null, open_count: 0, documents: 0, accepted_at: null });
    // The proposal's validity: 30 days from its creation, the PDF's 'valido fino al'.
    expect(new Date(link.expires_at).getTime() - new Date(p.created_at).getTime()).toBe(30 * 86_400_000);
    const [row] = await t.database.db.select().from(quotationShares).where(eq(quotationShares.id, link.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Listed to the agent and their group leader, never to another agent (404, as every quotation route).
    const mine = await api('GET', `quotations/${p.id}/share`, sara);
    expect(mine.json().data.map((s: QuotationShare) => s.id)).toEqual([link.id]);
    expect(JSON.stringify(mine.json())).not.toContain(token);
    expect((await api('GET', `quotations/${p.id}/share`, leader)).statusCode).toBe(200);
    expect((await api('GET', `quotations/${p.id}/share`, other)).statusCode).toBe(404);
    expect((await api('POST', `quotations/${p.id}/share`, other, { token: newToken() })).statusCode).toBe(404);
    expect((await api('DELETE', `quotations/${p.id}/share/${link.id}`, other)).statusCode).toBe(404);
  });

  it('refuses a link for a quotation without its code, a rejected or an expired one, and a token of the wrong shape', async () => {
    const noCode = (await api('POST', 'proposals', sara, privateProposal(ref))).json().data as Proposal;
    const refused = await api('POST', `quotations/${noCode.id}/share`, sara, { token: newToken() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Il preventivo si può condividere con il cliente dopo il credit check');

    const lost = await codedProposal();
    await api('PUT', `quotations/${lost.id}/status`, sara, { status: 'LOST' });
    expect((await api('POST', `quotations/${lost.id}/share`, sara, { token: newToken() })).json().error.message).toBe(
      'Il preventivo è stato rifiutato: non si può condividere',
    );

    const old = await codedProposal();
    await t.database.db
      .update(quotations)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(quotations.id, old.id));
    expect((await api('POST', `quotations/${old.id}/share`, sara, { token: newToken() })).json().error.message).toBe(
      'Il preventivo è scaduto: crea un nuovo preventivo per condividerlo',
    );

    const p = await codedProposal();
    for (const token of ['corto', `${newToken()}x`, 'a'.repeat(42) + '!'])
      expect((await api('POST', `quotations/${p.id}/share`, sara, { token })).statusCode, token).toBe(422);
    // The same token twice is refused (a token names one link).
    const { token } = await share(p);
    expect((await api('POST', `quotations/${p.id}/share`, sara, { token })).statusCode).toBe(422);
  });

  it('a replayed create (same Idempotency-Key) answers the same link, without a second one', async () => {
    const p = await codedProposal();
    const token = newToken();
    const key = `share-${randomBytes(8).toString('hex')}`;
    const first = await share(p, sara, token, key);
    const again = await api('POST', `quotations/${p.id}/share`, sara, { token }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.link.id);
    expect(first.link.client_key).toBe(key);
    expect(await t.database.db.select().from(quotationShares).where(eq(quotationShares.quotationId, p.id))).toHaveLength(1);
  });

  it(`keeps at most ${MAX_ACTIVE_SHARES} links open per quotation; revoked ones do not count`, async () => {
    const p = await codedProposal();
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_SHARES; i++) made.push((await share(p)).link);
    expect((await api('POST', `quotations/${p.id}/share`, sara, { token: newToken() })).statusCode).toBe(422);
    await api('DELETE', `quotations/${p.id}/share/${made[0]!.id}`, sara);
    expect((await api('POST', `quotations/${p.id}/share`, sara, { token: newToken() })).statusCode).toBe(201);
  });

  it('a link of one quotation cannot be revoked or emailed through another', async () => {
    const a = await codedProposal();
    const b = await codedProposal();
    const { token, link } = await share(a);
    expect((await api('DELETE', `quotations/${b.id}/share/${link.id}`, sara)).statusCode).toBe(404);
    expect((await api('POST', `quotations/${b.id}/share/${link.id}/email`, sara, { token })).statusCode).toBe(404);
  });
});

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
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Preventivo-${p.quotation.data.code}.pdf"`);
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

describe('the customer accepts', () => {
  it('records name, consent, time, IP and user agent, and the quotation is won (step 5)', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    const ip = freshIp();
    expect((await pub('POST', `${token}/accept`, ip, { name: 'Mario Rossi', consent: false })).statusCode).toBe(422);
    expect((await pub('POST', `${token}/accept`, ip, { name: '', consent: true })).json().errors.name).toEqual(['Scrivi il tuo nome e cognome']);
    const before = Date.now();
    const res = await pub('POST', `${token}/accept`, ip, { name: '  Mario Rossi ', consent: true }, { 'user-agent': 'Telefono/1.0 (Android)' });
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
    const again = await pub('POST', `${token}/accept`, freshIp(), { name: 'Altro Nome', consent: true });
    expect(again.statusCode).toBe(200);
    expect((again.json().data as PublicProposal).acceptance!.name).toBe('Mario Rossi');
  });

  it('is refused for a rejected quotation, and with strict-upload until every document is there', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    await api('PUT', `quotations/${p.id}/status`, sara, { status: 'LOST' });
    expect((await pub('POST', `${token}/accept`, freshIp(), { name: 'Mario Rossi', consent: true })).statusCode).toBe(422);

    const q = await codedProposal(full);
    const strict = await share(q, full);
    const ip = freshIp();
    const refused = await pub('POST', `${strict.token}/accept`, ip, { name: 'Mario Rossi', consent: true });
    expect(refused.json().error.message).toBe('Carica tutti i documenti richiesti prima di accettare la proposta');
    for (const slot of ['identity', 'fiscal_code', 'payslips', 'privacy']) expect((await upload(strict.token, ip, slot, tinyPdf())).statusCode).toBe(200);
    expect((await pub('POST', `${strict.token}/accept`, ip, { name: 'Mario Rossi', consent: true })).statusCode).toBe(200);
  });
});

describe('safety of the public routes', () => {
  const routes = (token: string, ip: string) => [
    () => pub('GET', token, ip),
    () => pub('GET', `${token}/pdf`, ip),
    () => upload(token, ip, 'identity', tinyPdf()),
    () => pub('POST', `${token}/accept`, ip, { name: 'Mario Rossi', consent: true }),
  ];

  it('answers a wrong, malformed, expired or revoked token, or one of a suspended agent, with one neutral 404', async () => {
    const p = await codedProposal();
    const expired = await share(p);
    await t.database.db
      .update(quotationShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotationShares.id, expired.link.id));
    const revoked = await share(p);
    expect((await api('DELETE', `quotations/${p.id}/share/${revoked.link.id}`, sara)).json().data.state).toBe('revoked');
    const suspendedAgent = await codedProposal(full);
    const ofSuspended = await share(suspendedAgent, full);
    await t.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.email, 'completo@demo.it'));
    try {
      const bodies = new Set<string>();
      for (const token of [newToken(), 'non-un-token', expired.token, revoked.token, ofSuspended.token, DEMO_EXPIRED_SHARE_TOKEN]) {
        for (const call of routes(token, freshIp())) {
          const res = await call();
          expect(res.statusCode, token).toBe(404);
          bodies.add(res.body);
        }
      }
      expect([...bodies]).toEqual([JSON.stringify({ error: { http_code: 404, message: 'Il link non è valido o è scaduto' }, errors: {} })]);
    } finally {
      await t.database.db.update(users).set({ status: 'ACTIVATED' }).where(eq(users.email, 'completo@demo.it'));
    }
    // The expired and revoked links are shown as such to the agent.
    const states = ((await api('GET', `quotations/${p.id}/share`, sara)).json().data as QuotationShare[]).map((s) => s.state).sort();
    expect(states).toEqual(['expired', 'revoked']);
  });

  it('revoking takes effect at once on every route', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    await waitPdf(p.id);
    const ip = freshIp();
    expect((await pub('GET', token, ip)).statusCode).toBe(200);
    expect((await pub('GET', `${token}/pdf`, ip)).statusCode).toBe(200);
    await api('DELETE', `quotations/${p.id}/share/${link.id}`, sara);
    for (const call of routes(token, ip)) expect((await call()).statusCode).toBe(404);
    // Revoking again changes nothing.
    const again = await api('DELETE', `quotations/${p.id}/share/${link.id}`, sara);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revoked_at).toBe((await api('GET', `quotations/${p.id}/share`, sara)).json().data[0].revoked_at);
  });

  it('reaches nothing but its own quotation: a token of one never touches another', async () => {
    const a = await codedProposal();
    const b = await codedProposal();
    const { token } = await share(a);
    expect((await upload(token, freshIp(), 'identity', tinyPdf())).statusCode).toBe(200);
    expect(await t.database.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, b.id))).toHaveLength(0);
    expect((await pub('POST', `${token}/accept`, freshIp(), { name: 'Mario Rossi', consent: true })).statusCode).toBe(200);
    expect(((await api('GET', `proposals/${b.id}`, sara)).json().data as Proposal).status).toBe('OPEN');
    // Header credentials change nothing on a public route: the token alone decides.
    expect((await pub('GET', newToken(), freshIp(), undefined, sara)).statusCode).toBe(404);
  });

  it(`limits each IP to ${SHARE_LIMITS.requestsPerIp} requests and ${SHARE_LIMITS.missesPerIp} unknown tokens in 15 minutes`, async () => {
    const { token } = await share(await codedProposal());
    const busy = freshIp();
    await t.database.db.insert(authThrottle).values({ key: `share-ip:${busy}`, attempts: SHARE_LIMITS.requestsPerIp, windowStart: new Date() });
    const limited = await pub('GET', token, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Troppe richieste, riprova tra poco');

    const guesser = freshIp();
    for (let i = 0; i < SHARE_LIMITS.missesPerIp; i++) expect((await pub('GET', newToken(), guesser)).statusCode).toBe(404);
    // Past the misses, even a good token is refused from that address; another address is served.
    expect((await pub('GET', token, guesser)).statusCode).toBe(429);
    expect((await upload(token, guesser, 'identity', tinyPdf())).statusCode).toBe(429);
    expect((await pub('GET', token, freshIp())).statusCode).toBe(200);
    // A window that is over counts again from zero.
    await t.database.db
      .update(authThrottle)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(authThrottle.key, `share-miss:${guesser}`));
    expect((await pub('GET', token, guesser)).statusCode).toBe(200);
  });
});

describe('the agent emails the link', () => {
  it('mails the customer’s address on file; the recorded copy never holds the token', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const res = await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emailed_at).not.toBeNull();
    const sent = await t.database.db.select().from(mails).where(eq(mails.to, 'mario.rossi@example.it'));
    const mail = sent.at(-1)!;
    expect(mail.subject).toMatch(/^La tua proposta di noleggio: /);
    expect(mail.text).toContain('Buongiorno Mario Rossi,');
    expect(mail.text).toContain(`http://portal.test/p/…`);
    expect(mail.text).not.toContain(token);
    expect(sharePath(token)).toBe(`/p/${token}`);
  });

  it('refuses another token, a revoked link, and more than 5 mails of a link an hour', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    expect((await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token: newToken() })).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token })).statusCode).toBe(200);
    expect((await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token })).statusCode).toBe(429);
    const second = await share(p);
    await api('DELETE', `quotations/${p.id}/share/${second.link.id}`, sara);
    expect((await api('POST', `quotations/${p.id}/share/${second.link.id}/email`, sara, { token: second.token })).statusCode).toBe(422);
  });
});

describe('the agent follows the customer', () => {
  it('the quotations list shows the furthest step the customer reached', async () => {
    const p = await codedProposal();
    const day = new Date().toISOString().slice(0, 10);
    const item = async () => {
      const res = await api('POST', 'quotations', sara, { quotation_id: String(p.id), startDate: '2020-01-01', endDate: '2099-12-31' });
      return (res.json().items.data as { proposal_id: number; customer_activity: { state: string; at: string } | null }[]).find((q) => q.proposal_id === p.id)!;
    };
    expect((await item()).customer_activity).toBeNull();
    const { token } = await share(p);
    expect((await item()).customer_activity!.state).toBe('shared');
    expect((await item()).customer_activity!.at.slice(0, 10)).toBe(day);
    await pub('GET', token, freshIp());
    expect((await item()).customer_activity!.state).toBe('opened');
    await upload(token, freshIp(), 'identity', tinyPdf());
    expect((await item()).customer_activity!.state).toBe('documents');
    await pub('POST', `${token}/accept`, freshIp(), { name: 'Mario Rossi', consent: true });
    expect((await item()).customer_activity!.state).toBe('accepted');
  });

  it('streams each visit, document and acceptance to the quotation page (follow=1), across LISTEN/NOTIFY', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const p = await codedProposal();
    const { token } = await share(p);
    const streamToken = (await api('POST', `proposals/${p.id}/sync-token`, sara)).json().data.token as string;
    const kinds: string[] = [];
    let wanted = 0;
    let onEvent: () => void = () => undefined;
    const req = http.get({ port, host: '127.0.0.1', path: `/api/v1/proposals/sync/${p.id}?token=${encodeURIComponent(streamToken)}&follow=1` }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          // Only activity: no proposal is ever pushed in follow mode.
          expect(block).not.toMatch(/^event: update/m);
          const data = /^event: activity\ndata: (.*)$/m.exec(block);
          if (data) {
            const e = JSON.parse(data[1]!) as { id: number; kind: string };
            expect(e.id).toBe(p.id);
            kinds.push(e.kind);
            if (kinds.length >= wanted) onEvent();
          }
        }
      });
    });
    const next = (n: number) => new Promise<void>((r) => ((wanted = n), (onEvent = r)));
    try {
      await new Promise((r) => setTimeout(r, 300)); // the stream listens
      // Another quotation's activity is not this stream's.
      const { token: otherToken } = await share(await codedProposal());
      await pub('GET', otherToken, freshIp());
      let got = next(1);
      await pub('GET', token, freshIp());
      await got;
      got = next(2);
      await upload(token, freshIp(), 'identity', tinyPdf());
      await got;
      got = next(3);
      await pub('POST', `${token}/accept`, freshIp(), { name: 'Mario Rossi', consent: true });
      await got;
      expect(kinds).toEqual(['opened', 'document', 'accepted']);
    } finally {
      req.destroy();
      await new Promise((r) => setTimeout(r, 300)); // the server ends its side (UNLISTEN) before the database closes
    }
  });
});

describe('demo data', () => {
  it('has an expired link of the full agent, listed to them as expired', async () => {
    const [row] = await t.database.db
      .select()
      .from(quotationShares)
      .where(eq(quotationShares.tokenHash, sha256(DEMO_EXPIRED_SHARE_TOKEN)));
    expect(row!.expiresAt.getTime()).toBeLessThan(Date.now());
    const listed = (await api('GET', `quotations/${row!.quotationId}/share`, full)).json().data as QuotationShare[];
    expect(listed.map((s) => s.state)).toEqual(['expired']);
  });
});
