import { describe, expect, it } from 'vitest';
import { effectiveFilters, type FilterableOffer, hasVariationFilters, searchOffers } from './offer-filter';

let nextId = 1;
const offer = (over: Partial<FilterableOffer> = {}): FilterableOffer => ({
  id: nextId++,
  brand: 'fiat',
  model: 'Panda',
  broker: 'aurora-rent',
  category: 'city-car',
  fuel: 'ibrida',
  gear: 'manuale',
  delivery_time: 'entro-30',
  product: 'aurora-rent-privati',
  stock: 'pronta-consegna',
  area: 'nord',
  customerType: 'privati',
  status: 'nuovo',
  noviceDriver: false,
  fastDelivery: false,
  tag: null,
  createdAt: 0,
  variations: [{ id: nextId++, duration: 36, distance: 15000, deposit: 0, rate: 300 }],
  ...over,
});
const v = (id: number, duration: number, distance: number, deposit: number, rate: number) => ({ id, duration, distance, deposit, rate });
const paging = { sort: 'price-up' as const, page: 1, items: 18 };

describe('searchOffers', () => {
  const panda = offer({ id: 1, variations: [v(11, 36, 15000, 0, 250), v(12, 48, 0, 0, 220), v(13, 24, 10000, 3000, 199.9)] });
  const golf = offer({
    id: 2,
    brand: 'volkswagen',
    model: 'Golf',
    fuel: 'diesel',
    noviceDriver: true,
    tag: 'Catalogo',
    createdAt: 5,
    variations: [v(21, 36, 20000, 0, 400)],
  });
  const ypsilon = offer({
    id: 3,
    brand: 'lancia',
    model: 'Ypsilon',
    fastDelivery: true,
    delivery_time: 'entro-90',
    variations: [v(31, 36, 15000, 1500, 280), v(32, 60, 15000, 1500, 260)],
  });
  const empty = offer({ id: 4, brand: 'tesla', variations: [] });
  const all = [panda, golf, ypsilon, empty];

  it('matches offers with a passing child and shows the cheapest passing child', () => {
    const r = searchOffers(all, paging);
    expect(r.total).toBe(3);
    expect(r.hits.map((h) => [h.offer.id, h.variation.id])).toEqual([
      [1, 13],
      [3, 32],
      [2, 21],
    ]);
    expect(searchOffers(all, { ...paging, durations: [36] }).hits.map((h) => h.variation.id)).toEqual([11, 31, 21]);
  });

  it('ORs values within a filter and ANDs filters', () => {
    expect(searchOffers(all, { ...paging, brands: ['fiat', 'volkswagen'] }).total).toBe(2);
    expect(searchOffers(all, { ...paging, brands: ['fiat', 'volkswagen'], fuels: ['diesel'] }).hits.map((h) => h.offer.id)).toEqual([2]);
  });

  it('keeps a facet’s siblings counted and lists empty options with 0', () => {
    const r = searchOffers(all, { ...paging, brands: ['fiat'], fuels: ['ibrida'] });
    expect(r.facets.brands).toEqual({ fiat: 1, volkswagen: 0, lancia: 1, tesla: 0 });
    expect(r.facets.fuels).toEqual({ ibrida: 1, diesel: 0 });
    expect(r.facets.durations).toEqual({ 36: 1, 48: 1, 24: 1, 60: 0 });
  });

  it('applies ranges inclusively and to every facet', () => {
    const r = searchOffers(all, { ...paging, monthly_rates: [250, 400] });
    expect(r.hits.map((h) => h.variation.id)).toEqual([11, 32, 21]);
    expect(r.facets.distances).toEqual({ 15000: 2, 0: 0, 10000: 0, 20000: 1 });
    expect(searchOffers(all, { ...paging, deposits: [1, 5000] }).hits.map((h) => h.variation.id)).toEqual([13, 32]);
  });

  it('lets fast delivery override delivery times and unlimited km override distances', () => {
    expect(searchOffers(all, { ...paging, fast_delivery: true, delivery_times: ['entro-30'] }).hits.map((h) => h.offer.id)).toEqual([3]);
    const unlimited = searchOffers(all, { ...paging, unlimitedKm: true, distances: [20000] });
    expect(unlimited.hits.map((h) => h.variation.id)).toEqual([12]);
    expect(effectiveFilters({ unlimitedKm: true, distances: [1], fast_delivery: true, delivery_times: ['x'], brands: [] })).toEqual({
      unlimitedKm: true,
      fast_delivery: true,
    });
  });

  it('filters on toggles and tags', () => {
    expect(searchOffers(all, { ...paging, noviceDriver: true }).hits.map((h) => h.offer.id)).toEqual([2]);
    expect(searchOffers(all, { ...paging, tags: ['Catalogo'] }).hits.map((h) => h.offer.id)).toEqual([2]);
    expect(searchOffers(all, { ...paging, noviceDriver: false }).total).toBe(3);
  });

  it('sorts by each order, ties by id', () => {
    expect(searchOffers(all, { ...paging, sort: 'price-down' }).hits.map((h) => h.offer.id)).toEqual([2, 3, 1]);
    expect(searchOffers(all, { ...paging, sort: 'newest' }).hits.map((h) => h.offer.id)).toEqual([2, 1, 3]);
    expect(searchOffers(all, { ...paging, sort: 'brand' }).hits.map((h) => h.offer.id)).toEqual([1, 3, 2]);
  });

  it('paginates and reports bounds', () => {
    const r = searchOffers(all, { ...paging, items: 2, page: 2 });
    expect(r).toMatchObject({ total: 3, lastPage: 2, currentPage: 2, itemsPerPage: 2 });
    expect(r.hits).toHaveLength(1);
    expect(searchOffers([], paging)).toMatchObject({ total: 0, lastPage: 1, bounds: { monthly_rates: null, deposits: null } });
    expect(searchOffers(all, paging).bounds).toEqual({ monthly_rates: [199, 400], deposits: [0, 3000] });
  });

  it('knows which filters read child offers', () => {
    expect(hasVariationFilters({ brands: ['fiat'] })).toBe(false);
    expect(hasVariationFilters({ durations: [36] })).toBe(true);
    expect(hasVariationFilters({ unlimitedKm: false, distances: [] })).toBe(false);
  });
});
