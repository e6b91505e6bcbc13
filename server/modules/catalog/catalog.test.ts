import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokers, offerVariations, userFeatures } from '../../db/schema';
import { offers } from '../../db/schema';
import { encodePng } from '../../lib/png';
import { unzipSync } from 'fflate';
import { customCar, offerInput, privateProposal } from '../../test/payloads';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

type H = Record<string, string>;
let t: TestApp;
let leader: H; // capogruppo@demo.it, NET-NORD, catalog + provider-product + clone + car-custom-images
let sud: H; // capogruppo.sud@demo.it, NET-SUD, given catalog below
let base: H; // agente@demo.it, no features
let sub: H; // sara.conti@demo.it, NET-NORD, no catalog

beforeAll(async () => {
  t = await createTestApp();
  const sudId = t.ids.get('leader2')!;
  await t.database.db.insert(userFeatures).values([
    { userId: sudId, slug: 'catalog', level: 2 },
    { userId: sudId, slug: 'provider-product', level: 2 },
    { userId: sudId, slug: 'car-custom-images', level: 2 },
  ]);
  leader = (await t.login('capogruppo@demo.it')).headers;
  sud = (await t.login('capogruppo.sud@demo.it')).headers;
  base = (await t.login('agente@demo.it')).headers;
  sub = (await t.login('sara.conti@demo.it')).headers;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) =>
  t.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const png = (seed: number) => encodePng(4, 4, () => [seed, 100, 200]);

async function newCar(headers: H = leader) {
  const res = await api('POST', 'car', headers, customCar());
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; code: string };
}
async function newOffer(headers: H = leader, over: object = {}) {
  const car = await newCar(headers);
  const res = await api('POST', 'catalog/offers', headers, offerInput(car.id, over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { code: string; id: number; car: { id: number }; variations: unknown[]; missing: Record<string, number>; published: boolean };
}
const child = (code: string, body: object, headers: H = leader) => api('POST', `offers/${code}/child`, headers, body);

describe('car catalogue', () => {
  it('lists brands with codes and logos, models after a brand, versions after a model', async () => {
    const brands = (await api('GET', 'car/brands', base)).json().data as { code: string; name: string; logo: string; vehicleTypes: string[] }[];
    const fiat = brands.find((b) => b.name === 'Fiat')!;
    expect(fiat).toMatchObject({ code: 'FIA', logo: '/api/v1/car/brands/FIA/logo.svg' });
    expect(fiat.vehicleTypes.sort()).toEqual(['auto', 'commerciale']);
    const logo = await t.inject({ method: 'GET', url: fiat.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('>FIA<');
    expect((await t.inject({ method: 'GET', url: '/api/v1/car/brands/%3Cx/logo.svg' })).statusCode).toBe(404);

    const models = (await api('GET', 'car/models?brand=FIA&vehicleType=auto', base)).json().data as { code: string; name: string }[];
    expect(models.map((m) => m.name)).toEqual(['500e', 'Panda', 'Tipo']);
    const vans = (await api('GET', 'car/models?brand=FIA&vehicleType=commerciale', base)).json().data;
    expect(vans).toEqual([{ code: 'ducato', name: 'Ducato' }]);
    const versions = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', base)).json().data as { code: string; id: number }[];
    expect(versions).toHaveLength(1);
    const [motornet, eurotax] = versions[0]!.code.split('-');
    const car = await api('GET', `car?motornet=${motornet}&eurotax=${eurotax}`, base);
    expect(car.statusCode).toBe(200);
    expect(car.json().data).toMatchObject({ brand: 'Fiat', modello: 'Panda', is_custom: false, editable: false });
    expect((await api('GET', 'car?motornet=NOPE', base)).statusCode).toBe(404);
  });

  it('creates and edits custom cars (every field but neo_patentati required), owned by the group', async () => {
    const { neo_patentati: _n, ...withoutNovice } = customCar();
    const created = await api('POST', 'car', leader, withoutNovice);
    expect(created.statusCode).toBe(200);
    const car = created.json().data;
    expect(car).toMatchObject({ is_custom: true, editable: true, neo_patentati: false, brandCode: 'FIA' });

    const missing = await api('POST', 'car', leader, customCar({ allestimento: '', kw: undefined, fuel: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['allestimento', 'fuel', 'kw']);
    expect(missing.json().errors.allestimento).toEqual(['Questo campo è obbligatorio']);

    const edited = await api('PUT', `car/${car.id}`, leader, customCar({ allestimento: 'Versione nuova' }));
    expect(edited.json().data.allestimento).toBe('Versione nuova');
    // The group's custom version shows in the selector, to the group only.
    const mine = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', leader)).json().data as { id: number }[];
    expect(mine.map((v) => v.id)).toContain(car.id);
    const theirs = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', sud)).json().data as { id: number }[];
    expect(theirs.map((v) => v.id)).not.toContain(car.id);
    expect((await api('PUT', `car/${car.id}`, sud, customCar())).statusCode).toBe(404);

    const catalogueCar = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', base)).json().data[0];
    const readOnly = await api('PUT', `car/${catalogueCar.id}`, leader, customCar());
    expect(readOnly.statusCode).toBe(422);
    expect(readOnly.json().errors.car).toEqual(['Le auto del catalogo non si possono modificare']);
    expect((await api('POST', 'car', base, customCar())).statusCode).toBe(403);
  });
});

describe('catalogue offers', () => {
  it('creates a draft with the Catalogo tag, owned by the group, with its values', async () => {
    const o = await newOffer();
    const got = (await api('GET', `catalog/offers/${o.code}`, leader)).json().data;
    expect(got).toMatchObject({
      published: false,
      tag: 'Catalogo',
      provider: 'aurora-rent',
      product: 'aurora-rent-privati',
      price: 299,
      deposit: 1000,
      duration: 36,
      distance: 15000,
      unlimitedKm: false,
      deliveryTime: 'entro-30',
      fastDelivery: true,
      right_label: 'privati',
      reference_code: 'AB123CD',
      notes: 'Nota pubblica',
      private_notes: 'Nota privata',
      services: [{ id: 1, price: 10, quantity: null }],
      variations: [],
      missing: { deposits: 1, durations: 1, distances: 2 },
    });
    const [row] = await t.database.db.select().from(offers).where(eq(offers.code, o.code));
    expect(row).toMatchObject({ ownerGroup: 'NET-NORD', ownerUserId: t.ids.get('leader') });
    const list = (await api('GET', 'catalog/offers', leader)).json();
    expect(list.items.data.map((r: { code: string }) => r.code)).toContain(o.code);
    expect(list).toMatchObject({ currentPage: 1, itemsPerPage: 20 });
    expect((await api('GET', 'catalog/offers', sud)).json().items.data.map((r: { code: string }) => r.code)).not.toContain(o.code);
  });

  it('unlimited km sets the distance to 0', async () => {
    const o = await newOffer(leader, { unlimitedKm: true, distance: 20000 });
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data).toMatchObject({ distance: 0, unlimitedKm: true });
  });

  it('keeps its commission data, validated, and sellers see it as for any other offer (issue 20)', async () => {
    const car = await newCar();
    const missing = await api('POST', 'catalog/offers', leader, offerInput(car.id, { potential_profit: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.potential_profit).toEqual(['Questo campo è obbligatorio']);
    const zero = await api('POST', 'catalog/offers', leader, offerInput(car.id, { potential_profit: 0 }));
    expect(zero.json().errors.potential_profit).toEqual(['Inserisci un valore compreso tra 1 e 20.000']);

    const o = await newOffer(leader, { potential_profit: 1500, has_extra_commission: true, has_under_commission: true });
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data).toMatchObject({
      potential_profit: 1500,
      has_extra_commission: true,
      has_under_commission: true,
      has_over_commission: false,
    });
    await child(o.code, { deposit: 0, distance: 10000, duration: 48, monthlyRate: 280 });
    await child(o.code, { deposit: 0, distance: 20000, duration: 48, monthlyRate: 310 });
    expect((await api('POST', `catalog/offers/${o.code}/publish`, leader)).statusCode).toBe(200);
    // Sara (network member, 60% flat, fees-visibility) reads her share of the offer's margin.
    const detail = (await api('GET', `offers/${o.code}`, sub)).json().data;
    expect(detail.fees).toMatchObject({ agentFee: 60, defaultFeeValue: 900, originalPotentialProfit: 1500 });
    expect(detail.fees.maxFeeValue).toBeGreaterThan(900);
    expect(detail.has_extra_commission).toBe(true);
  });

  it('answers the spec messages for out-of-range values and invalid provider or product', async () => {
    const car = await newCar();
    const res = await api('POST', 'catalog/offers', leader, offerInput(car.id, { price: 5, deposit: -1, duration: 70, distance: 100000 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      price: ['Inserisci un valore compreso tra 10 e 9.999'],
      deposit: ['Inserisci un valore compreso tra 0 e 100.000'],
      duration: ['Inserisci un valore compreso tra 12 e 60'],
      distance: ['Inserisci un valore compreso tra 0 e 99.999'],
    });
    const refs = await api('POST', 'catalog/offers', leader, offerInput(car.id, { provider: 'nessuno', product: 'aurora-rent-privati' }));
    expect(refs.json().errors).toMatchObject({ provider: ['Provider selezionato non valido'], product: ['Prodotto selezionato non valido'] });
    const product = await api('POST', 'catalog/offers', leader, offerInput(car.id, { product: 'laguna-fleet-privati' }));
    expect(product.json().errors).toEqual({ product: ['Prodotto selezionato non valido'] });
    const empty = await api('POST', 'catalog/offers', leader, offerInput(car.id, { provider: '', product: '' }));
    expect(empty.json().errors).toMatchObject({ provider: ['Provider selezionato non valido'], product: ['Prodotto selezionato non valido'] });
    const service = await api('POST', 'catalog/offers', leader, offerInput(car.id, { services: [{ id: 1, price: 1001 }] }));
    expect(service.json().errors['services.0.price']).toEqual(['Inserisci un valore compreso tra 0 e 1.000']);
  });

  it('updates, and only the owner group may change or see it (others: 404)', async () => {
    const o = await newOffer();
    const upd = await api(
      'PUT',
      `catalog/offers/${o.code}`,
      leader,
      offerInput(o.car.id, { price: 349, product: 'aurora-rent-business', right_label: 'piva', services: [] }),
    );
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ price: 349, product: 'aurora-rent-business', right_label: 'piva', services: [] });
    for (const [method, url] of [
      ['GET', `catalog/offers/${o.code}`],
      ['DELETE', `catalog/offers/${o.code}`],
      ['POST', `catalog/offers/${o.code}/publish`],
    ] as const) {
      expect((await api(method, url, sud)).statusCode).toBe(404);
    }
    expect((await api('PUT', `catalog/offers/${o.code}`, sud, offerInput(o.car.id))).statusCode).toBe(404);
    expect((await child(o.code, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 300 }, sud)).statusCode).toBe(404);
    // Gates: no catalog feature.
    expect((await api('GET', 'catalog/offers', base)).statusCode).toBe(403);
    expect((await api('GET', `catalog/offers/${o.code}`, sub)).statusCode).toBe(403);
    // Seed offers (platform's, or not Catalogo) are not manageable.
    expect((await api('GET', 'catalog/offers/OF000001', leader)).statusCode).toBe(404);
  });

  it('clones (feature clone) into a new draft with variations and services', async () => {
    const o = await newOffer();
    await child(o.code, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 320 });
    const res = await api('POST', `catalog/offers/${o.code}/clone`, leader);
    expect(res.statusCode).toBe(200);
    const copy = res.json().data;
    expect(copy.code).not.toBe(o.code);
    expect(copy).toMatchObject({ published: false, price: 299, services: [{ id: 1, price: 10, quantity: null }] });
    expect(copy.variations).toHaveLength(1);
    expect((await api('POST', `catalog/offers/${o.code}/clone`, sud)).statusCode).toBe(403); // sud has no clone feature
  });

  it('deletes softly (deleted_at set), then 404', async () => {
    const o = await newOffer();
    expect((await api('DELETE', `catalog/offers/${o.code}`, leader)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(offers).where(eq(offers.code, o.code));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).statusCode).toBe(404);
  });
});

describe('variations and publishing', () => {
  it('adds, updates and deletes child offers with the spec rules', async () => {
    const o = await newOffer();
    const added = await child(o.code, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 330 });
    expect(added.statusCode).toBe(200);
    const c = added.json().data.child;
    expect(c).toMatchObject({ deposit: 0, distance: 10000, duration: 24, monthly_rate: 330, web_monthly_rate: null });
    expect(c.id).toBeTypeOf('number');

    const bad = await child(o.code, { deposit: -1, distance: 100001, duration: 73, monthlyRate: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      deposit: ['Inserisci un valore compreso tra 0 e 100.000'],
      distance: ['Inserisci un valore compreso tra 0 e 100.000'],
      duration: ['Inserisci un valore compreso tra 1 e 72'],
      monthly_rate: ['Inserisci un valore compreso tra 1 e 99.999'],
    });
    const same = await child(o.code, { deposit: 1000, distance: 15000, duration: 36, monthlyRate: 299 });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors._).toEqual(["La variazione è identica all'offerta principale"]);
    expect((await child(o.code, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 330 })).json().errors._).toEqual([
      'Esiste già una variazione con questi valori',
    ]);
    // 72 months is allowed in the variation editor.
    expect((await child(o.code, { deposit: 0, distance: 0, duration: 72, monthlyRate: 250 })).statusCode).toBe(200);

    const put = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, { deposit: 500, distance: 10000, duration: 24, monthly_rate: 310 });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.child).toMatchObject({ id: c.id, deposit: 500, monthly_rate: 310 });
    expect((await api('PUT', `offers/${o.code}/child/999999`, leader, { deposit: 500, distance: 10000, duration: 24, monthly_rate: 310 })).statusCode).toBe(
      404,
    );

    // The offer's summary follows its child offers (refreshOfferSummaries).
    const [row] = await t.database.db.select().from(offers).where(eq(offers.code, o.code));
    expect(row?.durations).toEqual([24, 36, 72]);
    expect(row?.unlimitedKm).toBe(true);

    expect((await api('DELETE', `offers/${o.code}/child/${c.id}`, leader)).statusCode).toBe(200);
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.variations).toHaveLength(1);
  });

  it('publishes only with 2 deposits, 2 durations and 3 distances, then shows in /offers search with the Catalogo tag', async () => {
    const o = await newOffer(leader, { reference_code: 'PUBLISHME' });
    const early = await api('POST', `catalog/offers/${o.code}/publish`, leader);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.variations).toEqual(['Per pubblicare servono almeno 2 anticipi, 2 durate e 3 percorrenze diverse']);
    const search = (h: H) => api('POST', 'search/offers', h, { tags: ['Catalogo'], items: 100, sort: 'newest' });
    const codes = async (h: H) => (await search(h)).json().items.data.map((c: { code: string }) => c.code);
    expect(await codes(leader)).not.toContain(o.code);

    await child(o.code, { deposit: 0, distance: 10000, duration: 48, monthlyRate: 280 });
    const last = (await child(o.code, { deposit: 0, distance: 20000, duration: 48, monthlyRate: 310 })).json().data.child;
    const ok = await api('POST', `catalog/offers/${o.code}/publish`, leader);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ published: true, missing: { deposits: 0, durations: 0, distances: 0 } });
    const found = (await search(leader)).json().items.data.find((c: { code: string }) => c.code === o.code);
    expect(found).toMatchObject({ tag: 'Catalogo', monthly_rate: 280 });
    // Another network does not see it.
    const sudCodes = await codes(sud);
    expect(sudCodes).not.toContain(o.code);

    // A published offer keeps its minimum: deleting a needed variation is refused.
    const del = await api('DELETE', `offers/${o.code}/child/${last.id}`, leader);
    expect(del.statusCode).toBe(422);
    // ...saying the offer is published, and what to do (issue 20).
    expect(del.json().error.message).toBe(
      'L’offerta è pubblicata: deve mantenere almeno 2 anticipi, 2 durate e 3 percorrenze diverse. Per questa modifica ritirala prima dalla pubblicazione.',
    );
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.variations).toHaveLength(2);
    await api('POST', `catalog/offers/${o.code}/unpublish`, leader);
    expect(await codes(leader)).not.toContain(o.code);
  });
});

