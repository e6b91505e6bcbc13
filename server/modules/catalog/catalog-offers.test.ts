import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema';
import { offerInput } from '../../test/payloads';
import type { TestApp } from '../../test/helper';
import { catalogTestApp, type H } from './catalog.fixtures';

const { u, api, newCar, newOffer, child } = catalogTestApp();
let t: TestApp;
let leader: H;
let sud: H;
let base: H;
let sub: H;
beforeAll(() => void ({ t, leader, sud, base, sub } = u));

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

  it('keeps its commission data, validated, and sellers see it as for any other offer', async () => {
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
    // Sara (network member, 60% flat, fees-visibility) reads her share of the offer's margin, never the margin
    // itself: that is the network's, and what she does not earn of it is the leader's (docs/adr/0052).
    const detail = (await api('GET', `offers/${o.code}`, sub)).json().data;
    expect(detail.fees).toMatchObject({ agentFee: 60, defaultFeeValue: 900, originalPotentialProfit: null, finalPotentialProfit: null });
    expect((await api('GET', `offers/${o.code}`, leader)).json().data.fees).toMatchObject({ originalPotentialProfit: 1500 });
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
    // ...saying the offer is published, and what to do (docs/adr/0136-catalogue-offers-and-publishing.md).
    expect(del.json().error.message).toBe(
      'L’offerta è pubblicata: deve mantenere almeno 2 anticipi, 2 durate e 3 percorrenze diverse. Per questa modifica ritirala prima dalla pubblicazione.',
    );
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.variations).toHaveLength(2);
    await api('POST', `catalog/offers/${o.code}/unpublish`, leader);
    expect(await codes(leader)).not.toContain(o.code);
  });
});

describe('catalogue list scope', () => {
  it('lists only offers made in the catalogue (with a price block), not seed offers of the network', async () => {
    const list = (await api('GET', 'catalog/offers?page=1', leader)).json().items.data as { code: string; duration: number }[];
    expect(list.every((r) => r.code.startsWith('CT') && r.duration > 0)).toBe(true);
  });
});
