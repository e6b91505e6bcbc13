// One intent, one write (design.md, "Writes"; docs/adr/0030-one-intent-one-write.md): every create and
// every update that is not idempotent by nature, sent twice AT ONCE with the same Idempotency-Key (a
// double tap), writes once and gives both requests the same answer. The routes come from the OpenAPI
// operations table (lib/openapi/operations.ts): a new write route must be put in one of the two tables
// below, with a case that proves it or the reason it needs none, or this suite fails.
// Runs on PGlite, and on PostgreSQL with TEST_DB_KIND=postgres (test/helper.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './lib/openapi/operations';
import { demoPicture } from './lib/png';
import { freshIp, newToken, shareTestApp } from './modules/quotations/share.fixtures';
import { tinyPdf } from './modules/quotations/quotations.fixtures';
import type { TestApp } from './test/helper';
import { multipartBody } from './test/multipart';
import { customCar, offerInput, privateProposal, quoteForm } from './test/payloads';

type H = Record<string, string>;
type Answer = Awaited<ReturnType<TestApp['inject']>>;
type Ctx = { leader: H; full: H; sara: H; car: number; offer: string; proposal: number; code: string; token: string; shareId: number };
type Case = {
  /** A query whose one row's `n` changes by exactly one with the write. */
  count: string | ((c: Ctx) => string);
  /** Sends the write with `key` (and whatever else its caller adds). */
  send: (c: Ctx, key: H) => Promise<Answer>;
  /** What must be there before the rows are counted. */
  prepare?: (c: Ctx) => Promise<unknown>;
};

const { u, api, codedProposal, share, signCode } = shareTestApp();
let ctx: Ctx;
/** The link's PDF is ready and a first code was sent (a code is asked for once the customer can read the PDF). */
let signingReady: Promise<string> | undefined;
let acceptCode = '';
const signingCode = (c: Ctx) => (signingReady ??= signCode(c.token, freshIp()).then((r) => r.code));

const png = () => demoPicture(1, 40, 30);
const inject = (method: 'POST' | 'PUT' | 'PATCH', url: string, headers: H, payload?: object) =>
  u.t.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const form = (url: string, headers: H, parts: Parameters<typeof multipartBody>[0], extra: { remoteAddress?: string } = {}) => {
  const body = multipartBody(parts);
  return u.t.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...headers, ...body.headers }, payload: body.payload, ...extra });
};
const rows = (table: string, where = 'true') => `select count(*)::int as n from ${table} where ${where}`;

// The two sends of one intent carry the same body: what is unique to the intent is made once.
const MEMBER_EMAIL = `una.volta.${randomUUID().slice(0, 8)}@example.it`;
const SHARE_TOKEN = newToken();

