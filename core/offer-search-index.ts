// The offers search, prepared for many searches over one catalogue: the one engine the server (over
// the whole listed catalogue, for every viewer) and the device (over its offline copy) build and
// query. The rules are searchOffers' in offer-filter.ts (read its header first); the property tests
// hold the two equal (offer-search-index.test.ts on random catalogues, and
// server/modules/offers/search.property.test.ts through the database on PGlite and PostgreSQL).
//
// Why an index: every search also counts all 14 offer facets, durations and distances over the
// whole visible catalogue; at 20,000 offers and 200,000 child offers, doing that per request in SQL
// took about a second (bench/results.md). Here what does not depend on the filters is computed
// once — facet values as small integer codes, child offers grouped by offer with their rates in
// cents, each offer's distinct durations and distances, its cheapest child, the bounds, the static
// orders of the sorts, and the answer without filters over the public offers — so a search is one
// pass over typed arrays, and only the requested page is put in order.
//
// Visibility is core/offer-visibility.ts's rule: offers given without an audience are everyone's
// (the device's copy holds only what its user may see); with one, unlisted offers are left out and
// owned offers are checked against the viewer on each search (they are few).
import { type Cents, toCents } from './money';
import {
  type Bounds,
  effectiveFilters,
  type FacetCounts,
  type FilterableOffer,
  type FilterableVariation,
  facetValue,
  hasVariationFilters,
  lastPageOf,
  OFFER_FACETS,
  offerFacetSelection,
  type SearchResult,
  VARIATION_FACETS,
} from './offer-filter';
import type { OfferSort } from './offer-options';
import { centsInSustainabilityBands, type SustainabilityBand } from './offer-sustainability';
import { canSeeOffer, isListedOffer, isPublicOffer, type OfferAudience, type OfferViewer } from './offer-visibility';
import type { OfferFilters, OfferSearch } from './schemas/offers';

const F = OFFER_FACETS.length;
/** Offer positions go in the low bits of the price sort keys. */
const INDEX_BITS = 2 ** 22;

/** Distinct values of one facet as codes 0..n-1, in order of first appearance. */
class Codes {
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

type Paging = Pick<OfferSearch, 'sort' | 'page' | 'items'>;

export interface SearchOptions {
  /** Who searches; without one, only public offers are seen. */
  viewer?: OfferViewer | null;
  /** The credit check's traffic-light regions (core/offer-sustainability.ts); null or absent: no restriction. */
  sustainability?: readonly SustainabilityBand[] | null;
}

/** Hits, total and facet counts of one search, by offer position. */
type Tally = { hit: Uint8Array; total: number; counts: Int32Array[]; durCount: Int32Array; distCount: Int32Array };

export class OfferSearchIndex<O extends FilterableOffer> {
  /** The indexed offers, ordered by id: positions below are positions in this list. */
  readonly offers: readonly O[];
  /** Users who own an offer of the index. */
  readonly owners = new Set<number>();
  private readonly n: number;
  /** Facet value codes, offer i and facet k at i * F + k; -1 is no value. */
  private readonly codes: Int32Array;
  private readonly facetDict: Codes[];
  private readonly isPublic: Uint8Array;
  /** Offers with an owner, with their audience: checked one by one. */
  private readonly owned: { i: number; audience: OfferAudience }[] = [];
  // Child offers, grouped by offer and ordered by id.
  private readonly vStart: Int32Array;
  private readonly vChild: FilterableVariation[] = [];
  private readonly vCents: Float64Array;
  /** Dense rank of the rate among all rates: orders like the rate, fits a sort key. */
  private readonly vRank: Int32Array;
  private readonly maxRank: number;
  private readonly vDeposit: Float64Array;
  private readonly vDur: Int32Array;
  private readonly vDist: Int32Array;
  private readonly durDict = new Codes();
  private readonly distDict = new Codes();
  // Per offer: its distinct durations and distances (codes), cheapest child offer, bounds (euros).
  private readonly oDurStart: Int32Array;
  private readonly oDur: Int32Array;
  private readonly oDistStart: Int32Array;
  private readonly oDist: Int32Array;
  private readonly cheapest: Int32Array; // child index or -1
  private readonly rateMin: Float64Array; // NaN without children
  private readonly rateMax: Float64Array;
  private readonly depositMin: Float64Array;
  private readonly depositMax: Float64Array;
  // What the public offers contribute to every search (facet entries and bounds).
  private readonly publicFacetHas: Uint8Array[];
  private readonly publicDurHas: Uint8Array;
  private readonly publicDistHas: Uint8Array;
  private readonly publicBounds: [number, number, number, number];
  /** The search without filters over the public offers (the usual first search). */
  private readonly publicUnfiltered: Tally;
  // Static orders of offer positions (offers with children only where the order uses the price).
  private readonly byNewest: Int32Array;
  private readonly byPriceUp: Int32Array;
  private readonly byPriceDown: Int32Array;
  private readonly byBrand: Int32Array;
  /** Dense rank of (brand, model) compared by code unit (the 'brand' sort). */
  private readonly brandRank: Int32Array;

