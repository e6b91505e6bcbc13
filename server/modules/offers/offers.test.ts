import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilterableOffer, searchOffers } from '@core/offer-filter';
import { keepsEverything, offerSustainability, sustainabilityBands, sustainabilityFilterOf } from '@core/offer-sustainability';
import type { FilterDef, OfferCard, OfferSearchInput, OfferSearchResponse } from '@core/schemas/offers';
import { createTestApp, type TestApp } from '../../test/helper';
import { offers as offersTable } from '../../db/schema';
import { loadFilterableOffers } from './catalogue';

let t: TestApp;
let full: Record<string, string>; // every feature but network (catalog, fees-visibility)
let base: Record<string, string>; // no features, no group
let leader: Record<string, string>; // group NET-NORD
let catalogue: FilterableOffer[]; // what `full` may see
let fullId: number;

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.login('completo@demo.it')).headers;
  base = (await t.login('agente@demo.it')).headers;
  leader = (await t.login('capogruppo@demo.it')).headers;
  fullId = t.ids.get('full')!;
  catalogue = await loadFilterableOffers(t.database.db, { userId: fullId, groupCode: null });
});
afterAll(() => t.close());

const search = async (body: OfferSearchInput, headers = full) => {
  const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as OfferSearchResponse;
};
const expected = (body: OfferSearchInput) => searchOffers(catalogue, { sort: 'price-up', page: 1, items: 18, ...body } as Parameters<typeof searchOffers>[1]);
const byCode = (code: string) => catalogue.find((o) => o.id === Number(code.slice(2)))!;
const optionsOf = (r: OfferSearchResponse, name: string) => (r.filters.filters.find((f) => f.name === name) as Extract<FilterDef, { type: 'options' }>).options;

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

  it('marks the user’s own offers and keeps private notes out of every card (issue 19: only the owner’s detail shows them)', async () => {
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

  describe('with a completed credit check', () => {
    // 35% of 2,000 minus 100 of other loans: a maximum rate of 600, chance 2, no deposit required.
    const passed = {
      contractualCategory: 'tempo-indeterminato',
      answers: { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false },
    } as const;
    const refused = {
      contractualCategory: 'tempo-indeterminato',
      answers: { trial_period_ended: true, net_monthly_income: 1800, other_loans: 0, guarantor: true, bad_payer: true },
    } as const;
    const business = {
      contractualCategory: 'societa-persone',
      answers: { activity_age: 'max2_1_balance', yearly_turnover: 60000, guarantor: false, bad_payer: false },
    } as const;
    const withCheck = (body: OfferSearchInput) => {
      const filter = sustainabilityFilterOf(body as Parameters<typeof sustainabilityFilterOf>[0])!;
      const bands = sustainabilityBands(filter);
      return {
        filter,
        result: searchOffers(
          catalogue,
          { sort: 'price-up', page: 1, items: 18, ...body } as Parameters<typeof searchOffers>[1],
          keepsEverything(bands) ? null : bands,
        ),
      };
    };

    it('fills every card’s traffic light, and keeps every offer when no level is chosen', async () => {
      const r = await search({ ...passed, customerType: ['privati'] });
      expect(r.total).toBe(expected({ customerType: ['privati'] }).total);
      expect(r.items.data.length).toBeGreaterThan(0);
      const { filter } = withCheck(passed);
      for (const c of r.items.data) {
        expect(c.sustainabilityIndex).toBe(offerSustainability(filter.limits, { rate: c.monthly_rate, deposit: c.deposit }).index);
        expect(c.sustainabilityMessage).toBeTruthy();
      }
      // Without a check the cards carry no index.
      expect((await search({})).items.data.every((c) => c.sustainabilityIndex === null)).toBe(true);
    });

    it('keeps only the offers whose child offer has a chosen traffic-light level', async () => {
      const all = await search({ ...passed, sort: 'price-down' });
      const counts: number[] = [];
      for (const sustainability of [[2], [1], [0], [2, 1]] as const) {
        const body: OfferSearchInput = { ...passed, sustainability: [...sustainability], sort: 'price-down' };
        const r = await search(body);
        const want = withCheck(body).result;
        expect(r.total).toBe(want.total);
        expect(r.items.data.map((c) => [byCode(c.code).id, c.monthly_rate])).toEqual(want.hits.map((h) => [h.offer.id, h.variation.rate]));
        for (const c of r.items.data) expect(sustainability as readonly number[]).toContain(c.sustainabilityIndex);
        counts.push(r.total);
      }
      // The demo catalogue has offers on each side of the 600 limit and of its 660 tolerance.
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[2]).toBeGreaterThan(0);
      expect(counts[0]).toBeLessThan(all.total);
      expect(counts[3]).toBeGreaterThanOrEqual(counts[0]!);
      // Green only: the cheapest cards are within the maximum rate, the most expensive too.
      const green = await search({ ...passed, sustainability: [2], sort: 'price-down' });
      expect(green.items.data[0]!.monthly_rate).toBeLessThanOrEqual(600);
    });

    it('with the check’s own filters applied, every card is within the limit', async () => {
      const r = await search({ ...passed, customerType: ['privati'], monthly_rates: [0, 600], sustainability: [2] });
      expect(r.total).toBe(expected({ customerType: ['privati'], monthly_rates: [0, 600] }).total);
      expect(r.items.data.every((c) => c.sustainabilityIndex === 2 && c.monthly_rate <= 600)).toBe(true);
      // Amber alone: nothing between the limit and its tolerance is left inside 0..600.
      expect((await search({ ...passed, customerType: ['privati'], monthly_rates: [0, 600], sustainability: [1] })).total).toBe(0);
    });

    it('a refusal locks the traffic light to 0: every offer, all of them 0', async () => {
      const r = await search({ ...refused, sustainability: [2] });
      expect(r.total).toBe(expected({}).total);
      expect(r.items.data.every((c) => c.sustainabilityIndex === 0 && c.sustainabilityMessage === 'BAD_PAYER')).toBe(true);
    });

    it('a chance of 1 never shows an offer as 2', async () => {
      const r = await search({ ...business, customerType: ['piva'], monthly_rates: [0, 500], deposits: [1, 6000], sustainability: [1] });
      expect(r.total).toBe(expected({ customerType: ['piva'], monthly_rates: [0, 500], deposits: [1, 6000] }).total);
      expect(r.total).toBeGreaterThan(0);
      expect(r.items.data.every((c) => c.sustainabilityIndex === 1)).toBe(true);
      expect((await search({ ...business, sustainability: [2] })).total).toBe(0);
    });

    it('an incomplete check restricts nothing; the download honours the check too', async () => {
      const partial = await search({ contractualCategory: 'tempo-indeterminato', answers: { trial_period_ended: true }, sustainability: [2] });
      expect(partial.total).toBe(expected({}).total);
      expect(partial.items.data.every((c) => c.sustainabilityIndex === null)).toBe(true);
      const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers/export', headers: full, payload: { ...passed, sustainability: [0] } });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['a level that is not a number', { ...passed, sustainability: ['2'] }],
      ['more than three levels', { ...passed, sustainability: [0, 1, 2, 2] }],
      ['an amount given as text', { ...passed, answers: { ...passed.answers, net_monthly_income: 'tanti' } }],
      ['a negative amount', { ...passed, answers: { ...passed.answers, other_loans: -5 } }],
      ['a yes/no answered with a number', { ...passed, answers: { ...passed.answers, bad_payer: 1 } }],
      ['a choice outside the list', { ...business, answers: { ...business.answers, activity_age: 'forever' } }],
      ['a question of another category', { ...passed, answers: { ...passed.answers, yearly_turnover: 10 } }],
    ])('answers %s with a 422 envelope', async (_what, payload) => {
      const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: { http_code: 422 } });
    });
  });

  it.each([
    ['an unknown filter', { colour: ['red'] }],
    ['a reversed range', { monthly_rates: [500, 200] }],
    ['a range that is not a pair', { deposits: [1] }],
    ['page 0', { page: 0 }],
    ['too many items', { items: 1000 }],
    ['an unknown sort', { sort: 'cheapest' }],
    ['a wrong type', { brands: 'fiat' }],
    ['a code with odd characters', { brands: ['<script>'] }],
    ['an unknown customer type', { customerType: ['azienda'] }],
    ['a bad sustainability level', { sustainability: [5] }],
    ['a bad contractual category', { contractualCategory: 'astronauta' }],
  ])('answers %s with a 422 envelope', async (_what, payload) => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { http_code: 422 } });
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

