import { beforeAll, describe, expect, it } from 'vitest';
import { type FilterableOffer } from '@core/offer-filter';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type FilterDef, type OfferCard, type OfferSearchInput, OfferSearchResponseSchema } from '@core/schemas/offers';
import type { TestApp } from '../../test/helper';
import { offersTestApp, type H, optionsOf, catalogueCode } from './offers.fixtures';

const { u, search, expected, byCode } = offersTestApp();
let t: TestApp;
let full: H;
let base: H;
let leader: H;
let catalogue: FilterableOffer[];
let fullId: number;
beforeAll(() => void ({ t, full, base, leader, catalogue, fullId } = u));

describe('POST /search/offers', () => {
  it('answers the spec shape with 18 cards sorted by price', async () => {
    const r = await search({});
    expect(Object.keys(r).sort()).toEqual(['currentPage', 'filters', 'items', 'itemsPerPage', 'lastPage', 'total']);
    expect(r.items.data).toHaveLength(18);
    expect(r.itemsPerPage).toBe(18);
    expect(r.currentPage).toBe(1);
    expect(r.total).toBe(expected({}).total);
    expect(r.lastPage).toBe(Math.ceil(r.total / 18));
    const rates = r.items.data.map((c) => c.monthly_rate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(Object.keys(r.filters).sort()).toEqual(['filters', 'orders', 'tags']);
    expect(r.filters.orders.map((o) => o.value)).toEqual(['price-up', 'price-down', 'newest', 'brand']);
    const card = r.items.data[0]!;
    expect(card.image).toMatch(/^\/api\/v1\/car\/images\/render\/[a-z]+-[0-9a-f]{6}\.svg$/);
    expect(card.car).toMatchObject({ brand: { name: card.brand }, descrizione_modello: card.model, allestimento: card.version });
  });

  const single: [string, OfferSearchInput, (c: OfferCard) => boolean][] = [
    ['brands', { brands: ['fiat', 'jeep'] }, (c) => ['Fiat', 'Jeep'].includes(c.brand)],
    ['brokers', { brokers: ['laguna-fleet'] }, (c) => c.broker.code === 'laguna-fleet'],
    ['categories', { categories: ['suv'] }, (c) => c.car.category === 'suv'],
    ['fuels', { fuels: ['elettrica'] }, (c) => c.car.fuel.name === 'Elettrica'],
    ['gear', { gear: ['manuale'] }, (c) => c.car.descrizione_cambio === 'Cambio manuale'],
    ['delivery_times', { delivery_times: ['entro-30'] }, (c) => c.delivery_time_label === 'Entro 30 giorni'],
    ['products', { products: ['aurora-rent-business'] }, (c) => c.product.code === 'aurora-rent-business'],
    ['stocks', { stocks: ['in-arrivo'] }, (c) => c.stockAvailability === 'in-arrivo'],
    ['areas', { areas: ['sud'] }, (c) => c.area.code === 'sud'],
    ['customerType', { customerType: ['piva'] }, (c) => c.customerType === 'piva'],
    ['status', { status: ['km0', 'usato'] }, (c) => c.status !== 'nuovo'],
    ['durations', { durations: [48] }, (c) => c.duration === 48],
    ['distances', { distances: [20000, 30000] }, (c) => [20000, 30000].includes(c.distance)],
    ['monthly_rates', { monthly_rates: [250, 400] }, (c) => c.monthly_rate >= 250 && c.monthly_rate <= 400],
    ['deposits', { deposits: [1000, 3000] }, (c) => c.deposit >= 1000 && c.deposit <= 3000],
    ['noviceDriver', { noviceDriver: true }, (c) => c.noviceDriver],
    ['fast_delivery', { fast_delivery: true }, (c) => c.fastDelivery],
    ['unlimitedKm', { unlimitedKm: true }, (c) => c.distance === 0 && c.unlimitedKm],
    ['tags', { tags: ['Catalogo'] }, (c) => c.tag === 'Catalogo'],
  ];
  it.each(single)('filters by %s', async (_name, body, holds) => {
    const r = await search({ ...body, items: 100 });
    const want = expected({ ...body, items: 100 });
    expect(r.total).toBeGreaterThan(0);
    expect(r.total).toBeLessThan(catalogue.length);
    expect(r.total).toBe(want.total);
    expect(r.items.data.every(holds)).toBe(true);
    expect(r.items.data.map((c) => c.ref)).toEqual(want.hits.map((h) => r.items.data.find((c) => byCode(c.code).id === h.offer.id)?.ref));
  });

  it('combines filters (AND across, OR within)', async () => {
    const body: OfferSearchInput = { brands: ['volkswagen', 'toyota'], fuels: ['ibrida'], monthly_rates: [200, 600], items: 100 };
    const r = await search(body);
    expect(r.total).toBe(expected(body).total);
    expect(r.total).toBeGreaterThan(0);
    for (const c of r.items.data) {
      expect(['Volkswagen', 'Toyota']).toContain(c.brand);
      expect(c.car.fuel.name).toBe('Ibrida');
      expect(c.monthly_rate).toBeGreaterThanOrEqual(200);
      expect(c.monthly_rate).toBeLessThanOrEqual(600);
    }
  });

  it('counts a facet without its own selection, with the other filters', async () => {
    const r = await search({ brands: ['fiat'], fuels: ['ibrida'] });
    const brands = optionsOf(r, 'brands');
    // Siblings keep their counts: Toyota's count is what choosing Toyota (with fuel ibrida) would give.
    const toyota = brands.find((b) => b.value === 'toyota')!;
    expect(toyota.count).toBe((await search({ brands: ['toyota'], fuels: ['ibrida'] })).total);
    expect(toyota.count).toBeGreaterThan(0);
    // A brand without hybrids stays listed with 0.
    expect(brands.find((b) => b.value === 'tesla')).toMatchObject({ count: 0, label: 'Tesla' });
    const fuels = optionsOf(r, 'fuels');
    expect(fuels.find((f) => f.value === 'benzina')!.count).toBe((await search({ brands: ['fiat'], fuels: ['benzina'] })).total);
    expect(fuels.find((f) => f.value === 'ibrida')!.count).toBe(r.total);
    expect(r.filters.filters.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'brands',
        'brokers',
        'categories',
        'deposits',
        'distances',
        'durations',
        'fuels',
        'gear',
        'monthly_rates',
        'delivery_times',
        'products',
        'stocks',
        'areas',
        'customerType',
        'status',
        'noviceDriver',
        'fast_delivery',
        'unlimitedKm',
      ]),
    );
    expect(expected({ brands: ['fiat'], fuels: ['ibrida'] }).facets.brands.toyota).toBe(toyota.count);
  });

  it('counts child-offer facets (durations, distances, unlimited km) against the other filters', async () => {
    const r = await search({ durations: [24], monthly_rates: [150, 350] });
    const want = expected({ durations: [24], monthly_rates: [150, 350] });
    for (const o of optionsOf(r, 'durations')) expect(o.count).toBe(want.facets.durations[String(o.value)]);
    for (const o of optionsOf(r, 'distances')) expect(o.count).toBe(want.facets.distances[String(o.value)]);
    const unlimited = r.filters.filters.find((f) => f.name === 'unlimitedKm') as Extract<FilterDef, { type: 'toggle' }>;
    expect(unlimited.count).toBe(want.facets.distances['0'] ?? 0);
    expect(optionsOf(r, 'durations').find((o) => o.value === 36)!.count).toBe((await search({ durations: [36], monthly_rates: [150, 350] })).total);
  });

  it('returns range bounds with units and option labels, icons', async () => {
    const r = await search({});
    const rate = r.filters.filters.find((f) => f.name === 'monthly_rates') as Extract<FilterDef, { type: 'range' }>;
    expect(rate).toMatchObject({ type: 'range', unit: '€' });
    expect(rate.min).toBeLessThan(rate.max);
    expect(optionsOf(r, 'fuels').find((f) => f.value === 'elettrica')).toMatchObject({ label: 'Elettrica', icon: 'flash-outline' });
    expect(optionsOf(r, 'distances').map((d) => d.label)).toContain('15.000 km');
    expect(optionsOf(r, 'distances').some((d) => d.value === 0)).toBe(false);
    expect(optionsOf(r, 'durations').map((d) => d.label)).toEqual(['24 mesi', '36 mesi', '48 mesi', '60 mesi']);
  });

  it('fast delivery switches off the delivery-time filter, unlimited km the distance filter', async () => {
    expect((await search({ fast_delivery: true, delivery_times: ['oltre-90'] })).total).toBe((await search({ fast_delivery: true })).total);
    const unlimited = await search({ unlimitedKm: true, distances: [10000] });
    expect(unlimited.total).toBe((await search({ unlimitedKm: true })).total);
    expect(unlimited.items.data.every((c) => c.distance === 0)).toBe(true);
  });

  it.each(['price-up', 'price-down', 'newest', 'brand'] as const)('sorts by %s', async (sort) => {
    const r = await search({ sort, items: 50 });
    const want = expected({ sort, items: 50 });
    expect(r.items.data.map((c) => byCode(c.code).id)).toEqual(want.hits.map((h) => h.offer.id));
    if (sort === 'price-down') expect(r.items.data[0]!.monthly_rate).toBeGreaterThanOrEqual(r.items.data[49]!.monthly_rate);
    if (sort === 'brand') expect(r.items.data[0]!.brand).toBe('Alfa Romeo');
  });

  it('pages through the results', async () => {
    const first = await search({ page: 1 });
    const second = await search({ page: 2 });
    expect(second.currentPage).toBe(2);
    expect(second.items.data).toHaveLength(18);
    expect(second.items.data.map((c) => c.code)).not.toContain(first.items.data[0]!.code);
    expect(second.items.data.map((c) => c.code)).toEqual(expected({ page: 2 }).hits.map((h) => catalogueCode(h.offer.id)));
    const last = await search({ page: first.lastPage });
    expect(last.items.data).toHaveLength(first.total - (first.lastPage - 1) * 18);
    const beyond = await search({ page: first.lastPage + 1 });
    expect(beyond.items.data).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('shows public offers plus the network’s and the user’s own only', async () => {
    const all = await t.database.db.query.offers.findMany({ columns: { code: true, ownerUserId: true, ownerGroup: true } });
    const codes = async (headers: Record<string, string>) =>
      new Set(
        (
          await search({ items: 100, page: 1, sort: 'newest' }, headers).then(async (r) => {
            const out = [...r.items.data];
            for (let p = 2; p <= r.lastPage; p++) out.push(...(await search({ items: 100, page: p, sort: 'newest' }, headers)).items.data);
            return out;
          })
        ).map((c) => c.code),
      );
    const publicCodes = all.filter((o) => !o.ownerUserId && !o.ownerGroup).map((o) => o.code);
    const baseSees = await codes(base);
    expect(baseSees.size).toBe(publicCodes.length);
    const leaderSees = await codes(leader);
    const nord = all.filter((o) => o.ownerGroup === 'NET-NORD').map((o) => o.code);
    expect(nord.length).toBeGreaterThan(0);
    expect(nord.every((c) => leaderSees.has(c))).toBe(true);
    expect(nord.some((c) => baseSees.has(c))).toBe(false);
    expect(all.filter((o) => o.ownerGroup === 'NET-SUD').some((o) => leaderSees.has(o.code))).toBe(false);
    const own = all.filter((o) => o.ownerUserId === fullId).map((o) => o.code);
    expect(own.length).toBeGreaterThan(0);
    const fullSees = await codes(full);
    expect(own.every((c) => fullSees.has(c))).toBe(true);
    expect(own.some((c) => leaderSees.has(c) || baseSees.has(c))).toBe(false);
  });

  it('marks the user’s own offers and keeps private notes out of every card (only the owner’s detail shows them)', async () => {
    const seller = await search({ items: 100, sort: 'newest' });
    expect(seller.items.data.some((c) => c.isOwned)).toBe(true);
    expect(seller.items.data.some((c) => 'private_notes' in c)).toBe(false);
    const plain = await search({ items: 100, sort: 'newest' }, base);
    expect(plain.items.data.some((c) => 'private_notes' in c)).toBe(false);
    const raw = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: base, payload: { items: 100 } });
    expect(raw.body).not.toContain('private_notes');
    expect(raw.body).not.toContain('Margine trattabile');
  });

  it('offers the Catalogo tag only with the catalog feature', async () => {
    expect((await search({})).filters.tags.map((x) => x.value)).toContain('Catalogo');
    expect((await search({}, base)).filters.tags.map((x) => x.value)).not.toContain('Catalogo');
    const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: base, payload: { tags: ['Catalogo'] } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.http_code).toBe(403);
  });

  it('accepts the credit-check fields and checks them', async () => {
    const ok = await search({ sustainability: [1, 2], contractualCategory: 'tempo-indeterminato', answers: { trial_period_ended: true } });
    expect(ok.total).toBe((await search({})).total);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v1/search/offers',
      headers: full,
      payload: { contractualCategory: 'tempo-indeterminato', answers: { nope: 1 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('answers.nope');
    const noCategory = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload: { answers: { trial_period_ended: true } } });
    expect(noCategory.statusCode).toBe(422);
  });

  it('sends exactly what the zod schema allows (the compiled serializer, lib/compiled-serializer.ts)', async () => {
    const check = {
      contractualCategory: 'pensionato',
      answers: { net_monthly_income: 1500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false },
    };
    const cases: [OfferSearchInput, H][] = [
      [{}, full],
      [{ monthly_rates: [200, 400], sort: 'price-down' }, full],
      [{ brands: ['fiat'], durations: [36] }, base],
      [{ ...check, sustainability: [2, 1] } as OfferSearchInput, leader],
    ];
    const viaZod = serializerCompiler({ schema: OfferSearchResponseSchema, method: 'POST', url: '/api/v1/search/offers' });
    for (const [body, headers] of cases) {
      const sent = await search(body, headers);
      // Every value passes the schema, and nothing is sent that zod's serializer would drop.
      expect(() => OfferSearchResponseSchema.parse(sent)).not.toThrow();
      expect(JSON.parse(viaZod(sent))).toEqual(sent);
    }
  });

  it('answers malformed JSON with 400 and no token with 401', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v1/search/offers',
      headers: { ...full, 'content-type': 'application/json' },
      payload: '{"brands":',
    });
    expect(bad.statusCode).toBe(400);
    const anon = await t.inject({ method: 'POST', url: '/api/v1/search/offers', payload: {} });
    expect(anon.statusCode).toBe(401);
  });
});