describe('images', () => {
  it('uploads images by content, sets main, deletes, clears, zips', async () => {
    const o = await newOffer();
    const carId = o.car.id;
    const defaults = (await api('GET', `car/images/${carId}`, leader)).json().data;
    expect(defaults[0]).toMatchObject({ group: 'default', type: 'MAIN', id: null });

    const form = multipartBody([
      { name: 'car', value: String(carId) },
      { name: 'offer', value: o.code },
      { name: 'immagini[]', value: png(1), filename: 'a.png', type: 'image/png' },
      { name: 'immagini[]', value: png(2), filename: 'b.png', type: 'image/png' },
    ]);
    const up = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...form.headers }, payload: form.payload });
    expect(up.statusCode, up.body).toBe(200);
    const custom = up.json().data.filter((i: { group: string }) => i.group === 'custom');
    expect(custom.map((i: { type: string }) => i.type)).toEqual(['MAIN', 'OTHER']);
    const file = await t.inject({ method: 'GET', url: custom[0].source });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The offer's picture is the main custom image.
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.image).toBe(custom[0].source);

    const main = await api('PUT', `car/images/${custom[1].id}/type`, leader, { newType: 'MAIN' });
    expect(
      main
        .json()
        .data.filter((i: { type: string; group: string }) => i.group === 'custom' && i.type === 'MAIN')
        .map((i: { id: number }) => i.id),
    ).toEqual([custom[1].id]);

    const zip = await api('GET', `car/images/${carId}/download/custom`, leader);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('filename="Fiat_Panda.zip"');
    const entries = Object.entries(unzipSync(zip.rawPayload)).map(([name, data]) => ({ name, data: Buffer.from(data) }));
    expect(entries.map((e) => e.name)).toEqual(['01.png', '02-principale.png']);
    expect(entries[0]!.data.equals(png(1))).toBe(true);
    const defaultZip = Object.entries(unzipSync((await api('GET', `car/images/${carId}/download/default`, leader)).rawPayload)).map(([name, data]) => ({
      name,
      data: Buffer.from(data),
    }));
    expect(defaultZip[0]!.name).toMatch(/^01-.*\.svg$/);
    expect(defaultZip[0]!.data.toString()).toContain('<svg');

    expect((await api('DELETE', `car/images/${custom[0].id}`, sud)).statusCode).toBe(404);
    const afterDelete = (await api('DELETE', `car/images/${custom[0].id}`, leader)).json().data;
    expect(afterDelete.filter((i: { group: string }) => i.group === 'custom')).toHaveLength(1);
    const cleared = await api('DELETE', `car/${carId}/images`, leader);
    expect(cleared.json().data.every((i: { group: string }) => i.group === 'default')).toBe(true);
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.image).toContain('/car/images/render/');
  });

  it('refuses files that are not images by content and files over 2 MB', async () => {
    const car = await newCar();
    const notImage = multipartBody([
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png', type: 'image/png' },
    ]);
    const r1 = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...notImage.headers }, payload: notImage.payload });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors['immagini[]']).toEqual(['Sono consentiti solo file di tipo immagine (png, jpg, gif, ...)']);
    const big = Buffer.concat([png(3), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = multipartBody([
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: big, filename: 'big.png', type: 'image/png' },
    ]);
    const r2 = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...tooBig.headers }, payload: tooBig.payload });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors['immagini[]']).toEqual(['Il file deve pesare meno di 2MB']);
    // Feature car-custom-images.
    const ok = multipartBody([
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: png(4), filename: 'a.png', type: 'image/png' },
    ]);
    const r3 = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...base, ...ok.headers }, payload: ok.payload });
    expect(r3.statusCode).toBe(403);
  });
});