  /**
   * The offers and their child offers must not change afterwards. `audience`: who may see each offer
   * (core/offer-visibility.ts); without it every offer is public.
   */
  constructor(catalogue: readonly O[], audience?: (offer: O) => OfferAudience) {
    const listed = audience ? catalogue.filter((o) => isListedOffer(audience(o))) : [...catalogue];
    // Positions follow ids, so comparing positions is the id tie-break of every order.
    const offers = listed.sort((a, b) => a.id - b.id);
    this.offers = offers;
    const n = offers.length;
    if (n >= INDEX_BITS) throw new RangeError(`OfferSearchIndex: ${n} offers, at most ${INDEX_BITS - 1}`);
    this.n = n;
    this.facetDict = Array.from({ length: F }, () => new Codes());
    this.codes = new Int32Array(n * F);
    this.isPublic = new Uint8Array(n);
    this.vStart = new Int32Array(n + 1);
    const durs: number[] = [];
    const dists: number[] = [];
    offers.forEach((o, i) => {
      OFFER_FACETS.forEach((facet, k) => {
        const value = facetValue(o, facet);
        this.codes[i * F + k] = value == null ? -1 : this.facetDict[k]!.add(value);
      });
      const a = audience?.(o);
      if (!a || isPublicOffer(a)) this.isPublic[i] = 1;
      else {
        this.owned.push({ i, audience: a });
        if (a.ownerUserId !== null) this.owners.add(a.ownerUserId);
      }
      // Stable: children with the same id keep the offer's order, as searchOffers meets them.
      for (const v of [...o.variations].sort((x, y) => x.id - y.id)) {
        this.vChild.push(v);
        durs.push(this.durDict.add(String(v.duration)));
        dists.push(this.distDict.add(String(v.distance)));
      }
      this.vStart[i + 1] = this.vChild.length;
    });
    const children = this.vChild;
    this.vCents = Float64Array.from(children, (v): Cents => toCents(v.rate));
    const rates = [...new Set(this.vCents)].sort((a, b) => a - b);
    const rank = new Map(rates.map((r, i) => [r, i]));
    this.vRank = Int32Array.from(this.vCents, (c) => rank.get(c)!);
    this.maxRank = rates.length;
    this.vDeposit = Float64Array.from(children, (v) => v.deposit);
    this.vDur = Int32Array.from(durs);
    this.vDist = Int32Array.from(dists);

    const oDur: number[] = [];
    const oDist: number[] = [];
    this.oDurStart = new Int32Array(n + 1);
    this.oDistStart = new Int32Array(n + 1);
    this.cheapest = new Int32Array(n).fill(-1);
    this.rateMin = new Float64Array(n).fill(NaN);
    this.rateMax = new Float64Array(n).fill(NaN);
    this.depositMin = new Float64Array(n).fill(NaN);
    this.depositMax = new Float64Array(n).fill(NaN);
    const seenDur = new Int32Array(this.durDict.values.length).fill(-1);
    const seenDist = new Int32Array(this.distDict.values.length).fill(-1);
    for (let i = 0; i < n; i++) {
      for (let v = this.vStart[i]!; v < this.vStart[i + 1]!; v++) {
        const rate = children[v]!.rate;
        const deposit = this.vDeposit[v]!;
        // Children are in id order: a strictly lower rate wins, a tie keeps the lower id.
        if (this.cheapest[i] === -1 || this.vCents[v]! < this.vCents[this.cheapest[i]!]!) this.cheapest[i] = v;
        if (!(rate >= this.rateMin[i]!)) this.rateMin[i] = rate;
        if (!(rate <= this.rateMax[i]!)) this.rateMax[i] = rate;
        if (!(deposit >= this.depositMin[i]!)) this.depositMin[i] = deposit;
        if (!(deposit <= this.depositMax[i]!)) this.depositMax[i] = deposit;
        const d = this.vDur[v]!;
        if (seenDur[d] !== i) {
          seenDur[d] = i;
          oDur.push(d);
        }
        const k = this.vDist[v]!;
        if (seenDist[k] !== i) {
          seenDist[k] = i;
          oDist.push(k);
        }
      }
      this.oDurStart[i + 1] = oDur.length;
      this.oDistStart[i + 1] = oDist.length;
    }
    this.oDur = Int32Array.from(oDur);
    this.oDist = Int32Array.from(oDist);

    this.publicFacetHas = this.facetDict.map((d) => new Uint8Array(d.values.length));
    this.publicDurHas = new Uint8Array(this.durDict.values.length);
    this.publicDistHas = new Uint8Array(this.distDict.values.length);
    const bounds: [number, number, number, number] = [NaN, NaN, NaN, NaN];
    const unfiltered = this.emptyTally();
    for (let i = 0; i < n; i++) {
      if (!this.isPublic[i]) continue;
      this.markEntries(i, this.publicFacetHas, this.publicDurHas, this.publicDistHas);
      this.addBounds(i, bounds);
      this.countUnfiltered(i, unfiltered);
    }
    this.publicBounds = bounds;
    this.publicUnfiltered = unfiltered;

    const all = Array.from({ length: n }, (_, i) => i);
    const withChildren = all.filter((i) => this.cheapest[i] !== -1);
    const price = (i: number) => this.vRank[this.cheapest[i]!]!;
    this.byNewest = Int32Array.from(all.sort((a, b) => offers[b]!.createdAt - offers[a]!.createdAt || a - b));
    this.byPriceUp = Int32Array.from([...withChildren].sort((a, b) => price(a) - price(b) || a - b));
    this.byPriceDown = Int32Array.from([...withChildren].sort((a, b) => price(b) - price(a) || a - b));
    // Brands and models compare by code unit, as compareHits does.
    const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const byName = [...all].sort((a, b) => text(offers[a]!.brand, offers[b]!.brand) || text(offers[a]!.model, offers[b]!.model));
    this.brandRank = new Int32Array(n);
    byName.forEach((i, r) => {
      const prev = byName[r - 1];
      this.brandRank[i] =
        prev !== undefined && offers[prev]!.brand === offers[i]!.brand && offers[prev]!.model === offers[i]!.model ? this.brandRank[prev]! : r;
    });
    this.byBrand = Int32Array.from(withChildren.sort((a, b) => this.brandRank[a]! - this.brandRank[b]! || price(a) - price(b) || a - b));
  }

