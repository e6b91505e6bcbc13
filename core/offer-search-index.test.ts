// The index answers exactly what searchOffers answers (the definition) over the offers the viewer
// may see (core/offer-visibility.ts), on random catalogues, audiences, viewers, filters, sorts, pages
// and credit-check regions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FilterableOffer, searchOffers } from './offer-filter';
import { OFFER_SORTS } from './offer-options';
import { OfferSearchIndex } from './offer-search-index';
import type { SustainabilityBand } from './offer-sustainability';
import { canSeeOffer, type OfferAudience, type OfferViewer } from './offer-visibility';
import type { OfferFilters } from './schemas/offers';

// Small domains so that random filters hit, miss and tie often (ids and rates included).
const D = {
  brands: ['fiat', 'jeep', 'Audi', 'audi'],
  models: ['A', 'B', 'b'],
  brokers: ['aurora-rent', 'laguna-fleet'],
  categories: ['suv', 'city-car'],
  fuels: ['benzina', 'elettrica', 'ibrida'],
  gear: ['manuale', 'automatico'],
  delivery_times: ['entro-30', 'entro-90'],
  products: ['p1', 'p2'],
  stocks: ['pronta-consegna', 'in-arrivo'],
  areas: ['nord', 'sud'],
  customerType: ['piva', 'privati'] as const,
  status: ['nuovo', 'usato'],
  tags: [null, 'Catalogo', 'Promo'],
  durations: [24, 36, 60],
  distances: [0, 10000, 20000],
  deposits: [0, 1500, 3000],
  rates: [99, 150.5, 150.504, 199.9, 250, 320],
};

const variation = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  duration: fc.constantFrom(...D.durations),
  distance: fc.constantFrom(...D.distances),
  deposit: fc.constantFrom(...D.deposits),
  rate: fc.constantFrom(...D.rates),
});
const offer: fc.Arbitrary<Omit<FilterableOffer, 'id'>> = fc.record({
  brand: fc.constantFrom(...D.brands),
  model: fc.constantFrom(...D.models),
  broker: fc.constantFrom(...D.brokers),
  category: fc.constantFrom(...D.categories),
  fuel: fc.constantFrom(...D.fuels),
  gear: fc.constantFrom(...D.gear),
  delivery_time: fc.constantFrom(...D.delivery_times),
  product: fc.constantFrom(...D.products),
  stock: fc.constantFrom(...D.stocks),
  area: fc.constantFrom(...D.areas),
  customerType: fc.constantFrom(...D.customerType),
  status: fc.constantFrom(...D.status),
  noviceDriver: fc.boolean(),
  fastDelivery: fc.boolean(),
  tag: fc.constantFrom(...D.tags),
  createdAt: fc.integer({ min: 0, max: 3 }),
  variations: fc.array(variation, { maxLength: 6 }),
});
// Unique offer ids in a random order (the index must not depend on the catalogue's order).
const catalogue = fc.array(offer, { maxLength: 40 }).chain((list) =>
  fc
    .shuffledSubarray(
      list.map((_, i) => i + 1),
      { minLength: list.length, maxLength: list.length },
    )
    .map((ids) => list.map((o, i) => ({ ...o, id: ids[i]! }))),
);

const list = <T>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 0 }), { nil: undefined });
const range = (values: readonly number[]) =>
  fc.option(
    fc.tuple(fc.constantFrom(...values), fc.constantFrom(...values)).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as [number, number]),
    { nil: undefined },
  );