describe('lookups, providers, products', () => {
  it('lists delivery times, brokers, products by provider and services', async () => {
    expect((await api('GET', 'catalog/delivery-times', base)).json().data[0]).toEqual({ code: 'entro-30', label: 'Entro 30 giorni', days: 30 });
    const brokers = (await api('GET', 'catalog/brokers', base)).json().data;
    expect(brokers.map((b: { code: string }) => b.code)).toContain('aurora-rent');
    const products = (await api('GET', 'catalog/products?provider=aurora-rent', base)).json().data;
    expect(products.map((p: { code: string }) => p.code).sort()).toEqual(['aurora-rent-business', 'aurora-rent-privati']);
    const services = (await api('GET', 'services', base)).json().data;
    expect(services).toHaveLength(6);
    const defaults = (await api('GET', 'services/aurora-rent-privati/aurora-rent', base)).json().data;
    const tyres = defaults.find((s: { slug: string }) => s.slug === 'pneumatici');
    expect(tyres).toMatchObject({ price: 19, min_quantity: 0, max_quantity: 8 });
    expect(defaults.find((s: { slug: string }) => s.slug === 'auto-sostitutiva')).toMatchObject({ has_price_map: true });
    expect((await api('GET', 'services/aurora-rent-privati/laguna-fleet', base)).statusCode).toBe(404);
  });

  it('manages the group providers and products (feature provider-product), scoped', async () => {
    expect((await api('GET', 'providers', base)).statusCode).toBe(403);
    const p = await api('POST', 'providers', leader, { name: 'Nord Rent' });
    expect(p.statusCode).toBe(200);
    const provider = p.json().data;
    expect((await api('PUT', `providers/${provider.id}`, leader, { name: 'Nord Rent Srl' })).json().data.name).toBe('Nord Rent Srl');
    expect((await api('GET', 'providers', leader)).json().data.map((x: { id: number }) => x.id)).toContain(provider.id);
    expect((await api('GET', `providers/${provider.id}`, sud)).statusCode).toBe(404);
    expect((await api('PUT', `providers/${provider.id}`, sud, { name: 'X' })).statusCode).toBe(404);
    expect((await api('POST', 'providers', leader, { name: '' })).json().errors.name).toEqual(['Questo campo è obbligatorio']);

    const pr = await api('POST', 'products', leader, { provider: provider.code, name: 'Privati Nord', description: 'Tutto incluso' });
    expect(pr.statusCode).toBe(200);
    const product = pr.json().data;
    expect(product).toMatchObject({ provider: provider.code, provider_name: 'Nord Rent Srl' });
    expect((await api('POST', 'products', sud, { provider: provider.code, name: 'X' })).json().errors.provider).toEqual(['Provider selezionato non valido']);
    expect((await api('PUT', `products/${product.id}`, leader, { provider: provider.code, name: 'Privati Nord 2' })).json().data.name).toBe('Privati Nord 2');
    expect((await api('GET', `products/${product.id}`, sud)).statusCode).toBe(404);

    // The group's provider and product are usable in its catalogue offers, not in another network's.
    expect((await api('GET', 'catalog/brokers', leader)).json().data.map((b: { code: string }) => b.code)).toContain(provider.code);
    expect((await api('GET', 'catalog/brokers', sud)).json().data.map((b: { code: string }) => b.code)).not.toContain(provider.code);
    const o = await newOffer(leader, { provider: provider.code, product: product.code, services: [] });
    expect(o.code).toBeTruthy();
    const car = await newCar(sud);
    const res = await api('POST', 'catalog/offers', sud, offerInput(car.id, { provider: provider.code, product: product.code, services: [] }));
    expect(res.json().errors).toMatchObject({ provider: ['Provider selezionato non valido'] });
  });
});