  private emptyTally(): Tally {
    return {
      hit: new Uint8Array(this.n),
      total: 0,
      counts: this.facetDict.map((d) => new Int32Array(d.values.length)),
      durCount: new Int32Array(this.durDict.values.length),
      distCount: new Int32Array(this.distDict.values.length),
    };
  }

  /** Offer i in a search without filters: every child counts, the offer is a hit if it has one. */
  private countUnfiltered(i: number, r: Tally) {
    for (let j = this.oDurStart[i]!; j < this.oDurStart[i + 1]!; j++) r.durCount[this.oDur[j]!]! += 1;
    for (let j = this.oDistStart[i]!; j < this.oDistStart[i + 1]!; j++) r.distCount[this.oDist[j]!]! += 1;
    if (this.cheapest[i] === -1) return;
    r.hit[i] = 1;
    r.total++;
    this.countFacets(i, r.counts);
  }

  private countFacets(i: number, counts: Int32Array[]) {
    for (let k = 0, at = i * F; k < F; k++, at++) {
      const c = this.codes[at]!;
      if (c >= 0) counts[k]![c]! += 1;
    }
  }

  private markEntries(i: number, facetHas: Uint8Array[], durHas: Uint8Array, distHas: Uint8Array) {
    for (let k = 0; k < F; k++) {
      const c = this.codes[i * F + k]!;
      if (c >= 0) facetHas[k]![c] = 1;
    }
    for (let j = this.oDurStart[i]!; j < this.oDurStart[i + 1]!; j++) durHas[this.oDur[j]!] = 1;
    for (let j = this.oDistStart[i]!; j < this.oDistStart[i + 1]!; j++) distHas[this.oDist[j]!] = 1;
  }