const filters: fc.Arbitrary<Partial<OfferFilters>> = fc.record(
  {
    brands: list([...D.brands, 'tesla']),
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
    durations: list([...D.durations, 48]),
    distances: list(D.distances),
    monthly_rates: range([100, 150.5, 150.51, 200, 260, 400]),
    deposits: range([0, 1000, 1500, 3000]),
    noviceDriver: fc.option(fc.boolean(), { nil: undefined }),
    fast_delivery: fc.option(fc.boolean(), { nil: undefined }),
    unlimitedKm: fc.option(fc.boolean(), { nil: undefined }),
    tags: list(['Catalogo', 'Promo']),
  },
  { requiredKeys: [] },
);
const cents = fc.option(fc.constantFrom(9900, 15050, 19990, 25000), { nil: null });
const bands: fc.Arbitrary<SustainabilityBand[] | null> = fc.option(
  fc.array(fc.record({ depositPositive: fc.boolean(), rateAboveCents: cents, rateUpToCents: cents }), { minLength: 1, maxLength: 3 }),
  {
    nil: null,
  },
);
const paging = fc.record({ sort: fc.constantFrom(...OFFER_SORTS), page: fc.integer({ min: 1, max: 4 }), items: fc.integer({ min: 1, max: 12 }) });

// Who may see each offer (by offer id) and who searches: users 1-3, networks N1 and N2.
const audience: fc.Arbitrary<OfferAudience> = fc.record({
  published: fc.constantFrom(true, true, true, false),
  deleted: fc.constantFrom(false, false, false, true),
  ownerUserId: fc.constantFrom(null, null, 1, 2),
  ownerGroup: fc.constantFrom(null, null, null, 'N1', 'N2'),
});
const viewer: fc.Arbitrary<OfferViewer | null> = fc.option(fc.record({ userId: fc.constantFrom(1, 2, 3), groupCode: fc.constantFrom(null, '', 'N1', 'N2') }), {
  nil: null,
});

describe('OfferSearchIndex', () => {
  it('answers as searchOffers when every offer is public (the device copy)', () => {
    fc.assert(
      fc.property(catalogue, fc.array(fc.tuple(filters, paging, bands), { minLength: 1, maxLength: 4 }), (offers, searches) => {
        const index = new OfferSearchIndex(offers);
        for (const [f, p, b] of searches) expect(index.search({ ...f, ...p }, { sustainability: b })).toEqual(searchOffers(offers, { ...f, ...p }, b));
      }),
      { numRuns: 400, seed: 20261121 },
    );
  });

  it('answers as searchOffers over the offers the viewer may see (the server)', () => {
    fc.assert(
      fc.property(
        catalogue,
        fc.array(audience, { minLength: 40, maxLength: 40 }),
        fc.array(fc.tuple(viewer, filters, paging, bands), { minLength: 1, maxLength: 4 }),
        (offers, audiences, searches) => {
          const of = (o: { id: number }) => audiences[o.id - 1]!;
          const index = new OfferSearchIndex(offers, of);
          for (const [v, f, p, b] of searches) {
            const visible = offers.filter((o) => (v ? canSeeOffer(of(o), v) : canSeeOffer(of(o), { userId: -1, groupCode: null })));
            expect(index.search({ ...f, ...p }, { viewer: v, sustainability: b })).toEqual(searchOffers(visible, { ...f, ...p }, b));
          }
        },
      ),
      { numRuns: 300, seed: 20261124 },
    );
  });

  it('orders far pages of a large catalogue as searchOffers', () => {
    const offers = Array.from({ length: 1300 }, (_, i) => ({
      id: 1300 - i,
      brand: D.brands[i % 4]!,
      model: D.models[i % 3]!,
      broker: 'b',
      category: 'suv',
      fuel: 'benzina',
      gear: 'manuale',
      delivery_time: 'entro-30',
      product: 'p1',
      stock: 's',
      area: 'nord',
      customerType: 'piva' as const,
      status: 'nuovo',
      noviceDriver: false,
      fastDelivery: false,
      tag: null,
      createdAt: i % 7,
      variations: [{ id: i, duration: 36, distance: 10000, deposit: 0, rate: 100 + (i % 13) }],
    }));
    const index = new OfferSearchIndex(offers);
    for (const sort of OFFER_SORTS)
      for (const page of [1, 30, 72, 73, 80]) {
        expect(index.search({ sort, page, items: 18 })).toEqual(searchOffers(offers, { sort, page, items: 18 }));
        expect(index.search({ sort, page, items: 18, durations: [36] })).toEqual(searchOffers(offers, { sort, page, items: 18, durations: [36] }));
      }
  });
});