describe('offer requests', () => {
  it('stores a request for an unlisted car and lists it to the requester only', async () => {
    const full = (await t.login('completo@demo.it')).headers;
    const input = {
      vehicleType: 'commerciale',
      brand: 'Iveco',
      model: 'Daily',
      version: '35S14 Furgone',
      duration: 48,
      distance: 30000,
      deposit: 3000,
      services: ['kasko'],
      notes: 'Con allestimento frigo',
    };
    const res = await api('POST', 'offer-requests', full, input);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...input, status: 'RICEVUTA' });
    expect((await api('GET', 'offer-requests', full)).json().data).toHaveLength(1);
    const missing = await api('POST', 'offer-requests', full, { vehicleType: 'auto', brand: '', model: '', version: '' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['brand', 'deposit', 'distance', 'duration', 'model', 'version']);
    expect((await api('POST', 'offer-requests', base, input)).statusCode).toBe(403);
    expect((await api('GET', 'offer-requests', sub)).json().data).toEqual([]);
  });
});

describe('catalogue list scope', () => {
  it('lists only offers made in the catalogue (with a price block), not seed offers of the network', async () => {
    const list = (await api('GET', 'catalog/offers?page=1', leader)).json().items.data as { code: string; duration: number }[];
    expect(list.every((r) => r.code.startsWith('CT') && r.duration > 0)).toBe(true);
  });
});

