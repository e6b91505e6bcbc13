// searchOffers (core/offer-filter.ts) prepared for many searches over one catalogue: the device's
// copy, searched on every filter change while offline. What does not depend on the filters is
// computed once — each offer's facet values as small integer codes, the child offers' rates in
// cents, the facet entries and the bounds of the whole catalogue, the order of brands and models —
// so a search is one pass over the offers without allocations per offer, and only the requested
// page is put in order. The answer is searchOffers' own (offer-search-index.test.ts holds the two
// equal on random catalogues); the rules live in offer-filter.ts.
import { toCents } from './money';
import {
  type Bounds,
  effectiveFilters,
  type FacetCounts,
  type FilterableOffer,
  type FilterableVariation,
  facetValue,
  lastPageOf,
  OFFER_FACETS,
  offerFacetSelection,
  offerOrder,
  type SearchResult,
} from './offer-filter';
import type { OfferSort } from './offer-options';
import { inSustainabilityBands, type SustainabilityBand } from './offer-sustainability';
import type { OfferFilters, OfferSearch } from './schemas/offers';

const F = OFFER_FACETS.length;

/** Distinct values of one facet as codes 0..n-1, in order of first appearance (the server's index uses it too). */
export class Codes {
  readonly values: string[] = [];
  private readonly code = new Map<string, number>();
  add(value: string): number {
    let c = this.code.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(value);
      this.code.set(value, c);
    }
    return c;
  }
  /** Marks of the selected values (values absent from the catalogue match nothing), or null for no filter. */
  marks(selected: readonly (string | number)[] | undefined): Uint8Array | null {
    if (!selected) return null;
    const m = new Uint8Array(this.values.length);
    for (const v of selected) {
      const c = this.code.get(String(v));
      if (c !== undefined) m[c] = 1;
    }
    return m;
  }
}

export interface OfferSearchIndex<O extends FilterableOffer> {
  readonly offers: readonly O[];
  /** Facet value codes, offer i and facet k at i * F + k; -1 is no value. */
  readonly codes: Int32Array;
  readonly facetCodes: readonly Codes[];
  // Child offers of offer i: vStart[i] .. vStart[i + 1] - 1, in the offer's order.
  readonly vStart: Int32Array;
  readonly variations: readonly FilterableVariation[];
  readonly vCents: Float64Array;
  readonly vDur: Int32Array;
  readonly vDist: Int32Array;
  readonly durCodes: Codes;
  readonly distCodes: Codes;
  /** Dense rank of (brand, model) compared by code unit (the 'brand' sort). */
  readonly brandRank: Int32Array;
  readonly bounds: Bounds;
}

/** Prepares a catalogue for searchIndexed; the offers and their child offers must not change afterwards. */
export function indexOffers<O extends FilterableOffer>(offers: readonly O[]): OfferSearchIndex<O> {
  const n = offers.length;
  const facetCodes = OFFER_FACETS.map(() => new Codes());
  const codes = new Int32Array(n * F);
  const vStart = new Int32Array(n + 1);
  const variations: FilterableVariation[] = [];
  const durCodes = new Codes();
  const distCodes = new Codes();
  const durs: number[] = [];
  const dists: number[] = [];
  let rateMin = Infinity;
  let rateMax = -Infinity;
  let depositMin = Infinity;
  let depositMax = -Infinity;
  offers.forEach((offer, i) => {
    OFFER_FACETS.forEach((facet, k) => {
      const value = facetValue(offer, facet);
      codes[i * F + k] = value == null ? -1 : facetCodes[k]!.add(value);
    });
    for (const v of offer.variations) {
      variations.push(v);
      durs.push(durCodes.add(String(v.duration)));
      dists.push(distCodes.add(String(v.distance)));
      rateMin = Math.min(rateMin, v.rate);
      rateMax = Math.max(rateMax, v.rate);
      depositMin = Math.min(depositMin, v.deposit);
      depositMax = Math.max(depositMax, v.deposit);
    }
    vStart[i + 1] = variations.length;
  });
  // Brands and models compare by code unit, as compareHits (and the SQL's COLLATE "C") do.
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const order = offers.map((_, i) => i).sort((a, b) => byText(offers[a]!.brand, offers[b]!.brand) || byText(offers[a]!.model, offers[b]!.model));
  const brandRank = new Int32Array(n);
  order.forEach((i, r) => {
    const prev = offers[order[r - 1]!];
    brandRank[i] = r > 0 && prev!.brand === offers[i]!.brand && prev!.model === offers[i]!.model ? brandRank[order[r - 1]!]! : r;
  });
  return {
    offers,
    codes,
    facetCodes,
    vStart,
    variations,
    vCents: Float64Array.from(variations, (v) => toCents(v.rate)),
    vDur: Int32Array.from(durs),
    vDist: Int32Array.from(dists),
    durCodes,
    distCodes,
    brandRank,
    bounds: {
      monthly_rates: rateMin <= rateMax ? [Math.floor(rateMin), Math.ceil(rateMax)] : null,
      deposits: depositMin <= depositMax ? [Math.floor(depositMin), Math.ceil(depositMax)] : null,
    },
  };
}

/** Up to this many hits before the page's end, the page is picked by insertion instead of sorting every hit. */
const PARTIAL_SORT_LIMIT = 512;

type Paging = Pick<OfferSearch, 'sort' | 'page' | 'items'>;