/** Creates and updates that are not idempotent by nature: each proven below. */
const CASES: Record<string, Case> = {
  'POST /agent/service/api': { count: rows('api_keys'), send: (c, k) => inject('POST', 'agent/service/api', { ...c.full, ...k }) },
  'POST /agent': {
    count: rows('users'),
    send: (c, k) =>
      inject(
        'POST',
        'agent',
        { ...c.leader, ...k },
        {
          business_name: 'Agenzia Una Volta',
          name: 'Ugo Volta',
          title: 'Agente',
          email: MEMBER_EMAIL,
          phone: '333 1234567',
          fee_type: 'FLAT_PERCENTAGE',
          fee_value: 30,
        },
      ),
  },
  // A toggle twice would undo itself: the member's status changes once.
  'PATCH /agent/{id}/toggle': {
    count: () => `select count(*)::int as n from users where id = ${u.t.ids.get('sub2')} and status = 'SUSPENDED'`,
    send: (c, k) => inject('PATCH', `agent/${u.t.ids.get('sub2')}/toggle`, { ...c.leader, ...k }),
  },
  'POST /marketing/posts': {
    count: rows('marketing_posts'),
    send: (c, k) =>
      form('marketing/posts', { ...c.leader, ...k }, [
        { name: 'title', value: 'Promo una volta' },
        { name: 'images', value: png(), filename: 'promo.png' },
      ]),
  },
  'POST /quotations/{id}/share': {
    count: (c) => rows('quotation_shares', `quotation_id = ${c.proposal}`),
    send: (c, k) => inject('POST', `quotations/${c.proposal}/share`, { ...c.sara, ...k }, { token: SHARE_TOKEN }),
  },
  'POST /quotations/{id}/share/{shareId}/email': {
    count: rows('mails'),
    send: (c, k) => inject('POST', `quotations/${c.proposal}/share/${c.shareId}/email`, { ...c.sara, ...k }, { token: c.token }),
  },
  // The customer's link: no login, the link's own keys.
  'POST /share/{token}/documents': {
    count: rows('quotation_documents'),
    send: (c, k) =>
      form(
        `share/${c.token}/documents`,
        k,
        [
          { name: 'file_type', value: 'identity' },
          { name: 'file', value: tinyPdf(), filename: 'carta.pdf', type: 'application/pdf' },
        ],
        { remoteAddress: freshIp() },
      ),
  },
  'POST /quote': { count: rows('quotations'), send: (c, k) => inject('POST', 'quote', { ...c.sara, ...k }, quoteForm(u.ref)) },
  'POST /proposals': { count: rows('quotations'), send: (c, k) => inject('POST', 'proposals', { ...c.sara, ...k }, privateProposal(u.ref)) },
  'POST /quotations/documents/upload': {
    count: rows('quotation_documents'),
    send: (c, k) =>
      form('quotations/documents/upload', { ...c.sara, ...k }, [
        { name: 'quotation', value: c.code },
        { name: 'file_type', value: 'fiscal_code' },
        { name: 'file', value: tinyPdf(), filename: 'busta.pdf', type: 'application/pdf' },
      ]),
  },
  'POST /car': { count: rows('cars'), send: (c, k) => inject('POST', 'car', { ...c.leader, ...k }, customCar({ modello: 'Una Volta' })) },
  'POST /car/images': {
    count: rows('car_images'),
    send: (c, k) =>
      form('car/images', { ...c.leader, ...k }, [
        { name: 'car', value: String(c.car) },
        { name: 'immagini[]', value: png(), filename: 'auto.png' },
      ]),
  },
  'POST /catalog/offers': { count: rows('offers'), send: (c, k) => inject('POST', 'catalog/offers', { ...c.leader, ...k }, offerInput(c.car)) },
  'POST /catalog/offers/{code}/clone': { count: rows('offers'), send: (c, k) => inject('POST', `catalog/offers/${c.offer}/clone`, { ...c.leader, ...k }) },
  'POST /offers/{offerId}/child': {
    count: rows('offer_variations'),
    send: (c, k) => inject('POST', `offers/${c.offer}/child`, { ...c.leader, ...k }, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 311 }),
  },
  'POST /providers': { count: rows('brokers'), send: (c, k) => inject('POST', 'providers', { ...c.leader, ...k }, { name: 'Rent Una Volta' }) },
  'POST /products': {
    count: rows('products'),
    send: (c, k) => inject('POST', 'products', { ...c.leader, ...k }, { provider: 'aurora-rent', name: 'Prodotto Una Volta' }),
  },
  'POST /offer-requests': {
    count: rows('offer_requests'),
    send: (c, k) =>
      inject(
        'POST',
        'offer-requests',
        { ...c.full, ...k },
        {
          vehicleType: 'auto',
          brand: 'Fiat',
          model: 'Tipo',
          version: '1.0',
          duration: 36,
          distance: 15000,
          deposit: 0,
          services: [],
          notes: '',
        },
      ),
  },
  // Last: the quotation is won after it.
  // Signing: the code is sent once per tap, and the signed acceptance is written once.
  'POST /share/{token}/accept/code': {
    count: rows('mails'),
    prepare: signingCode,
    send: (c, k) => u.t.inject({ method: 'POST', url: `/api/v1/share/${c.token}/accept/code`, headers: k, remoteAddress: freshIp() }),
  },
  'POST /share/{token}/accept': {
    count: (c) => rows('quotation_shares', `quotation_id = ${c.proposal} and accepted_at is not null`),
    // The newest code, asked for once before both taps (the code case above, if it ran first, sent a newer one).
    prepare: async (c) => (acceptCode = (await signCode(c.token, freshIp())).code),
    send: (c, k) =>
      u.t.inject({
        method: 'POST',
        url: `/api/v1/share/${c.token}/accept`,
        headers: k,
        remoteAddress: freshIp(),
        payload: { name: 'Mario Rossi', consent: true, code: acceptCode },
      }),
  },
};

