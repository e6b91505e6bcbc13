// Filter, facet, sort and paginate semantics of the offers search (spec §4 "Offers
// search", §5 "Filters"): the reference. The one engine that runs them, on the server and on the
// device, is core/offer-search-index.ts; property tests hold it equal to searchOffers here.
//
// The rules:
// - An offer matches when every offer-level filter holds and at least one of its child offers
//   (variations) passes every variation filter; its card shows the cheapest such variation
//   (effective rate, then lowest id).
// - Within one filter the values are alternatives (OR); different filters all apply (AND).
// - Fast delivery switches the delivery_times filter off; unlimited km switches distances off.
// - A facet counts offers matching every other active filter: its own selection never zeroes its
//   siblings. Range filters have bounds, not counts.
// - Options stay listed with count 0 while they exist in the visible catalogue.
import { type Cents, toCents } from './money';
import type { OfferSort } from './offer-options';
import { inSustainabilityBands, type SustainabilityBand } from './offer-sustainability';
import { effectiveFilters } from './effective-filters';
import type { OfferFilters, OfferSearch } from './schemas/offers';

export { effectiveFilters };

export interface FilterableVariation {
  id: number;
  deposit: number;
  duration: number;
  /** km per year; 0 is unlimited. */
  distance: number;
  /** Effective monthly rate in euros (core/pricing.ts effectiveRate). */
  rate: number;
}

export interface FilterableOffer {
  id: number;
  brand: string;
  model: string;
  broker: string;
  category: string;
  fuel: string;
  gear: string;
  delivery_time: string;
  product: string;
  stock: string;
  area: string;
  customerType: 'piva' | 'privati';
  status: string;
  noviceDriver: boolean;
  fastDelivery: boolean;
  tag: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  variations: readonly FilterableVariation[];
}

/** Offer-level facets, in the order the filter column shows them; `tags` is the tag filter. */
export const OFFER_FACETS = [
  'brands',
  'brokers',
  'categories',
  'fuels',
  'gear',
  'delivery_times',
  'products',
  'stocks',
  'areas',
  'customerType',
  'status',
  'noviceDriver',
  'fast_delivery',
  'tags',
] as const;
export type OfferFacet = (typeof OFFER_FACETS)[number];
export const VARIATION_FACETS = ['durations', 'distances'] as const;
export type VariationFacet = (typeof VARIATION_FACETS)[number];
export type FacetName = OfferFacet | VariationFacet;

/** The offer's value for a facet, as text (booleans 'true'/'false'); null has no facet entry. */
export function facetValue(offer: FilterableOffer, facet: OfferFacet): string | null {
  switch (facet) {
    case 'brands':
      return offer.brand;
    case 'brokers':
      return offer.broker;
    case 'categories':
      return offer.category;
    case 'fuels':
      return offer.fuel;
    case 'gear':
      return offer.gear;
    case 'delivery_times':
      return offer.delivery_time;
    case 'products':
      return offer.product;
    case 'stocks':
      return offer.stock;
    case 'areas':
      return offer.area;
    case 'customerType':
      return offer.customerType;
    case 'status':
      return offer.status;
    case 'noviceDriver':
      return String(offer.noviceDriver);
    case 'fast_delivery':
      return String(offer.fastDelivery);
    case 'tags':
      return offer.tag;
  }
}

/** Facet name -> value (as text) -> count. */
export type FacetCounts = Record<FacetName, Record<string, number>>;

/** Whether any filter reads the child offers (the server then aggregates variations). */
export function hasVariationFilters(f: Partial<OfferFilters>): boolean {
  const e = effectiveFilters(f);
  return !!(e.durations || e.distances || e.unlimitedKm || e.monthly_rates || e.deposits);
}

/** The selected values of an offer-level facet, or undefined when it does not filter. */
export function offerFacetSelection(f: Partial<OfferFilters>, facet: OfferFacet): readonly string[] | undefined {
  switch (facet) {
    case 'noviceDriver':
      return f.noviceDriver ? ['true'] : undefined;
    case 'fast_delivery':
      return f.fast_delivery ? ['true'] : undefined;
    default:
      return f[facet];
  }
}

export interface VariationPredicates {
  /** Deposit and rate ranges: every facet applies them. */
  ranges(v: FilterableVariation): boolean;
  duration(v: FilterableVariation): boolean;
  /** distances, or distance 0 with unlimited km. */
  distance(v: FilterableVariation): boolean;
}

/**
 * `sustainability`: the credit check's traffic-light regions (core/offer-sustainability.ts
 * sustainabilityBands); a child offer outside them fails like one outside a range. Null: no restriction.
 */
export function variationPredicates(f: Partial<OfferFilters>, sustainability: readonly SustainabilityBand[] | null = null): VariationPredicates {
  const rate = f.monthly_rates ? ([toCents(f.monthly_rates[0]), toCents(f.monthly_rates[1])] as const) : null;
  const deposit = f.deposits;
  const durations = f.durations ? new Set(f.durations) : null;
  const distances = f.unlimitedKm ? new Set([0]) : f.distances ? new Set(f.distances) : null;
  return {
    ranges: (v) =>
      (!rate || (toCents(v.rate) >= rate[0] && toCents(v.rate) <= rate[1])) &&
      (!deposit || (v.deposit >= deposit[0] && v.deposit <= deposit[1])) &&
      (!sustainability || inSustainabilityBands(sustainability, v)),
    duration: (v) => !durations || durations.has(v.duration),
    distance: (v) => !distances || distances.has(v.distance),
  };
}