/** searchOffers(index.offers, search, sustainability), from the prepared index. */
export function searchIndexed<O extends FilterableOffer>(
  index: OfferSearchIndex<O>,
  search: Partial<OfferFilters> & Paging,
  sustainability: readonly SustainabilityBand[] | null = null,
): SearchResult<O> {
  const { offers, codes, facetCodes, vStart, variations, vCents, vDur, vDist } = index;
  const f = effectiveFilters(search);
  const selections = OFFER_FACETS.map((facet, k) => facetCodes[k]!.marks(offerFacetSelection(f, facet)));
  const active = selections.flatMap((m, k) => (m ? [k] : []));
  const rate = f.monthly_rates ? [toCents(f.monthly_rates[0]), toCents(f.monthly_rates[1])] : null;
  const deposit = f.deposits;
  const durations = index.durCodes.marks(f.durations);
  const distances = index.distCodes.marks(f.unlimitedKm ? [0] : f.distances);

  const counts = facetCodes.map((c) => new Int32Array(c.values.length));
  const durCount = new Int32Array(index.durCodes.values.length);
  const distCount = new Int32Array(index.distCodes.values.length);
  // Which offer last counted a duration (distance): each offer counts a value once.
  const durSeen = new Int32Array(durCount.length).fill(-1);
  const distSeen = new Int32Array(distCount.length).fill(-1);
  const hitOffer: number[] = [];
  const hitVariation: number[] = [];

  for (let i = 0; i < offers.length; i++) {
    const base = i * F;
    let failed = -1;
    let failures = 0;
    for (const k of active) {
      const c = codes[base + k]!;
      if (c < 0 || !selections[k]![c]) {
        failed = k;
        if (++failures > 1) break;
      }
    }
    if (failures > 1) continue;

    let best = -1;
    for (let v = vStart[i]!; v < vStart[i + 1]!; v++) {
      const cents = vCents[v]!;
      const child = variations[v]!;
      if (rate && !(cents >= rate[0]! && cents <= rate[1]!)) continue;
      if (deposit && !(child.deposit >= deposit[0] && child.deposit <= deposit[1])) continue;
      if (sustainability && !inSustainabilityBands(sustainability, child)) continue;
      const durationOk = !durations || durations[vDur[v]!] === 1;
      const distanceOk = !distances || distances[vDist[v]!] === 1;
      if (durationOk && distanceOk && (best < 0 || cents < vCents[best]! || (cents === vCents[best]! && child.id < variations[best]!.id))) best = v;
      if (failures === 0) {
        if (distanceOk && durSeen[vDur[v]!] !== i) {
          durSeen[vDur[v]!] = i;
          durCount[vDur[v]!]!++;
        }
        if (durationOk && distSeen[vDist[v]!] !== i) {
          distSeen[vDist[v]!] = i;
          distCount[vDist[v]!]!++;
        }
      }
    }
    if (best < 0) continue;
    if (failures === 0) {
      hitOffer.push(i);
      hitVariation.push(best);
      for (let k = 0; k < F; k++) {
        const c = codes[base + k]!;
        if (c >= 0) counts[k]![c]!++;
      }
    } else {
      const c = codes[base + failed]!;
      if (c >= 0) counts[failed]![c]!++;
    }
  }

  const total = hitOffer.length;
  const start = (search.page - 1) * search.items;
  const page = pageOf(total, start, start + search.items, compareIndexed(index, search.sort, hitOffer, hitVariation));
  const facets = {} as FacetCounts;
  OFFER_FACETS.forEach((facet, k) => (facets[facet] = countsOf(facetCodes[k]!.values, counts[k]!)));
  facets.durations = countsOf(index.durCodes.values, durCount);
  facets.distances = countsOf(index.distCodes.values, distCount);
  const { monthly_rates, deposits } = index.bounds;
  return {
    hits: page.map((h) => ({ offer: offers[hitOffer[h]!]!, variation: variations[hitVariation[h]!]! })),
    total,
    lastPage: lastPageOf(total, search.items),
    currentPage: search.page,
    itemsPerPage: search.items,
    facets,
    bounds: { monthly_rates: monthly_rates && [monthly_rates[0], monthly_rates[1]], deposits: deposits && [deposits[0], deposits[1]] },
  };
}

const countsOf = (values: readonly string[], counts: Int32Array): Record<string, number> => {
  const out: Record<string, number> = {};
  values.forEach((value, c) => (out[value] = counts[c]!));
  return out;
};

/** compareHits (core/offer-filter.ts) on hit numbers: the same orders, read from the index. */
function compareIndexed(index: OfferSearchIndex<FilterableOffer>, sort: OfferSort, hitOffer: number[], hitVariation: number[]): (a: number, b: number) => number {
  const { offers, vCents, brandRank } = index;
  return offerOrder<number>(sort, {
    price: (h) => vCents[hitVariation[h]!]!,
    id: (h) => offers[hitOffer[h]!]!.id,
    createdAt: (h) => offers[hitOffer[h]!]!.createdAt,
    brand: (a, b) => brandRank[hitOffer[a]!]! - brandRank[hitOffer[b]!]!,
  });
}

/** Hits start..end-1 (hit numbers) in the order of `compare`, without sorting all `total` hits when the page is near the start. */
function pageOf(total: number, start: number, end: number, compare: (a: number, b: number) => number): number[] {
  const keep = Math.min(end, total);
  if (keep > PARTIAL_SORT_LIMIT) {
    const all = Array.from({ length: total }, (_, h) => h).sort(compare);
    return all.slice(start, end);
  }
  // The first `keep` hits in order: each hit goes into place in a sorted list that never grows past `keep`.
  const top: number[] = [];
  for (let h = 0; h < total; h++) {
    if (top.length === keep && compare(h, top[keep - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(top[mid]!, h) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, h);
    if (top.length > keep) top.pop();
  }
  return top.slice(start, end);
}
