// The server's search (core's index built from the database) and core/offer-filter.ts agree on random catalogues and filters (docs/architecture.md:
// "a property test holds the two equal"), on PGlite and, in the postgres project, on PostgreSQL.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchOffers } from '@core/offer-filter';
import { OFFER_SORTS } from '@core/offer-options';
import { sustainabilityBands, type SustainabilityBand } from '@core/offer-sustainability';
import type { Chance } from '@core/prescoring';
import type { OfferFilters } from '@core/schemas/offers';
import { offers, offerVariations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { loadFilterableOffers } from './catalogue';
import { catalogueIndex, searchCatalogue } from './catalogue-index';
import { refreshOfferSummaries } from './summary';

let t: TestApp;
let carId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [car] = await t.database.db.execute(sql`select id from cars order by id limit 1`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  carId = car!.id;
});
afterAll(() => t.close());

// Small domains so that random filters hit, miss and tie often.
const D = {
  brands: ['fiat', 'jeep', 'audi'],
  brokers: ['aurora-rent', 'laguna-fleet'],
  products: ['aurora-rent-privati', 'laguna-fleet-business'],
  categories: ['suv', 'city-car'],
  fuels: ['benzina', 'elettrica', 'ibrida'],
  gear: ['manuale', 'automatico'],
  delivery_times: ['entro-30', 'entro-90'],
  stocks: ['pronta-consegna', 'in-arrivo'],
  areas: ['nord', 'sud'],
  customerType: ['piva', 'privati'] as const,
  status: ['nuovo', 'usato'],
  models: ['A', 'B', 'b'],
  tags: [null, 'Catalogo', 'Promo'],
  durations: [24, 36, 60],
  distances: [0, 10000, 20000],
  deposits: [0, 1500, 3000],
  rates: [99, 150.5, 199.9, 250, 320],
};