  private addBounds(i: number, b: [number, number, number, number]) {
    if (Number.isNaN(this.rateMin[i]!)) return;
    if (!(this.rateMin[i]! >= b[0])) b[0] = this.rateMin[i]!;
    if (!(this.rateMax[i]! <= b[1])) b[1] = this.rateMax[i]!;
    if (!(this.depositMin[i]! >= b[2])) b[2] = this.depositMin[i]!;
    if (!(this.depositMax[i]! <= b[3])) b[3] = this.depositMax[i]!;
  }

  /** searchOffers(the offers this viewer may see, search, sustainability), from the index. */
  search(search: Partial<OfferFilters> & Paging, options: SearchOptions = {}): SearchResult<O> {
    const { n } = this;
    const f = effectiveFilters(search);
    const viewer = options.viewer ?? null;
    const seen = new Uint8Array(n);
    for (const { i, audience } of this.owned) if (viewer && canSeeOffer(audience, viewer)) seen[i] = 1;
    const visible = (i: number) => this.isPublic[i] === 1 || seen[i] === 1;

    // Offer-level filters: per facet, which value codes pass.
    const active: { k: number; pass: Uint8Array }[] = [];
    OFFER_FACETS.forEach((facet, k) => {
      const pass = this.facetDict[k]!.marks(offerFacetSelection(f, facet));
      if (pass) active.push({ k, pass });
    });

    // Child-offer filters (variationPredicates in offer-filter.ts).
    const bands = options.sustainability ?? null;
    const byVariation = hasVariationFilters(f) || bands !== null;
    const all = (d: Codes) => new Uint8Array(d.values.length).fill(1);
    const durPass = this.durDict.marks(f.durations) ?? all(this.durDict);
    const distPass = this.distDict.marks(f.unlimitedKm ? [0] : f.distances) ?? all(this.distDict);
    const [rateLo, rateHi] = f.monthly_rates ? [toCents(f.monthly_rates[0]), toCents(f.monthly_rates[1])] : [-Infinity, Infinity];
    const [depLo, depHi] = f.deposits ? [f.deposits[0], f.deposits[1]] : [-Infinity, Infinity];

    const best = byVariation ? new Int32Array(n).fill(-1) : this.cheapest;
    const seenDur = new Int32Array(this.durDict.values.length).fill(-1);
    const seenDist = new Int32Array(this.distDict.values.length).fill(-1);
    // Without any filter, start from the public offers' precomputed answer and add the viewer's own.
    const unfiltered = active.length === 0 && !byVariation;
    const base = this.publicUnfiltered;
    const r: Tally = unfiltered
      ? {
          hit: base.hit.slice(),
          total: base.total,
          counts: base.counts.map((c) => c.slice()),
          durCount: base.durCount.slice(),
          distCount: base.distCount.slice(),
        }
      : this.emptyTally();
    if (unfiltered) for (const { i } of this.owned) if (seen[i]) this.countUnfiltered(i, r);
    const { hit, counts, durCount, distCount } = r;
    let { total } = r;

    for (let i = 0; i < n && !unfiltered; i++) {
      if (!visible(i)) continue;
      let fails = 0;
      let failed = -1;
      for (let a = 0; a < active.length; a++) {
        const { k, pass } = active[a]!;
        const c = this.codes[i * F + k]!;
        if (c < 0 || pass[c] === 0) {
          fails++;
          failed = k;
          if (fails > 1) break;
        }
      }
      if (fails > 1) continue;
      let b = -1;
      if (!byVariation) {
        b = this.cheapest[i]!;
        if (fails === 0) {
          for (let j = this.oDurStart[i]!; j < this.oDurStart[i + 1]!; j++) durCount[this.oDur[j]!]! += 1;
          for (let j = this.oDistStart[i]!; j < this.oDistStart[i + 1]!; j++) distCount[this.oDist[j]!]! += 1;
        }
      } else {
        for (let v = this.vStart[i]!; v < this.vStart[i + 1]!; v++) {
          const cents = this.vCents[v]!;
          const deposit = this.vDeposit[v]!;
          if (cents < rateLo || cents > rateHi || deposit < depLo || deposit > depHi) continue;
          if (bands !== null && !centsInSustainabilityBands(bands, cents, deposit)) continue;
          const d = this.vDur[v]!;
          const k = this.vDist[v]!;
          const okD = durPass[d] === 1;
          const okK = distPass[k] === 1;
          // Children are in id order: a strictly lower rate wins, a tie keeps the lower id.
          if (okD && okK && (b === -1 || cents < this.vCents[b]!)) b = v;
          if (fails === 0) {
            if (okK && seenDur[d] !== i) {
              seenDur[d] = i;
              durCount[d]! += 1;
            }
            if (okD && seenDist[k] !== i) {
              seenDist[k] = i;
              distCount[k]! += 1;
            }
          }
        }
        best[i] = b;
      }
      if (b === -1) continue;
      if (fails === 0) {
        total++;
        hit[i] = 1;
        this.countFacets(i, counts);
      } else {
        const c = this.codes[i * F + failed]!;
        if (c >= 0) counts[failed]![c]! += 1;
      }
    }

    // Facet entries (count 0 included) and bounds: every visible offer, whatever the filters.
    const facetHas = this.publicFacetHas.map((h) => h.slice());
    const durHas = this.publicDurHas.slice();
    const distHas = this.publicDistHas.slice();
    const b: [number, number, number, number] = [...this.publicBounds];
    for (const { i } of this.owned) {
      if (!seen[i]) continue;
      this.markEntries(i, facetHas, durHas, distHas);
      this.addBounds(i, b);
    }
    const facets = Object.fromEntries([...OFFER_FACETS, ...VARIATION_FACETS].map((name) => [name, {} as Record<string, number>])) as FacetCounts;
    OFFER_FACETS.forEach((facet, k) => {
      const out = facets[facet];
      this.facetDict[k]!.values.forEach((value, c) => {
        if (facetHas[k]![c]) out[value] = counts[k]![c]!;
      });
    });
    this.durDict.values.forEach((value, c) => {
      if (durHas[c]) facets.durations[value] = durCount[c]!;
    });
    this.distDict.values.forEach((value, c) => {
      if (distHas[c]) facets.distances[value] = distCount[c]!;
    });

    const offset = (search.page - 1) * search.items;
    const page = this.order(search.sort, byVariation, hit, best, total, offset + search.items).slice(offset);
    const bounds: Bounds = {
      monthly_rates: Number.isNaN(b[0]) ? null : [Math.floor(b[0]), Math.ceil(b[1])],
      deposits: Number.isNaN(b[2]) ? null : [Math.floor(b[2]), Math.ceil(b[3])],
    };
    return {
      hits: page.map((i) => ({ offer: this.offers[i]!, variation: this.vChild[best[i]!]! })),
      total,
      lastPage: lastPageOf(total, search.items),
      currentPage: search.page,
      itemsPerPage: search.items,
      facets,
      bounds,
    };
  }