export interface OfferHit<O extends FilterableOffer = FilterableOffer> {
  offer: O;
  variation: FilterableVariation;
}

export interface Bounds {
  monthly_rates: [number, number] | null;
  deposits: [number, number] | null;
}

export interface SearchResult<O extends FilterableOffer = FilterableOffer> {
  hits: OfferHit<O>[];
  total: number;
  lastPage: number;
  currentPage: number;
  itemsPerPage: number;
  facets: FacetCounts;
  bounds: Bounds;
}

const emptyFacets = (): FacetCounts => Object.fromEntries([...OFFER_FACETS, ...VARIATION_FACETS].map((f) => [f, {}])) as unknown as FacetCounts;

/** Cheaper first, then the lower id: the card's variation, the same on server and client. */
const betterVariation = (a: FilterableVariation, b: FilterableVariation | undefined) =>
  !b || toCents(a.rate) < toCents(b.rate) || (toCents(a.rate) === toCents(b.rate) && a.id < b.id);

/** The list's orders: price, then id; newest; brand and model (by code unit), then price. */
export function compareHits(sort: OfferSort): (a: OfferHit, b: OfferHit) => number {
  const price = (h: OfferHit): Cents => toCents(h.variation.rate);
  const byId = (a: OfferHit, b: OfferHit) => a.offer.id - b.offer.id;
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  switch (sort) {
    case 'price-up':
      return (a, b) => price(a) - price(b) || byId(a, b);
    case 'price-down':
      return (a, b) => price(b) - price(a) || byId(a, b);
    case 'newest':
      return (a, b) => b.offer.createdAt - a.offer.createdAt || byId(a, b);
    case 'brand':
      return (a, b) => text(a.offer.brand, b.offer.brand) || text(a.offer.model, b.offer.model) || price(a) - price(b) || byId(a, b);
  }
}

export const lastPageOf = (total: number, items: number) => Math.max(1, Math.ceil(total / items));

type Paging = Pick<OfferSearch, 'sort' | 'page' | 'items'>;

/**
 * The search over offers the user may see (visibility is the caller's job). `sustainability`: the credit
 * check's traffic-light regions, or null (see variationPredicates).
 */
export function searchOffers<O extends FilterableOffer>(
  offers: readonly O[],
  search: Partial<OfferFilters> & Paging,
  sustainability: readonly SustainabilityBand[] | null = null,
): SearchResult<O> {
  const f = effectiveFilters(search);
  const active = OFFER_FACETS.map((facet) => [facet, offerFacetSelection(f, facet)] as const).filter(
    (x): x is readonly [OfferFacet, readonly string[]] => x[1] !== undefined,
  );
  const vp = variationPredicates(f, sustainability);
  const facets = emptyFacets();
  const hits: OfferHit<O>[] = [];
  let rateMin = Infinity;
  let rateMax = -Infinity;
  let depositMin = Infinity;
  let depositMax = -Infinity;

  for (const offer of offers) {
    const values = OFFER_FACETS.map((facet) => facetValue(offer, facet));
    OFFER_FACETS.forEach((facet, i) => {
      const v = values[i];
      if (v != null) facets[facet][v] ??= 0;
    });
    for (const v of offer.variations) {
      facets.durations[String(v.duration)] ??= 0;
      facets.distances[String(v.distance)] ??= 0;
      rateMin = Math.min(rateMin, v.rate);
      rateMax = Math.max(rateMax, v.rate);
      depositMin = Math.min(depositMin, v.deposit);
      depositMax = Math.max(depositMax, v.deposit);
    }

    const failed = active.filter(([facet, selected]) => !selected.includes(values[OFFER_FACETS.indexOf(facet)] ?? '\u0000'));
    if (failed.length > 1) continue;
    const inRange = offer.variations.filter(vp.ranges);
    let best: FilterableVariation | undefined;
    for (const v of inRange) if (vp.duration(v) && vp.distance(v) && betterVariation(v, best)) best = v;

    if (best) {
      const [only] = failed;
      if (!only) {
        hits.push({ offer, variation: best });
        OFFER_FACETS.forEach((facet, i) => {
          const v = values[i];
          if (v != null) facets[facet][v] = (facets[facet][v] ?? 0) + 1;
        });
      } else {
        const v = values[OFFER_FACETS.indexOf(only[0])];
        if (v != null) facets[only[0]][v] = (facets[only[0]][v] ?? 0) + 1;
      }
    }
    if (failed.length === 0) {
      for (const d of new Set(inRange.filter(vp.distance).map((v) => v.duration))) facets.durations[String(d)] = (facets.durations[String(d)] ?? 0) + 1;
      for (const k of new Set(inRange.filter(vp.duration).map((v) => v.distance))) facets.distances[String(k)] = (facets.distances[String(k)] ?? 0) + 1;
    }
  }

  hits.sort(compareHits(search.sort));
  const total = hits.length;
  const start = (search.page - 1) * search.items;
  return {
    hits: hits.slice(start, start + search.items),
    total,
    lastPage: lastPageOf(total, search.items),
    currentPage: search.page,
    itemsPerPage: search.items,
    facets,
    bounds: {
      monthly_rates: rateMin <= rateMax ? [Math.floor(rateMin), Math.ceil(rateMax)] : null,
      deposits: depositMin <= depositMax ? [Math.floor(depositMin), Math.ceil(depositMax)] : null,
    },
  };
}