const variation = fc.record({
  duration: fc.constantFrom(...D.durations),
  distance: fc.constantFrom(...D.distances),
  deposit: fc.constantFrom(...D.deposits),
  monthlyRate: fc.constantFrom(...D.rates),
  special: fc.option(fc.constantFrom(120, 260), { nil: null }),
});
const offer = fc.record({
  brand: fc.constantFrom(...D.brands),
  model: fc.constantFrom(...D.models),
  broker: fc.constantFrom(0, 1),
  category: fc.constantFrom(...D.categories),
  fuel: fc.constantFrom(...D.fuels),
  gear: fc.constantFrom(...D.gear),
  deliveryTime: fc.constantFrom(...D.delivery_times),
  stock: fc.constantFrom(...D.stocks),
  area: fc.constantFrom(...D.areas),
  customerType: fc.constantFrom(...D.customerType),
  status: fc.constantFrom(...D.status),
  noviceDriver: fc.boolean(),
  fastDelivery: fc.boolean(),
  tag: fc.constantFrom(...D.tags),
  day: fc.integer({ min: 0, max: 3 }),
  owner: fc.constantFrom('public', 'public', 'public', 'mine', 'group', 'other'),
  variations: fc.array(variation, { maxLength: 6 }),
});
const list = <T>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 1 }), { nil: undefined });
const range = (values: readonly number[]) =>
  fc.option(
    fc.tuple(fc.constantFrom(...values), fc.constantFrom(...values)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    { nil: undefined },
  );
const filters: fc.Arbitrary<Partial<OfferFilters>> = fc.record(
  {
    brands: list(D.brands),
    brokers: list(D.brokers),
    categories: list(D.categories),
    fuels: list(D.fuels),
    gear: list(D.gear),
    delivery_times: list(D.delivery_times),
    products: list(D.products),
    stocks: list(D.stocks),
    areas: list(D.areas),
    customerType: list(D.customerType),
    status: list(D.status),
    durations: list(D.durations),
    distances: list(D.distances),
    monthly_rates: range([100, 150, 200, 260, 400]),
    deposits: range([0, 1000, 1500, 3000]),
    noviceDriver: fc.option(fc.boolean(), { nil: undefined }),
    fast_delivery: fc.option(fc.boolean(), { nil: undefined }),
    unlimitedKm: fc.option(fc.boolean(), { nil: undefined }),
    tags: list(['Catalogo', 'Promo']),
  },
  { requiredKeys: [] },
);

// The credit check's traffic-light regions, with limits on and around the catalogue's rates.
const limit = fc.constantFrom(150, 181.82, 199.9, 227.27, 250);
const bands: fc.Arbitrary<SustainabilityBand[] | null> = fc.option(
  fc
    .record({
      chance: fc.constantFrom<Chance>(0, 1, 2),
      monthlyRateMax: fc.option(limit, { nil: null }),
      thresholdMonthlyRateMax: fc.option(limit, { nil: null }),
      depositRequired: fc.constantFrom(null, 0, 3000),
      levels: fc.subarray([2, 1, 0] as Chance[], { minLength: 1 }),
    })
    .map(({ levels, ...limits }) => sustainabilityBands({ limits: { ...limits, description: null }, levels })),
  { nil: null },
);

it('server search equals core search on random catalogues and filters', async () => {
  const db = t.database.db;
  const me = { userId: t.ids.get('sub1')!, groupCode: 'NET-NORD' };
  const other = t.ids.get('full')!;
  let n = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(offer, { maxLength: 14 }),
      fc.array(fc.tuple(filters, fc.constantFrom(...OFFER_SORTS), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5 }), bands), {
        minLength: 1,
        maxLength: 4,
      }),
      async (catalogue, searches) => {
        await db.execute(sql`delete from offers`);
        n += 1;
        if (catalogue.length > 0) {
          const rows = await db
            .insert(offers)
            .values(
              catalogue.map((o, i) => ({
                code: `P${n}-${i}`,
                referenceCode: 'X',
                carId,
                broker: D.brokers[o.broker]!,
                product: D.products[o.broker]!,
                area: o.area,
                deliveryTime: o.deliveryTime,
                brand: o.brand,
                model: o.model,
                category: o.category,
                fuel: o.fuel,
                gear: o.gear,
                vehicleType: 'auto' as const,
                tag: o.tag,
                customerType: o.customerType,
                status: o.status,
                stock: o.stock,
                noviceDriver: o.noviceDriver,
                fastDelivery: o.fastDelivery,
                ownerUserId: o.owner === 'mine' ? me.userId : o.owner === 'other' ? other : null,
                ownerGroup: o.owner === 'group' ? 'NET-NORD' : null,
                image: '/x.svg',
                createdAt: new Date(Date.UTC(2026, 0, 1 + o.day)),
              })),
            )
            .returning({ id: offers.id });
          const children = catalogue.flatMap((o, i) =>
            o.variations.map((v, j) => ({
              offerId: rows[i]!.id,
              ref: `P${n}-${i}-${j}`,
              duration: v.duration,
              distance: v.distance,
              deposit: v.deposit,
              monthlyRate: v.monthlyRate,
              specialRate: v.special ? 1 : null,
              specialPrice: v.special,
            })),
          );
          if (children.length) await db.insert(offerVariations).values(children);
          await refreshOfferSummaries(db);
        }
        const visible = await loadFilterableOffers(db, me);
        for (const [f, sort, page, items, sustainability] of searches) {
          const got = searchCatalogue(await catalogueIndex(db), { filters: f, sort, page, items, viewer: me, sustainability });
          const want = searchOffers(visible, { ...f, sort, page, items }, sustainability);
          expect(got.hits).toEqual(want.hits.map((h) => ({ id: h.offer.id, variationId: h.variation.id })));
          expect(got.total).toBe(want.total);
          expect(got.lastPage).toBe(want.lastPage);
          expect(got.facets).toEqual(want.facets);
          expect(got.bounds).toEqual(want.bounds);
        }
      },
    ),
    { numRuns: 60, seed: Number(process.env.FC_SEED ?? 20261121) },
  );
}, 120_000);