  /** The first `limit` hits in the chosen order (compareHits in offer-filter.ts). */
  private order(sort: OfferSort, byVariation: boolean, hit: Uint8Array, best: Int32Array, total: number, limit: number): number[] {
    const out: number[] = [];
    const walk = (order: Int32Array) => {
      for (let j = 0; j < order.length && out.length < limit; j++) if (hit[order[j]!]) out.push(order[j]!);
      return out;
    };
    if (sort === 'newest') return walk(this.byNewest);
    // Without child-offer filters each hit shows its cheapest child: the static orders hold.
    if (!byVariation) return walk(sort === 'price-up' ? this.byPriceUp : sort === 'price-down' ? this.byPriceDown : this.byBrand);
    if (limit <= 0 || total === 0) return out;
    const rank = (i: number) => this.vRank[best[i]!]!;
    if (sort === 'brand') {
      const hits: number[] = [];
      for (let i = 0; i < this.n; i++) if (hit[i]) hits.push(i);
      return hits.sort((a, b) => this.brandRank[a]! - this.brandRank[b]! || rank(a) - rank(b) || a - b).slice(0, limit);
    }
    const keys = new Float64Array(total);
    let t = 0;
    for (let i = 0; i < this.n; i++) if (hit[i]) keys[t++] = (sort === 'price-up' ? rank(i) : this.maxRank - rank(i)) * INDEX_BITS + i;
    keys.sort();
    for (let j = 0; j < keys.length && out.length < limit; j++) out.push(keys[j]! % INDEX_BITS);
    return out;
  }
}