describe('deleting providers and products', () => {
  it('deletes an unused product and provider (404 for another network), refuses them while offers use them (409)', async () => {
    const provider = (await api('POST', 'providers', leader, { name: 'Cancella Rent' })).json().data;
    const used = (await api('POST', 'products', leader, { provider: provider.code, name: 'Usato' })).json().data;
    const free = (await api('POST', 'products', leader, { provider: provider.code, name: 'Libero' })).json().data;
    const o = await newOffer(leader, { provider: provider.code, product: used.code, services: [] });
    const counted = (await api('GET', 'providers', leader)).json().data.find((x: { id: number }) => x.id === provider.id);
    expect(counted.products).toBe(2);

    expect((await api('DELETE', `products/${free.id}`, sud)).statusCode).toBe(404);
    expect((await api('DELETE', `products/${free.id}`, base)).statusCode).toBe(403);
    expect((await api('DELETE', `products/${free.id}`, leader)).statusCode).toBe(200);
    expect((await api('GET', `providers/${provider.id}`, leader)).json().data.products).toBe(1);
    expect((await api('GET', `products/${free.id}`, leader)).statusCode).toBe(404);
    expect((await api('GET', 'products', leader)).json().data.map((p: { id: number }) => p.id)).not.toContain(free.id);

    const refused = await api('DELETE', `products/${used.id}`, leader);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Impossibile eliminare il prodotto: è usato da 1 offerta');
    const refusedProvider = await api('DELETE', `providers/${provider.id}`, leader);
    expect(refusedProvider.statusCode).toBe(409);
    expect(refusedProvider.json().error.message).toBe('Impossibile eliminare il provider: è usato da 1 offerta');

    // Once the offer is deleted, the provider goes (with its products); deleted offers keep their references.
    expect((await api('DELETE', `catalog/offers/${o.code}`, leader)).statusCode).toBe(200);
    expect((await api('DELETE', `providers/${provider.id}`, sud)).statusCode).toBe(404);
    expect((await api('DELETE', `providers/${provider.id}`, leader)).statusCode).toBe(200);
    expect((await api('GET', 'providers', leader)).json().data.map((p: { id: number }) => p.id)).not.toContain(provider.id);
    expect((await api('GET', `products/${used.id}`, leader)).statusCode).toBe(404);
    expect((await api('GET', 'catalog/brokers', leader)).json().data.map((b: { code: string }) => b.code)).not.toContain(provider.code);
    const car = await newCar();
    expect(
      (await api('POST', 'catalog/offers', leader, offerInput(car.id, { provider: provider.code, product: used.code, services: [] }))).json().errors.provider,
    ).toEqual(['Provider selezionato non valido']);
    // Shared (platform) providers are not the group's: 404.
    const shared = (await t.database.db.select().from(brokers).where(eq(brokers.code, 'aurora-rent')))[0]!;
    expect((await api('DELETE', `providers/${shared.id}`, leader)).statusCode).toBe(404);
  });
});