describe('GET /search/catalog/filters', () => {
  it('lists the filter definitions, tags and orders', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/search/catalog/filters', headers: full });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.orders).toHaveLength(4);
    const brands = data.filters.find((f: FilterDef) => f.name === 'brands');
    expect(brands.options.find((o: { value: string }) => o.value === 'fiat')).toMatchObject({ label: 'Fiat', icon: null });
    expect(brands.options.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(expected({}).total);
  });
});

describe('POST /search/offers/export', () => {
  it('downloads the current result list as Offerte.xlsx', async () => {
    const body = { fuels: ['elettrica'] };
    const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers/export', headers: full, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Offerte.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Offerte')!;
    expect(sheet.rowCount - 1).toBe(expected(body).total);
    expect(sheet.getRow(1).getCell(1).value).toBe('Codice');
    expect(sheet.getRow(2).getCell(5).value).toBe('Elettrica');
  });
});

// Answers are kept ready per index version for everyone who would get the same bytes (service.searchAnswer).
describe('POST /search/offers, repeated', () => {
  const body = { items: 100, sort: 'newest' } as const;

  it('answers the same bytes to a repeat, compressed as the client asks', async () => {
    const first = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload: body });
    const again = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload: body });
    expect(again.body).toBe(first.body);
    const br = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: { ...full, 'accept-encoding': 'gzip, br' }, payload: body });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: { ...full, 'accept-encoding': 'gzip;q=1, br;q=0' }, payload: body });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
  });

  it('does not give a network colleague the answer of an agent who owns offers', async () => {
    const [sara, paolo] = [(await t.login('sara.conti@demo.it')).headers, (await t.login('paolo.marini@demo.it')).headers];
    const paoloBefore = await search(body, paolo);
    const codes = paoloBefore.items.data.map((c) => c.code);
    const offer = (await t.database.db.query.offers.findFirst({
      where: and(inArray(offersTable.code, codes), isNull(offersTable.ownerUserId), isNull(offersTable.ownerGroup)),
    }))!;
    await t.database.db
      .update(offersTable)
      .set({ ownerUserId: t.ids.get('sub1')! })
      .where(eq(offersTable.id, offer.id));
    try {
      const saras = await search(body, sara);
      expect(saras.items.data.find((c) => c.code === offer.code)?.isOwned).toBe(true);
      const paolos = await search(body, paolo);
      expect(paolos.items.data.some((c) => c.code === offer.code || c.isOwned)).toBe(false);
      expect(paolos.total).toBe(paoloBefore.total - 1);
      // Colleagues with the same features and no offers of their own share one answer: still right.
      const elenas = await search(body, (await t.login('elena.galli@demo.it')).headers);
      expect(elenas).toEqual(paolos);
    } finally {
      await t.database.db.update(offersTable).set({ ownerUserId: null }).where(eq(offersTable.id, offer.id));
    }
    expect((await search(body, paolo)).total).toBe(paoloBefore.total);
  });
});

describe('GET /car/images/render/:file', () => {
  it('serves the generated SVG with a locked-down CSP', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/car/images/render/suv-1e88e5.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain('#1e88e5');
    expect(res.body).not.toMatch(/<script|on\w+=/i);
  });

  it.each(['suv-1e88e5.png', 'rocket-1e88e5.svg', 'suv-zzzzzz.svg', 'suv-1e88e5"onload=x.svg'])('refuses %s with 404', async (file) => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/car/images/render/${encodeURIComponent(file)}` });
    expect(res.statusCode).toBe(404);
  });
});

function catalogueCode(id: number) {
  return `OF${String(id).padStart(6, '0')}`;
}
