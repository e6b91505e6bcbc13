import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, like } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GROUP_LEADER, type FeatureSlug } from '@core/features';
import { ErrorEnvelopeSchema } from '@core/schemas/common';
import { authThrottle, customers, offers, offerVariations, quotations, users } from '../db/schema';
import { DEMO_USERS } from '../db/seed/users';
import { encodePng } from '../lib/png';
import { createTestApp, type TestApp } from '../test/helper';
import { multipartBody } from '../test/multipart';
import { customCar, offerInput, privateProposal } from '../test/payloads';
import { LEGAL_DOCUMENTS } from '../modules/legal/texts';
import { type ApiRoute, fillPath, listRoutes, looksItalian, normalizeParams, servedRoutes } from './routes';

/**
 * The authorization matrix (docs/security.md, "The authorization matrix"): every route of the app, for every kind of caller, gets the
 * status class its policy in POLICIES says. The route list comes from the app (openapi.json), so a
 * new route without a policy, or a policy for a route that is gone, fails the suite.
 *
 * Resources in path parameters belong to known demo users: Sara Conti (NET-NORD, sub-agent of
 * capogruppo@demo.it) owns the quotation, customer and statistics; the NET-NORD group (its leader
 * capogruppo@demo.it has the catalogue features) owns the catalogue offer, car, images, provider
 * and product; Paolo Marini is a member of the NET-NORD team.
 */

const AUTH_SECRET = 'matrix-secret-0123456789-0123456789-abcdef';

type DemoKey = 'sub1' | 'full' | 'leader' | 'leader2' | 'base';
type Via = 'none' | 'token' | 'apiKey' | 'expired' | 'revoked';
type Principal = { name: string; user: DemoKey | null; via: Via; headers: Record<string, string> };

/** Who may see a resource: its owner and, for a network, the group's leader (or the group, for catalogue data). */
type Owner = 'sara' | 'nord-group' | 'nord-team';
type Policy =
  | { access: 'public' }
  /** Public route with its own short-lived token in the query (EventSource): header credentials do not count. */
  | { access: 'stream-token' }
  | { access: 'user'; features?: FeatureSlug[]; leader?: true; personal?: true; owner?: Owner };

type Fx = Awaited<ReturnType<typeof fixtures>>;
type Entry = {
  policy: Policy;
  params?: (f: Fx) => Record<string, string | number>;
  query?: (f: Fx) => string;
  body?: (f: Fx) => unknown;
  multipart?: (f: Fx) => { name: string; value: string | Buffer; filename?: string; type?: string }[];
  /** Path parameters made fresh for each caller (the route deletes what it is given). */
  fresh?: (f: Fx) => Promise<Record<string, string | number>>;
  /** Each caller with a login uses a new one (the route ends it). */
  freshSession?: true;
  /** Runs after every other route (it changes the callers' credentials); among those, in this order. */
  last?: number;
  /** An API-key caller uses a newly minted key of its user (an earlier 'last' route revoked the shared one). */
  freshApiKey?: true;
};

const PUBLIC: Entry = { policy: { access: 'public' } };
const ANY_USER: Entry = { policy: { access: 'user' } };
const feature = (...features: FeatureSlug[]): Policy => ({ access: 'user', features });
const LEADER: Policy = { access: 'user', features: ['network'], leader: true };
const SARA: Policy = { access: 'user', owner: 'sara' };
const SARA_WRITE: Policy = { access: 'user', features: ['quotations'], owner: 'sara' };
const NORD_CATALOG: Policy = { access: 'user', features: ['catalog'], owner: 'nord-group' };
const NORD_IMAGES: Policy = { access: 'user', features: ['catalog', 'car-custom-images'], owner: 'nord-group' };
const NORD_PROVIDER: Policy = { access: 'user', features: ['provider-product'], owner: 'nord-group' };

const png = (seed: number) => encodePng(4, 4, () => [seed % 256, 90, 200]);
let counter = 0;