describe('product services editor', () => {
  it('reads and replaces the services of a product with prices, quantities and price maps, with the rules', async () => {
    const provider = (await api('POST', 'providers', leader, { name: 'Servizi Rent' })).json().data;
    const product = (await api('POST', 'products', leader, { provider: provider.code, name: 'Con servizi' })).json().data;
    expect((await api('GET', `products/${product.id}/services`, leader)).json().data).toEqual([]);
    expect((await api('GET', `products/${product.id}/services`, sud)).statusCode).toBe(404);
    expect((await api('GET', `products/${product.id}/services`, base)).statusCode).toBe(403);

    const body = {
      services: [
        { id: 2, price: 19, included: false, quantity: 4, min_quantity: 0, max_quantity: 8, has_price_map: false, price_map: null },
        {
          id: 3,
          price: 16,
          has_price_map: true,
          price_map: {
            duration: [
              { value: 18, conditions: [['duration', '<=', 36]] },
              { value: 14, conditions: [['duration', '>', 36]] },
            ],
          },
        },
        { id: 1, price: 0, included: true },
      ],
    };
    const put = await api('PUT', `products/${product.id}/services`, leader, body);
    expect(put.statusCode, put.body).toBe(200);
    const list = put.json().data;
    expect(list.map((s: { id: number }) => s.id)).toEqual([1, 2, 3]);
    expect(list[1]).toMatchObject({ price: 19, quantity: 4, min_quantity: 0, max_quantity: 8, has_price_map: false });
    expect(list[2].price_map.duration).toHaveLength(2);
    // The catalogue edit page reads them through the spec's call.
    expect((await api('GET', `services/${product.code}/${provider.code}`, leader)).json().data).toHaveLength(3);

    const bad = await api('PUT', `products/${product.id}/services`, leader, {
      services: [
        { id: 2, price: 1001, quantity: 9, min_quantity: 3, max_quantity: 2 },
        { id: 3, price: 5, has_price_map: true, price_map: {} },
        { id: 3, price: 5, price_map: { x: [{ value: 1, conditions: [['colour', '=', 1]] }] } },
        { id: 99999, price: 1 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors['services.0.price']).toEqual(['Inserisci un valore compreso tra 0 e 1.000']);
    expect(errors['services.0.max_quantity']).toEqual(['La quantità minima non può superare la massima']);
    expect(errors['services.0.quantity']).toEqual(['La quantità deve essere compresa tra la minima e la massima']);
    expect(errors['services.1.price_map']).toEqual(['Aggiungi almeno una voce al listino variabile']);
    expect(errors['services.2.price_map.x.0.conditions.0.0']).toBeDefined();
    const unknown = await api('PUT', `products/${product.id}/services`, leader, { services: [{ id: 99999, price: 1 }] });
    expect(unknown.json().errors['services.0.id']).toEqual(['Servizio non valido']);
    const twice = await api('PUT', `products/${product.id}/services`, leader, {
      services: [
        { id: 2, price: 1 },
        { id: 2, price: 2 },
      ],
    });
    expect(twice.json().errors['services.1.id']).toEqual(['Servizio ripetuto']);
    // Nothing changed by the refused writes.
    expect((await api('GET', `products/${product.id}/services`, leader)).json().data).toHaveLength(3);
  });
});

describe('variation editor fields', () => {
  it('edits bundle, web monthly rate and special price; special rate above 0 needs a special price; the lower price counts', async () => {
    const o = await newOffer();
    const c = (await child(o.code, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 330 })).json().data.child;
    expect(c).toMatchObject({ bundle: null, web_monthly_rate: null, special_rate: null, special_price: null });
    const put = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, {
      deposit: 0,
      distance: 10000,
      duration: 24,
      monthly_rate: 330,
      bundle: 'Light',
      web_monthly_rate: 345,
      special_rate: 1,
      special_price: 300,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.child).toMatchObject({ bundle: 'Light', web_monthly_rate: 345, special_rate: 1, special_price: 300 });
    const [v] = await t.database.db.select().from(offerVariations).where(eq(offerVariations.id, c.id));
    expect(v!.rate).toBe(300);
    // The spec's payload (four values only) keeps the other fields.
    const plain = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, { deposit: 0, distance: 10000, duration: 24, monthly_rate: 320 });
    expect(plain.json().data.child).toMatchObject({ monthly_rate: 320, bundle: 'Light', web_monthly_rate: 345, special_price: 300 });

    const bad = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, {
      deposit: 0,
      distance: 10000,
      duration: 24,
      monthly_rate: 320,
      special_rate: 1,
      special_price: null,
      web_monthly_rate: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      special_price: ['Con la tariffa speciale indica un prezzo speciale'],
      web_monthly_rate: ['Inserisci un valore compreso tra 1 e 99.999'],
    });
    // Special rate 0 turns the special price off; bundle '' and null web rate clear them.
    const off = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, {
      deposit: 0,
      distance: 10000,
      duration: 24,
      monthly_rate: 320,
      special_rate: 0,
      special_price: 300,
      bundle: '',
      web_monthly_rate: null,
    });
    expect(off.json().data.child).toMatchObject({ special_rate: 0, special_price: null, bundle: null, web_monthly_rate: null });
    const added = await child(o.code, {
      deposit: 500,
      distance: 10000,
      duration: 24,
      monthlyRate: 310,
      bundle: 'Premium',
      special_rate: 1,
      special_price: 290,
    });
    expect(added.json().data.child).toMatchObject({ bundle: 'Premium', special_price: 290 });
  });
});