/** Writes that need no such proof, and why. */
const NOT_COUNTED: Record<string, string> = {
  // Reads sent as POST (a filter body, a file made on the fly, a token): they write nothing the user keeps.
  'POST /search/offers': 'a search',
  // A device's push subscription is one row by its endpoint: sent again it is the same row, removed again nothing.
  'POST /push/subscriptions': 'stores the subscription by its endpoint',
  'POST /push/subscriptions/remove': 'removing it again changes nothing',
  'POST /search/offers/export': 'a file of a search',
  'POST /offers/attachment': 'a PDF of an offer',
  'POST /offers/compare/attachment': 'a PDF of a comparison',
  'POST /quotations': 'a list of quotations',
  'POST /quotations/export': 'a file of a list',
  'POST /proposals/{id}/attachment': 'the PDF of a proposal',
  'POST /proposals/{id}/sync-token': 'a short-lived token for a stream',
  // Before a session exists there is no user whose keys they could be; each is its own one-time step.
  'POST /login': 'no user yet',
  'POST /sso': 'no user yet',
  'POST /account/activate': 'no user yet: a one-time token',
  'POST /account/password/forgot': 'no user yet: one mail per throttle window',
  'POST /account/password/reset': 'no user yet: a one-time token',
  'POST /logout': 'ends the session: again, nothing to end',
  // Idempotent by nature: the same request again leaves the same state (a value set, a thing replaced or gone).
  'POST /agent/terms': 'accepting again changes nothing',
  'PUT /agent/profile': 'sets the profile',
  'PATCH /password': 'sets the password (and the first change ends the session the second would use)',
  'DELETE /agent/service/api': 'revoking again changes nothing',
  'DELETE /agent/logo': 'removing it again changes nothing',
  'PUT /agent/preferences': 'sets the theme',
  'PUT /agent/landing': 'sets the landing page',
  'POST /agent/logo': 'replaces the logo',
  'PUT /agent/{code}': 'sets the member',
  'DELETE /marketing/posts/{id}': 'deletes the post',
  'DELETE /quotations/{id}/share/{shareId}': 'revoking again changes nothing',
  'PUT /quote/{code}': 'sets the customer',
  'PUT /proposals/{id}': 'sets the customer or the credit check',
  'PUT /quotations/{id}/status': 'sets the status',
  'PUT /car/{id}': 'sets the car',
  'PUT /car/images/{id}/type': 'sets the main image',
  'DELETE /car/images/{id}': 'deletes the image',
  'DELETE /car/{carId}/images': 'deletes the images',
  'PUT /catalog/offers/{code}': 'sets the offer',
  'DELETE /catalog/offers/{code}': 'deletes the offer',
  'POST /catalog/offers/{code}/publish': 'sets the offer published',
  'POST /catalog/offers/{code}/unpublish': 'sets the offer withdrawn',
  'PUT /offers/{offerId}/child/{id}': 'sets the variation',
  'DELETE /offers/{offerId}/child/{id}': 'deletes the variation',
  'PUT /providers/{id}': 'sets the provider',
  'DELETE /providers/{id}': 'deletes the provider',
  'PUT /products/{id}': 'sets the product',
  'DELETE /products/{id}': 'deletes the product',
  'PUT /products/{id}/services': 'sets the services',
};

const WRITES = Object.keys(OPERATIONS).filter((k) => /^(POST|PUT|PATCH|DELETE) /.test(k));

const count = async (c: Case) => {
  const query = typeof c.count === 'string' ? c.count : c.count(ctx);
  const res = (await u.t.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
};

describe('one intent, one write', () => {
  it('every write route of the API is proven below or says why it needs no proof', () => {
    const classified = new Set([...Object.keys(CASES), ...Object.keys(NOT_COUNTED)]);
    expect(
      WRITES.filter((k) => !classified.has(k)),
      'write routes in neither table',
    ).toEqual([]);
    expect(
      [...classified].filter((k) => !WRITES.includes(k)),
      'entries for routes that are gone',
    ).toEqual([]);
    expect(Object.keys(CASES).filter((k) => k in NOT_COUNTED)).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s: the same key twice at once writes once and answers the same', async (route) => {
    ctx ??= await setUp();
    const c = CASES[route]!;
    const key = { 'idempotency-key': `twice-${randomUUID()}` };
    await c.prepare?.(ctx);
    const before = await count(c);
    const [a, b] = await Promise.all([c.send(ctx, key), c.send(ctx, key)]);
    expect(a.statusCode, a.body).toBeLessThan(300);
    expect(b.statusCode, b.body).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await count(c), 'rows after two sends of one intent').toBe(before + 1);
  });
});

async function setUp(): Promise<Ctx> {
  const leader = (await u.t.login('capogruppo@demo.it')).headers;
  const car = (await api('POST', 'car', leader, customCar())).json().data.id as number;
  const created = await api('POST', 'catalog/offers', leader, offerInput(car));
  expect(created.statusCode, created.body).toBe(200);
  const p = await codedProposal();
  const { token, link } = await share(p);
  return { leader, full: u.full, sara: u.sara, car, offer: created.json().data.code, proposal: p.id, code: p.quotation.data.code!, token, shareId: link.id };
}

describe('a write refused by the service', () => {
  it('gives its key back: the corrected resubmit with the same key runs', async () => {
    const headers = { ...(await u.t.login('capogruppo@demo.it')).headers, 'idempotency-key': `fix-${randomUUID()}` };
    const refused = await inject('POST', 'products', headers, { provider: 'nessun-provider', name: 'Prodotto Corretto' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    const fixed = await inject('POST', 'products', headers, { provider: 'aurora-rent', name: 'Prodotto Corretto' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const replay = await inject('POST', 'products', headers, { provider: 'aurora-rent', name: 'Prodotto Corretto' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(fixed.json());
  });
});

describe('a new API key, shown once', () => {
  it('is replayed to the caller holding the Idempotency-Key, and not kept readable in the database', async () => {
    const headers = { ...(await u.t.login('completo@demo.it')).headers, 'idempotency-key': `apikey-${randomUUID()}` };
    const first = await inject('POST', 'agent/service/api', headers);
    expect(first.statusCode, first.body).toBe(200);
    const apiKey = first.json().data.apiKey as string;
    const replay = await inject('POST', 'agent/service/api', headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const rows = (await u.t.database.db.execute(sql`select key, response::text as response from idempotency_keys`)) as unknown as {
      rows: { key: string; response: string | null }[];
    };
    expect(rows.rows.some((r) => r.key === headers['idempotency-key'])).toBe(false);
    expect(rows.rows.filter((r) => r.response?.includes(apiKey))).toEqual([]);
  });
});