/** THE table: every route of the app and who may call it. */
const POLICIES: Record<string, Entry> = {
  // system and authentication
  'GET /health': PUBLIC,
  'GET /health/live': PUBLIC,
  'GET /config': PUBLIC,
  'POST /login': PUBLIC,
  'POST /logout': { ...ANY_USER, freshSession: true },
  'GET /account/activate/{token}': { ...PUBLIC, params: (f) => ({ token: f.activationToken }) },
  'POST /account/activate': PUBLIC,
  'POST /account/password/forgot': PUBLIC,
  'POST /account/password/reset': PUBLIC,
  'POST /sso': PUBLIC,
  'POST /agent/terms': ANY_USER,

  // account (the caller's own data)
  'GET /agent/profile': ANY_USER,
  // Web Push on the caller's own devices (docs/adr/0062).
  'GET /push/key': ANY_USER,
  'POST /push/subscriptions': {
    ...ANY_USER,
    body: () => ({ endpoint: 'https://127.0.0.1:9/push/matrix', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
  },
  'POST /push/subscriptions/remove': { ...ANY_USER, body: () => ({ endpoint: 'https://127.0.0.1:9/push/matrix' }) },
  'PUT /agent/profile': ANY_USER,
  // Secrets need a personal login: a well-formed body with a wrong current password reaches the check.
  'PATCH /password': {
    policy: { access: 'user', personal: true },
    body: () => ({ password: 'Sbagliata2026!', new_password: 'Nuova2026!xy', confirm_password: 'Nuova2026!xy' }),
  },
  // Revoking comes before minting: both end the key the API-key caller uses, which is refused (403) before either.
  'DELETE /agent/service/api': { policy: { access: 'user', personal: true }, last: 1 },
  'POST /agent/service/api': { policy: { access: 'user', personal: true }, last: 2, freshApiKey: true },
  'PUT /agent/preferences': ANY_USER,
  'GET /agent/landing': ANY_USER,
  'PUT /agent/landing': ANY_USER,
  'GET /landing/{code}': { ...PUBLIC, params: (f) => ({ code: f.davide.code }) },
  'GET /agent/logo/{code}': { ...PUBLIC, params: (f) => ({ code: f.davide.code }) },
  'POST /agent/logo': ANY_USER,
  // After the public logo route, which serves davide's logo.
  'DELETE /agent/logo': { ...ANY_USER, last: 0.5 },

  // team (group leaders with feature network)
  'GET /agent/members': { policy: LEADER },
  'POST /agent': { policy: LEADER },
  'PUT /agent/{code}': {
    policy: { ...LEADER, owner: 'nord-team' },
    params: (f) => ({ code: f.paoloCode }),
    body: () => ({
      business_name: 'Marini Car',
      name: 'Paolo Marini',
      title: 'Agente',
      email: 'paolo.marini@demo.it',
      phone: '333 1234567',
      fee_type: 'HIERARCHICAL_PERCENTAGE',
      fee_value: 40,
      parent_id: null,
    }),
  },
  'PATCH /agent/{id}/toggle': { policy: { ...LEADER, owner: 'nord-team' }, params: (f) => ({ id: f.paoloId }) },

  // marketing material
  'GET /marketing/posts': { policy: feature('marketing-stuff') },
  'POST /marketing/posts': { policy: feature('marketing-stuff') },
  // The group leader's own post: its author deletes it; others in the network see it (403), the rest do not (404).
  'DELETE /marketing/posts/{id}': {
    policy: { access: 'user', features: ['marketing-stuff'], owner: 'nord-team' },
    fresh: async (f) => ({ id: await f.newPost() }),
  },
  'GET /marketing/images/{publicId}': { ...PUBLIC, params: (f) => ({ publicId: f.marketing.publicId }) },
  'GET /marketing/items/{id}/image': { policy: feature('marketing-stuff'), params: (f) => ({ id: f.marketing.itemId }) },
  'GET /marketing/posts/{id}/attachment': { policy: feature('marketing-stuff'), params: (f) => ({ id: f.marketing.postId }) },
  'GET /marketing/posts/{id}/pdf': { policy: feature('marketing-stuff'), params: (f) => ({ id: f.marketing.postId }) },

  // offers (every agent sees the shared catalogue)
  'GET /search/catalog/filters': ANY_USER,
  'GET /sync/offers': ANY_USER,
  'POST /search/offers': ANY_USER,
  'POST /search/offers/export': ANY_USER,
  'GET /offers/{id}': { ...ANY_USER, params: (f) => ({ id: f.publicOffer.code }) },
  'POST /offers/attachment': ANY_USER,
  // The compare PDF: any agent; each offer in it through the one visibility rule (offers/compare.test.ts).
  'POST /offers/compare/attachment': ANY_USER,
  'GET /car/images/render/{file}': { ...PUBLIC, params: (f) => ({ file: f.publicOffer.image }) },

  // quotations (Sara's, seen by her group leader)
  'GET /customers/search': { policy: SARA, query: (f) => `code=${f.sara.customerCf}` },
  'GET /quotations/offer/{ref}': { ...ANY_USER, params: (f) => ({ ref: f.publicOffer.ref }) },
  'POST /quote': { policy: feature('quotations') },
  'PUT /quote/{code}': { policy: SARA_WRITE, params: (f) => ({ code: f.sara.quoteCode }), body: () => ({}) },
  'POST /proposals': { policy: feature('quotations') },
  'PUT /proposals/{id}': { policy: SARA_WRITE, params: (f) => ({ id: f.sara.proposalId }), body: () => ({}) },
  'GET /proposals/{id}': { policy: SARA, params: (f) => ({ id: f.sara.proposalId }) },
  'PUT /quotations/{id}/status': { policy: SARA_WRITE, params: (f) => ({ id: f.sara.proposalId }), body: () => ({ status: 'OPEN' }) },
  'POST /proposals/{id}/attachment': { policy: SARA, params: (f) => ({ id: f.sara.proposalId }) },
  'POST /quotations/documents/upload': {
    policy: SARA_WRITE,
    multipart: (f) => [
      { name: 'quotation', value: f.sara.quoteCode },
      { name: 'file_type', value: 'identity' },
      { name: 'file', value: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'), filename: 'documento.pdf', type: 'application/pdf' },
    ],
  },
  'POST /proposals/{id}/sync-token': { policy: SARA, params: (f) => ({ id: f.sara.proposalId }) },
  // The customer's link (docs/adr/0133-customer-link.md): Sara's links, and the public routes that take its token alone.
  'GET /quotations/{id}/share': { policy: SARA, params: (f) => ({ id: f.sara.shared.id }) },
  'POST /quotations/{id}/share': {
    policy: SARA_WRITE,
    params: (f) => ({ id: f.sara.shared.id }),
    body: () => ({ token: randomBytes(32).toString('base64url') }),
  },
  'DELETE /quotations/{id}/share/{shareId}': {
    policy: SARA_WRITE,
    fresh: async (f) => ({ id: f.sara.revocable, shareId: await f.newShare(f.sara.revocable) }),
  },
  'POST /quotations/{id}/share/{shareId}/email': {
    policy: SARA_WRITE,
    params: (f) => ({ id: f.sara.shared.id, shareId: f.sara.shared.shareId }),
    body: (f) => ({ token: f.sara.shared.token }),
  },
  'GET /share/{token}': { ...PUBLIC, params: (f) => ({ token: f.sara.shared.token }) },
  'GET /share/{token}/pdf': { ...PUBLIC, params: (f) => ({ token: f.sara.shared.token }) },
  'POST /share/{token}/documents': {
    ...PUBLIC,
    params: (f) => ({ token: f.sara.shared.token }),
    multipart: () => [
      { name: 'file_type', value: 'identity' },
      { name: 'file', value: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'), filename: 'documento.pdf', type: 'application/pdf' },
    ],
  },
  'POST /share/{token}/accept': {
    ...PUBLIC,
    params: (f) => ({ token: f.sara.shared.token }),
    body: () => ({ name: 'Mario Rossi', consent: true, code: '000000' }),
  },
  'POST /share/{token}/accept/code': { ...PUBLIC, params: (f) => ({ token: f.sara.shared.token }) },
  'GET /proposals/sync/{id}': { policy: { access: 'stream-token' }, params: (f) => ({ id: f.sara.proposalId }), query: () => 'token=not-a-stream-token' },

  // car catalogue (every agent; custom cars belong to their group)
  'GET /car/brands': ANY_USER,
  'GET /car/brands/{code}/logo.svg': { ...PUBLIC, params: () => ({ code: 'FIA' }) },
  'GET /car/models': { ...ANY_USER, query: () => 'brand=FIA' },
  'GET /car/versions/{a}/{b}': { ...ANY_USER, params: () => ({ a: 'FIA', b: 'panda' }) },
  'GET /car': { ...ANY_USER, query: (f) => `motornet=${f.publicCar.motornet}&eurotax=${f.publicCar.eurotax}` },
  'POST /car': { policy: feature('catalog') },
  'PUT /car/{id}': { policy: NORD_CATALOG, params: (f) => ({ id: f.nord.carId }), body: () => nordCar() },
  'GET /car/images/{code}': { policy: { access: 'user', owner: 'nord-group' }, params: (f) => ({ code: f.nord.carCode }) },
  'GET /car/images/file/{name}': { ...PUBLIC, params: (f) => ({ name: f.nord.imageFile }) },
  'PUT /car/images/{id}/type': { policy: NORD_IMAGES, params: (f) => ({ id: f.nord.imageId }), body: () => ({ newType: 'MAIN' }) },
  'DELETE /car/images/{id}': { policy: NORD_IMAGES, fresh: async (f) => ({ id: (await f.uploadImage(f.nord.carId)).id }) },
  'DELETE /car/{carId}/images': { policy: NORD_IMAGES, params: (f) => ({ carId: f.nord.spareCarId }) },
  'GET /car/images/{carId}/download/{type}': { policy: { access: 'user', owner: 'nord-group' }, params: (f) => ({ carId: f.nord.carId, type: 'custom' }) },
  'POST /car/images': {
    policy: NORD_IMAGES,
    multipart: (f) => [
      { name: 'car', value: String(f.nord.carId) },
      { name: 'offer', value: f.nord.offerCode },
      { name: 'immagini[]', value: png(counter++), filename: 'a.png', type: 'image/png' },
    ],
  },

  // lookups
  'GET /catalog/delivery-times': ANY_USER,
  'GET /catalog/brokers': ANY_USER,
  'GET /catalog/products': ANY_USER,
  'GET /services': ANY_USER,
  'GET /services/{product}/{broker}': { ...ANY_USER, params: () => ({ product: 'aurora-rent-privati', broker: 'aurora-rent' }) },

  // catalogue offers (feature catalog; the group's own)
  'GET /catalog/offers': { policy: feature('catalog') },
  'POST /catalog/offers': { policy: feature('catalog') },
  'GET /catalog/offers/{code}': { policy: NORD_CATALOG, params: (f) => ({ code: f.nord.offerCode }) },
  'PUT /catalog/offers/{code}': { policy: NORD_CATALOG, params: (f) => ({ code: f.nord.offerCode }), body: (f) => nordOffer(f.nord.carId) },
  'DELETE /catalog/offers/{code}': { policy: NORD_CATALOG, fresh: async (f) => ({ code: await f.cloneOffer() }) },
  'POST /catalog/offers/{code}/clone': { policy: { ...NORD_CATALOG, features: ['catalog', 'clone'] }, params: (f) => ({ code: f.nord.offerCode }) },
  'POST /catalog/offers/{code}/publish': { policy: NORD_CATALOG, params: (f) => ({ code: f.nord.offerCode }) },
  'POST /catalog/offers/{code}/unpublish': { policy: NORD_CATALOG, params: (f) => ({ code: f.nord.offerCode }) },
  'POST /offers/{offerId}/child': { policy: NORD_CATALOG, params: (f) => ({ offerId: f.nord.offerCode }), body: () => variation() },
  'PUT /offers/{offerId}/child/{id}': {
    policy: NORD_CATALOG,
    params: (f) => ({ offerId: f.nord.offerCode, id: f.nord.childId }),
    body: () => ({ deposit: 0, distance: 10000, duration: 24, monthlyRate: 301 }),
  },
  'DELETE /offers/{offerId}/child/{id}': { policy: NORD_CATALOG, fresh: async (f) => ({ offerId: f.nord.offerCode, id: await f.addChild() }) },

  // providers and products (feature provider-product; the group's own)
  'GET /providers': { policy: feature('provider-product') },
  'POST /providers': { policy: feature('provider-product') },
  'GET /providers/{id}': { policy: NORD_PROVIDER, params: (f) => ({ id: f.nord.providerId }) },
  'PUT /providers/{id}': { policy: NORD_PROVIDER, params: (f) => ({ id: f.nord.providerId }), body: () => ({ name: 'Nord Rent Srl' }) },
  'GET /products': { policy: feature('provider-product') },
  'POST /products': { policy: feature('provider-product') },
  'GET /products/{id}': { policy: NORD_PROVIDER, params: (f) => ({ id: f.nord.productId }) },
  'PUT /products/{id}': {
    policy: NORD_PROVIDER,
    params: (f) => ({ id: f.nord.productId }),
    body: (f) => ({ provider: f.nord.providerCode, name: 'Privati Nord' }),
  },
  'DELETE /providers/{id}': { policy: NORD_PROVIDER, fresh: async (f) => ({ id: await f.newProvider() }) },
  'DELETE /products/{id}': { policy: NORD_PROVIDER, fresh: async (f) => ({ id: await f.newProduct() }) },
  'GET /products/{id}/services': { policy: NORD_PROVIDER, params: (f) => ({ id: f.nord.productId }) },
  'PUT /products/{id}/services': { policy: NORD_PROVIDER, params: (f) => ({ id: f.nord.productId }), body: () => ({ services: [] }) },

  // offer requests
  'GET /offer-requests': { policy: feature('offer-request') },
  'POST /offer-requests': { policy: feature('offer-request') },

  // sales: every agent lists their own (a leader their network's)
  'POST /quotations': ANY_USER,
  'GET /quotations/filters': ANY_USER,
  'POST /quotations/export': ANY_USER,
  'GET /agent/{code}/statistics': { policy: SARA, params: (f) => ({ code: f.sara.code }) },
  'GET /customers': ANY_USER,
  'GET /customers/{customer}': { policy: SARA, params: (f) => ({ customer: f.sara.customerId }) },
  'GET /agents/{agent}': { policy: SARA, params: (f) => ({ agent: f.sara.code }) },
  'GET /network/statistics': { policy: LEADER },
};

/**
 * Routes outside /api/v1 (not in the OpenAPI document), all public by design: the API documentation, the
 * footer's legal PDFs, the prescoring service (spec §7, its own error format) and the CORS preflight.
 */
const OUTSIDE_API: Record<string, { url: string; body?: object }> = {
  'GET /api/docs': { url: '/api/docs' },
  // Swagger UI's start and its files, from our own origin (server/lib/openapi/index.ts).
  'GET /api/docs/docs.js': { url: '/api/docs/docs.js' },
  'GET /api/docs/{}': { url: '/api/docs/swagger-ui.css' },
  'GET /legal/{}': { url: `/legal/${Object.keys(LEGAL_DOCUMENTS)[0]}.pdf` },
  'GET /prescoring/logic/{}': { url: '/prescoring/logic/tempo-indeterminato' },
  'POST /prescoring/check': { url: '/prescoring/check', body: {} },
  'POST /prescoring/offer-check': { url: '/prescoring/offer-check', body: {} },
  // CORS preflights of the native shells (server/lib/native-cors.ts): no data, only which calls may follow.
  'OPTIONS *': { url: '/api/v1/quotations' },
};

const nordCar = () => customCar({ allestimento: '1.2 69cv Easy' });
const nordOffer = (car: number) => offerInput(car, { notes: '', private_notes: '', services: [] });
// Distinct values each time (a variation equal to another is refused).
const variation = () => ({ deposit: 0, distance: 10000, duration: 48, monthlyRate: 200 + (counter++ % 700) });

let t: TestApp;
let f: Fx;
let principals: Principal[];
let routes: ApiRoute[];

async function fixtures(t: TestApp) {
  const db = t.database.db;
  const leader = (await t.login('capogruppo@demo.it')).headers;
  const sara = (await t.login('sara.conti@demo.it')).headers;
  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) => {
    const res = await t.inject({ method, url: `/api/v1/${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const userRow = async (key: string) =>
    (
      await db
        .select()
        .from(users)
        .where(eq(users.id, t.ids.get(key)!))
    )[0]!;

  // The shared catalogue: an offer everybody sees, and a catalogue car.
  const [pub] = await db
    .select({ code: offers.code, ref: offerVariations.ref, image: offers.image })
    .from(offers)
    .innerJoin(offerVariations, eq(offerVariations.offerId, offers.id))
    .where(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt), eq(offers.customerType, 'privati')))
    .orderBy(offerVariations.id)
    .limit(1);
  const versions = (await api('GET', 'car/versions/FIA/panda', sara)) as { code: string }[];
  const [motornet, eurotax] = versions[0]!.code.split('-');

  // Sara's proposal (with its PDF), one of her coded quotations and a customer of hers.
  const proposal = await api('POST', 'proposals', sara, privateProposal(pub!.ref));
  for (let i = 0; i < 200 && !(await api('GET', `proposals/${proposal.id}`, sara)).has_pdf; i++) await new Promise((r) => setTimeout(r, 50));
  // Two of her quotations past the credit check: one shared with the customer, one whose links get revoked.
  const checked = () =>
    api(
      'POST',
      'proposals',
      sara,
      privateProposal(pub!.ref, {
        sustainability: {
          contractualCategory: 'tempo-indeterminato',
          answers: { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false },
        },
      }),
    );
  const sharedQ = await checked();
  const revocable = (await checked()).id as number;
  for (let i = 0; i < 200 && !(await api('GET', `proposals/${sharedQ.id}`, sara)).has_pdf; i++) await new Promise((r) => setTimeout(r, 50));
  const newShare = async (quotationId: number) =>
    (await api('POST', `quotations/${quotationId}/share`, sara, { token: randomBytes(32).toString('base64url') })).id as number;
  const shareToken = randomBytes(32).toString('base64url');
  const shareId = (await api('POST', `quotations/${sharedQ.id}/share`, sara, { token: shareToken })).id as number;
  const [coded] = await db
    .select({ code: quotations.code })
    .from(quotations)
    .where(and(eq(quotations.ownerId, t.ids.get('sub1')!), isNotNull(quotations.code)))
    .limit(1);
  const [customer] = await db
    .select({ id: customers.id, cf: customers.fiscalCode })
    .from(customers)
    .where(eq(customers.ownerId, t.ids.get('sub1')!))
    .limit(1);

  // The NET-NORD group's catalogue data, made by its leader.
  const car = await api('POST', 'car', leader, nordCar());
  const spare = await api('POST', 'car', leader, nordCar());
  const offer = await api('POST', 'catalog/offers', leader, nordOffer(car.id));
  const uploadImage = async (carId: number) => {
    const form = multipartBody([
      { name: 'car', value: String(carId) },
      { name: 'immagini[]', value: png(counter++), filename: 'x.png', type: 'image/png' },
    ]);
    const res = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...form.headers }, payload: form.payload });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    const custom = (res.json().data as { id: number; group: string; source: string }[]).filter((i) => i.group === 'custom');
    return custom[custom.length - 1]!;
  };
  const image = await uploadImage(car.id);
  await uploadImage(spare.id);
  const addChild = async () => (await api('POST', `offers/${offer.code}/child`, leader, variation())).child.id as number;
  const provider = await api('POST', 'providers', leader, { name: 'Nord Rent' });
  const product = await api('POST', 'products', leader, { provider: provider.code, name: 'Privati Nord', description: '' });
  // Davide Greco (NET-SUD, not one of the callers) publishes a landing page and a logo; a pending agent has an activation link.
  const davide = (await t.login('davide.greco@demo.it')).headers;
  await api('PUT', 'agent/landing', davide, {
    enabled: true,
    title: 'Noleggio Greco',
    intro: '',
    contact_email: 'davide@example.it',
    contact_phone: '02 1234567',
  });
  const logo = multipartBody([{ name: 'logo', value: png(7), filename: 'logo.png', type: 'image/png' }]);
  const logoRes = await t.inject({ method: 'POST', url: '/api/v1/agent/logo', headers: { ...davide, ...logo.headers }, payload: logo.payload });
  if (logoRes.statusCode !== 200) throw new Error(`logo: ${logoRes.statusCode} ${logoRes.body}`);
  const activationToken = await t.app.authService.issueOneTimeToken('activation', t.ids.get('sub5')!, 3_600_000);
  const posts = (await api('GET', 'marketing/posts', leader)) as { id: number; items: { id: number; image: string }[] }[];
  const item = posts[0]!.items[0]!;

  return {
    davide: { code: (await userRow('sud1')).code },
    activationToken,
    paoloId: t.ids.get('sub2')!,
    paoloCode: (await userRow('sub2')).code,
    publicOffer: { code: pub!.code, ref: pub!.ref, image: pub!.image!.split('/').pop()! },
    publicCar: { motornet: motornet!, eurotax: eurotax! },
    sara: {
      code: (await userRow('sub1')).code,
      proposalId: proposal.id as number,
      quoteCode: coded!.code!,
      customerCf: customer!.cf,
      customerId: customer!.id,
      shared: { id: sharedQ.id as number, shareId, token: shareToken },
      revocable,
    },
    nord: {
      carId: car.id as number,
      carCode: car.code as string,
      spareCarId: spare.id as number,
      offerCode: offer.code as string,
      childId: await addChild(),
      imageId: image.id,
      imageFile: image.source.split('/').pop()!,
      providerId: provider.id as number,
      providerCode: provider.code as string,
      productId: product.id as number,
    },
    marketing: { postId: posts[0]!.id, itemId: item.id, publicId: item.image.split('/').pop()! },
    uploadImage,
    addChild,
    newShare,
    newPost: async () => {
      const form = multipartBody([
        { name: 'title', value: `Post ${counter++}` },
        { name: 'images', value: png(counter++), filename: 'post.png', type: 'image/png' },
      ]);
      const res = await t.inject({ method: 'POST', url: '/api/v1/marketing/posts', headers: { ...leader, ...form.headers }, payload: form.payload });
      if (res.statusCode !== 200) throw new Error(`post: ${res.statusCode} ${res.body}`);
      return res.json().data.id as number;
    },
    newProvider: async () => (await api('POST', 'providers', leader, { name: `Nord Rent ${counter++}` })).id as number,
    newProduct: async () => (await api('POST', 'products', leader, { provider: provider.code, name: `Prodotto ${counter++}`, description: '' })).id as number,
    cloneOffer: async () => (await api('POST', `catalog/offers/${offer.code}/clone`, leader)).code as string,
  };
}

const demo = (key: DemoKey) => DEMO_USERS.find((u) => u.key === key)!;
const EMAIL: Record<DemoKey, string> = {
  sub1: 'sara.conti@demo.it',
  full: 'completo@demo.it',
  leader: 'capogruppo@demo.it',
  leader2: 'capogruppo.sud@demo.it',
  base: 'agente@demo.it',
};

async function makePrincipals(t: TestApp): Promise<Principal[]> {
  const session = async (key: DemoKey) => (await t.login(EMAIL[key])).headers;
  const leader = await t.login(EMAIL.leader);
  const apiKey = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: leader.headers })).json().data.apiKey as string;
  // An access token past its expiry, signed with the app's secret, for a login that is still open (no refresh token sent).
  const claims = decodeJwt(leader.access);
  const past = Math.floor(Date.now() / 1000) - 60;
  const expired = await new SignJWT({ fam: claims.fam })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(AUTH_SECRET));
  // A valid access token of a login that has ended.
  const ended = await t.login(EMAIL.leader);
  const out = await t.inject({ method: 'POST', url: '/api/v1/logout', headers: ended.headers });
  if (out.statusCode !== 200) throw new Error(`logout ${out.statusCode}`);
  // The order matters for 'last' routes: the API key is used before its owner mints a new one.
  return [
    { name: 'anonymous', user: null, via: 'none', headers: {} },
    { name: 'expired token', user: 'leader', via: 'expired', headers: { authorization: `Bearer ${expired}` } },
    { name: 'revoked token', user: 'leader', via: 'revoked', headers: { authorization: `Bearer ${ended.access}` } },
    { name: 'API key (group leader)', user: 'leader', via: 'apiKey', headers: { 'x-api-key': apiKey } },
    { name: 'agent without features', user: 'base', via: 'token', headers: await session('base') },
    { name: 'other agent (all features)', user: 'full', via: 'token', headers: await session('full') },
    { name: 'other network leader', user: 'leader2', via: 'token', headers: await session('leader2') },
    { name: 'agent (owner)', user: 'sub1', via: 'token', headers: await session('sub1') },
    { name: 'group leader', user: 'leader', via: 'token', headers: leader.headers },
  ];
}

function visible(owner: Owner, user: DemoKey): boolean {
  const u = demo(user);
  if (owner === 'sara') return user === 'sub1' || (u.role === ROLE_GROUP_LEADER && u.groupCode === 'NET-NORD');
  if (owner === 'nord-group') return u.groupCode === 'NET-NORD';
  return u.role === ROLE_GROUP_LEADER && u.groupCode === 'NET-NORD';
}

type Expected = 'allowed' | 401 | 403 | 404;
function expectedFor(policy: Policy, p: Principal): Expected {
  if (policy.access === 'public') return 'allowed';
  if (policy.access === 'stream-token') return 401;
  if (p.via === 'none' || p.via === 'expired' || p.via === 'revoked' || !p.user) return 401;
  const u = demo(p.user);
  if (policy.leader && u.role !== ROLE_GROUP_LEADER) return 403;
  if ((policy.features ?? []).some((slug) => !u.features.includes(slug))) return 403;
  if (policy.personal && p.via === 'apiKey') return 403;
  if (policy.owner && !visible(policy.owner, p.user)) return 404;
  return 'allowed';
}

async function call(route: ApiRoute, entry: Entry, p: Principal) {
  const params = entry.fresh ? await entry.fresh(f) : (entry.params?.(f) ?? {});
  const query = entry.query?.(f);
  const url = fillPath(route.path, params) + (query ? `?${query}` : '');
  let headers = p.headers;
  if (entry.freshSession && p.via === 'token' && p.user) headers = (await t.login(EMAIL[p.user])).headers;
  if (entry.freshApiKey && p.via === 'apiKey' && p.user) {
    const minted = await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: (await t.login(EMAIL[p.user])).headers });
    headers = { 'x-api-key': minted.json().data.apiKey as string };
  }
  if (entry.multipart) {
    const form = multipartBody(entry.multipart(f));
    return t.inject({ method: route.method as 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  const body = entry.body?.(f) ?? (route.jsonBody || route.multipart ? {} : undefined);
  return t.inject({ method: route.method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as object }) });
}

beforeAll(async () => {
  t = await createTestApp({ authSecret: AUTH_SECRET });
  routes = await listRoutes(t);
  f = await fixtures(t);
  principals = await makePrincipals(t);
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('has exactly one policy for every route the app serves', () => {
    const served = routes.map((r) => r.key);
    expect(
      served.filter((k) => !(k in POLICIES)),
      'routes without a policy in POLICIES',
    ).toEqual([]);
    expect(
      Object.keys(POLICIES).filter((k) => !served.includes(k)),
      'policies for routes the app no longer serves',
    ).toEqual([]);
    expect(
      routes.filter((r) => r.isPublic !== (POLICIES[r.key]?.policy.access !== 'user')).map((r) => r.key),
      'public in the app but not in the table, or the reverse',
    ).toEqual([]);
  });

  it('knows every route Fastify serves: the OpenAPI list is complete, and the few outside /api/v1 are listed', () => {
    const served = servedRoutes(t.app);
    const documented = routes.map((r) => `${r.method} ${normalizeParams(r.path)}`);
    const api = served.filter((k) => k.split(' ')[1]!.startsWith('/api/v1/') && k !== 'GET /api/v1/openapi.json');
    expect(
      api.filter((k) => !documented.includes(k)),
      'served under /api/v1 but missing from openapi.json',
    ).toEqual([]);
    expect(
      documented.filter((k) => !api.includes(k)),
      'in openapi.json but not served',
    ).toEqual([]);
    expect(served.filter((k) => !k.split(' ')[1]!.startsWith('/api/v1/')).sort()).toEqual(Object.keys(OUTSIDE_API).sort());
  });

  it('serves the routes outside /api/v1 to anyone', async () => {
    for (const [key, r] of Object.entries(OUTSIDE_API)) {
      const res = await t.inject({ method: key.split(' ')[0] as 'GET', url: r.url, ...(r.body ? { payload: r.body } : {}) });
      expect([401, 403, 404], key).not.toContain(res.statusCode);
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });

  it('gives every caller the status class of the route policy, always in the error envelope', { timeout: 120_000 }, async () => {
    const ordered = [...routes].filter((r) => POLICIES[r.key]).sort((a, b) => (POLICIES[a.key]!.last ?? 0) - (POLICIES[b.key]!.last ?? 0));
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of ordered) {
      const entry = POLICIES[route.key]!;
      for (const p of principals) {
        const want = expectedFor(entry.policy, p);
        const res = await call(route, entry, p);
        checked++;
        const status = res.statusCode;
        const ok = want === 'allowed' ? ![401, 403, 404].includes(status) && status < 500 : status === want;
        if (!ok) mismatches.push(`${route.key} as ${p.name}: expected ${want}, got ${status} ${res.body.slice(0, 160)}`);
        if (status >= 400) {
          const envelope = ErrorEnvelopeSchema.safeParse(res.json());
          if (!envelope.success || envelope.data.error.http_code !== status || !looksItalian(envelope.data.error.message)) {
            mismatches.push(`${route.key} as ${p.name}: ${status} not in the Italian error envelope: ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(ordered.length * principals.length);
  });
});

describe('the customer’s link routes', () => {
  it('answer a token that is not a link with the same 404 for every caller, whatever credentials come with it', async () => {
    const share = routes.filter((r) => r.key.startsWith('GET /share/') || r.key.startsWith('POST /share/'));
    expect(share.map((r) => r.key).sort()).toEqual([
      'GET /share/{token}',
      'GET /share/{token}/pdf',
      'POST /share/{token}/accept',
      'POST /share/{token}/accept/code',
      'POST /share/{token}/documents',
    ]);
    const bodies = new Set<string>();
    for (const route of share) {
      const entry = { ...POLICIES[route.key]!, params: () => ({ token: randomBytes(32).toString('base64url') }) };
      for (const p of principals) {
        const res = await call(route, entry, p);
        expect(res.statusCode, `${route.key} as ${p.name}`).toBe(404);
        bodies.add(res.body);
        // Every miss counts against the address (20 per 15 minutes): this test is not about that limit.
        await t.database.db.delete(authThrottle).where(like(authThrottle.key, 'share-miss:%'));
      }
    }
    expect(bodies.size).toBe(1);
  });
});

describe('login throttling', () => {
  // 29 earlier failures are written directly (each real attempt costs a password hash); the 30th is a real request.
  const failures = (ip: string, n: number) => t.database.db.insert(authThrottle).values({ key: `login-ip:${ip}`, attempts: n, windowStart: new Date() });
  const attempt = (app: { inject: TestApp['inject'] }, ip: string, password: string, forwarded?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress: ip,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      payload: { email: 'agente@demo.it', password },
    });

  it('refuses an address after 30 failures in 15 minutes, whatever the accounts tried', async () => {
    await failures('203.0.113.7', 29);
    expect((await attempt(t, '203.0.113.7', 'Sbagliata2026!')).statusCode).toBe(401);
    const locked = await attempt(t, '203.0.113.7', 'Demo2026!');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: { http_code: 429, message: 'Troppi tentativi di accesso non riusciti. Riprova tra 15 minuti.' }, errors: {} });
    expect((await attempt(t, '203.0.113.99', 'Demo2026!')).statusCode).toBe(200);
  });

  it('counts the socket address by default (TRUST_PROXY=false), so a forged X-Forwarded-For does not reset the count', async () => {
    await failures('203.0.113.8', 30);
    expect(t.config.trustProxy).toBe(false);
    for (const forged of ['198.51.100.2', '198.51.100.3, 10.0.0.1']) expect((await attempt(t, '203.0.113.8', 'Demo2026!', forged)).statusCode).toBe(429);
    // Trusting any proxy (TRUST_PROXY=true, for a deployment behind one that sets the header), the header is the client address.
    const { buildApp } = await import('../app');
    const trusting = await buildApp({ config: { ...t.config, trustProxy: true }, database: t.database, logger: false });
    try {
      expect((await attempt(trusting, '203.0.113.8', 'Demo2026!', '198.51.100.1')).statusCode).toBe(200);
    } finally {
      await trusting.close();
    }
  });
});