async function publish(code: string) {
  await child(code, { deposit: 0, distance: 10000, duration: 48, monthlyRate: 280 });
  await child(code, { deposit: 0, distance: 20000, duration: 48, monthlyRate: 310 });
  expect((await api('POST', `catalog/offers/${code}/publish`, leader)).statusCode).toBe(200);
}

describe('service price overrides in the offer pricing', () => {
  it('the offer detail and the proposal total use the catalogue override and quantity', async () => {
    // Aurora privati: tyres 19 €/unit x 4 by default (0..8).
    const tyres = ((await api('GET', 'services/aurora-rent-privati/aurora-rent', leader)).json().data as { id: number; slug: string }[]).find(
      (s) => s.slug === 'pneumatici',
    )!;
    const o = await newOffer(leader, { services: [{ id: tyres.id, price: 5, quantity: 2 }] });
    await publish(o.code);
    const detail = (await api('GET', `offers/${o.code}`, leader)).json().data;
    expect(detail.services.map((s: { id: number }) => s.id)).toEqual([tyres.id]);
    expect(detail.services[0]).toMatchObject({ price: 5, quantity: 2, has_price_map: false });

    const proposal = await t.inject({
      method: 'POST',
      url: '/api/v1/proposals',
      headers: leader,
      payload: privateProposal(`${o.code}-M`, { additionalServices: ['pneumatici'] }),
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    // 299 € + 5 € x 2 tyres.
    expect(proposal.json().data).toMatchObject({ base_price: 299, price: 309 });

    // Without choices the product's own price (19 x 4) applies.
    const plain = await newOffer(leader, { services: [] });
    await publish(plain.code);
    const plainDetail = (await api('GET', `offers/${plain.code}`, leader)).json().data;
    expect(plainDetail.services.find((s: { id: number }) => s.id === tyres.id)).toMatchObject({ price: 19, quantity: 4 });
  });
});
