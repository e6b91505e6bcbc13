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
// pass over typed arrays, and only the requested page is put in order. What depends on the viewer
// alone (the owned offers they see, facet entries, bounds) is kept per viewer. Child offers are
// walked only for offers that some but not all of their children may pass: an offer's bounds,
// durations and distances settle the others.
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
import { type BandRegions, bandRegions, inRegion, type SustainabilityBand } from './offer-sustainability';
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

/** A viewer's part of every search (OfferSearchIndex.viewerPart); read only. */
type ViewerPart = {
  /** 1 for each offer position the viewer sees. */
  visible: Uint8Array;
  /** The owned offers they see. */
  ownedSeen: readonly number[];
  facetHas: Uint8Array;
  durHas: Uint8Array;
  distHas: Uint8Array;
  bounds: readonly [number, number, number, number];
};
/** How many viewers' parts an index keeps (about n bytes each, plus the facet entries). */
const VIEWERS_KEPT = 256;

/** Hits, total and facet counts of one search, by offer position. */
type Tally = { hit: Uint8Array; total: number; counts: Int32Array; durCount: Int32Array; distCount: Int32Array };

export class OfferSearchIndex<O extends FilterableOffer> {
  /** The indexed offers, ordered by id: positions below are positions in this list. */
  readonly offers: readonly O[];
  /** Users who own an offer of the index. */
  readonly owners = new Set<number>();
  private readonly n: number;
  /**
   * Facet value codes, offer i and facet k at i * F + k. Codes run across all facets (facet k's values
   * are facetBase[k] + their code in facetDict[k]), so counts fit one array; no value is facetBase[F].
   */
  private readonly codes: Int32Array;
  private readonly facetDict: Codes[];
  private readonly facetBase: Int32Array;
  private readonly isPublic: Uint8Array;
  /** Offers with an owner, with their audience: checked one by one. */
  private readonly owned: { i: number; audience: OfferAudience }[] = [];
  private readonly viewers = new Map<string, ViewerPart>();
  // Child offers, grouped by offer and ordered by id: the objects, and their columns (Children).
  private readonly vChild: FilterableVariation[] = [];
  private readonly children: Children;
  /** Dense rank of the rate among all rates: orders like the rate, fits a sort key. */
  private readonly vRank: Int32Array;
  private readonly maxRank: number;
  private readonly durDict = new Codes();
  private readonly distDict = new Codes();
  // Per offer: its distinct durations and distances (codes), cheapest child offer, bounds (euros).
  private readonly oDurStart: Int32Array;
  private readonly oDur: Int32Array;
  private readonly oDistStart: Int32Array;
  private readonly oDist: Int32Array;
  private readonly cheapest: Int32Array; // child index or -1
  private readonly rateMin: Float64Array; // NaN without children
  private readonly centsMin: Float64Array; // the same bounds in cents
  private readonly centsMax: Float64Array;
  private readonly rateMax: Float64Array;
  private readonly depositMin: Float64Array;
  private readonly depositMax: Float64Array;
  // What the public offers contribute to every search (facet entries and bounds).
  private readonly publicFacetHas: Uint8Array;
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
    this.scratch = { best: new Int32Array(n), hitList: new Int32Array(n), hit: new Uint8Array(n) };
    this.facetDict = Array.from({ length: F }, () => new Codes());
    this.codes = new Int32Array(n * F);
    this.isPublic = new Uint8Array(n);
    const vStart = new Int32Array(n + 1);
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
      vStart[i + 1] = this.vChild.length;
    });
    this.facetBase = new Int32Array(F + 1);
    for (let k = 0; k < F; k++) this.facetBase[k + 1] = this.facetBase[k]! + this.facetDict[k]!.values.length;
    // No value: the code one past the last (NONE), counted and marked like any other but never shown.
    const none = this.facetBase[F]!;
    for (let at = 0; at < this.codes.length; at++) this.codes[at] = this.codes[at]! >= 0 ? this.codes[at]! + this.facetBase[at % F]! : none;
    const children = this.vChild;
    const vCents = Int32Array.from(children, (v): Cents => {
      const cents = toCents(v.rate);
      if (Math.abs(cents) >= 2 ** 31) throw new RangeError(`OfferSearchIndex: rate ${v.rate} out of range`);
      return cents;
    });
    const rates = [...new Set(vCents)].sort((a, b) => a - b);
    const rank = new Map(rates.map((r, i) => [r, i]));
    this.vRank = Int32Array.from(vCents, (c) => rank.get(c)!);
    this.maxRank = rates.length;
    const vDeposit = Float64Array.from(children, (v) => v.deposit);
    if (this.durDict.values.length > 2 ** 16 || this.distDict.values.length > 2 ** 16)
      throw new RangeError('OfferSearchIndex: too many durations or distances');
    const vDur = Uint16Array.from(durs);
    const vDist = Uint16Array.from(dists);
    this.children = { vStart, vCents, vDeposit, vDur, vDist };

    const oDur: number[] = [];
    const oDist: number[] = [];
    this.oDurStart = new Int32Array(n + 1);
    this.oDistStart = new Int32Array(n + 1);
    this.cheapest = new Int32Array(n).fill(-1);
    this.rateMin = new Float64Array(n).fill(NaN);
    this.rateMax = new Float64Array(n).fill(NaN);
    this.depositMin = new Float64Array(n).fill(NaN);
    this.depositMax = new Float64Array(n).fill(NaN);
    this.centsMin = new Float64Array(n).fill(NaN);
    this.centsMax = new Float64Array(n).fill(NaN);
    const seenDur = new Int32Array(this.durDict.values.length).fill(-1);
    const seenDist = new Int32Array(this.distDict.values.length).fill(-1);
    for (let i = 0; i < n; i++) {
      for (let v = vStart[i]!; v < vStart[i + 1]!; v++) {
        const rate = children[v]!.rate;
        const deposit = vDeposit[v]!;
        // Children are in id order: a strictly lower rate wins, a tie keeps the lower id.
        if (this.cheapest[i] === -1 || vCents[v]! < vCents[this.cheapest[i]!]!) this.cheapest[i] = v;
        if (!(rate >= this.rateMin[i]!)) this.rateMin[i] = rate;
        if (!(vCents[v]! >= this.centsMin[i]!)) this.centsMin[i] = vCents[v]!;
        if (!(vCents[v]! <= this.centsMax[i]!)) this.centsMax[i] = vCents[v]!;
        if (!(rate <= this.rateMax[i]!)) this.rateMax[i] = rate;
        if (!(deposit >= this.depositMin[i]!)) this.depositMin[i] = deposit;
        if (!(deposit <= this.depositMax[i]!)) this.depositMax[i] = deposit;
        const d = vDur[v]!;
        if (seenDur[d] !== i) {
          seenDur[d] = i;
          oDur.push(d);
        }
        const k = vDist[v]!;
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

    this.publicFacetHas = new Uint8Array(this.facetBase[F]! + 1);
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

  /**
   * Per-offer arrays a search fills and reads before it returns (search is synchronous: one at a time),
   * kept instead of allocated per search (about 10 bytes per offer each time, for the garbage collector).
   */
  private readonly scratch: { best: Int32Array; hitList: Int32Array; hit: Uint8Array };

  private emptyTally(hit: Uint8Array = new Uint8Array(this.n)): Tally {
    return {
      hit,
      total: 0,
      counts: new Int32Array(this.facetBase[F]! + 1),
      durCount: new Int32Array(this.durDict.values.length),
      distCount: new Int32Array(this.distDict.values.length),
    };
  }

  /** Offer i in a search without filters: every child counts, the offer is a hit if it has one. */
  private countUnfiltered(i: number, r: Tally) {
    this.countDurationsAndDistances(i, r.durCount, r.distCount);
    if (this.cheapest[i] === -1) return;
    r.hit[i] = 1;
    r.total++;
    this.countFacets(i, r.counts);
  }

  /** Each of offer i's durations and distances once (all its children pass the child-offer filters). */
  private countDurationsAndDistances(i: number, durCount: Int32Array, distCount: Int32Array) {
    for (let j = this.oDurStart[i]!; j < this.oDurStart[i + 1]!; j++) durCount[this.oDur[j]!]! += 1;
    for (let j = this.oDistStart[i]!; j < this.oDistStart[i + 1]!; j++) distCount[this.oDist[j]!]! += 1;
  }

  private countFacets(i: number, counts: Int32Array) {
    const { codes } = this;
    for (let at = i * F, end = at + F; at < end; at++) {
      counts[codes[at]!]! += 1;
    }
  }

  private markEntries(i: number, facetHas: Uint8Array, durHas: Uint8Array, distHas: Uint8Array) {
    for (let at = i * F, end = at + F; at < end; at++) {
      facetHas[this.codes[at]!] = 1;
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

  /**
   * What depends on the viewer alone, kept per viewer: which offers they see, and the facet entries
   * and bounds of those offers (shown whatever the filters).
   */
  private viewerPart(viewer: OfferViewer | null): ViewerPart {
    const key = viewer ? `${viewer.userId} ${viewer.groupCode || ''}` : '';
    const known = this.viewers.get(key);
    if (known) return known;
    const visible = this.isPublic.slice();
    const ownedSeen: number[] = [];
    for (const { i, audience } of this.owned) {
      if (!viewer || !canSeeOffer(audience, viewer)) continue;
      visible[i] = 1;
      ownedSeen.push(i);
    }
    const bounds: [number, number, number, number] = [...this.publicBounds];
    const part: ViewerPart = {
      visible,
      ownedSeen,
      facetHas: this.publicFacetHas.slice(),
      durHas: this.publicDurHas.slice(),
      distHas: this.publicDistHas.slice(),
      bounds,
    };
    for (const i of ownedSeen) {
      this.markEntries(i, part.facetHas, part.durHas, part.distHas);
      this.addBounds(i, bounds);
    }
    if (this.viewers.size >= VIEWERS_KEPT) this.viewers.clear();
    this.viewers.set(key, part);
    return part;
  }

  /** searchOffers(the offers this viewer may see, search, sustainability), from the index. */
  search(search: Partial<OfferFilters> & Paging, options: SearchOptions = {}): SearchResult<O> {
    const { n } = this;
    const f = effectiveFilters(search);
    const viewer = options.viewer ?? null;
    const { visible, ownedSeen, facetHas, durHas, distHas, bounds: b } = this.viewerPart(viewer);

    // Offer-level filters: per facet, which value codes pass.
    const active: { k: number; pass: Uint8Array }[] = [];
    OFFER_FACETS.forEach((facet, k) => {
      const marks = this.facetDict[k]!.marks(offerFacetSelection(f, facet));
      if (!marks) return;
      const pass = new Uint8Array(this.facetBase[F]! + 1); // no value (the last code) never passes
      pass.set(marks, this.facetBase[k]!);
      active.push({ k, pass });
    });

    // Child-offer filters (variationPredicates in offer-filter.ts).
    const bands = options.sustainability ?? null;
    const byVariation = hasVariationFilters(f) || bands !== null;
    const all = (d: Codes) => new Uint8Array(d.values.length).fill(1);
    const durPass = this.durDict.marks(f.durations) ?? all(this.durDict);
    const distPass = this.distDict.marks(f.unlimitedKm ? [0] : f.distances) ?? all(this.distDict);
    const [rateLo, rateHi] = f.monthly_rates ? [toCents(f.monthly_rates[0]), toCents(f.monthly_rates[1])] : [-Infinity, Infinity];
    const [depLo, depHi] = f.deposits ? [f.deposits[0], f.deposits[1]] : [-Infinity, Infinity];

    // Every hit's best child is set below before it is read (order, the page): no fill needed.
    const best = byVariation ? this.scratch.best : this.cheapest;
    const seenDur = new Int32Array(this.durDict.values.length).fill(-1);
    const seenDist = new Int32Array(this.distDict.values.length).fill(-1);
    // Without any filter, start from the public offers' precomputed answer and add the viewer's own.
    const unfiltered = active.length === 0 && !byVariation;
    const base = this.publicUnfiltered;
    const hit = this.scratch.hit;
    if (unfiltered) hit.set(base.hit);
    else hit.fill(0);
    const r: Tally = unfiltered
      ? {
          hit,
          total: base.total,
          counts: base.counts.slice(),
          durCount: base.durCount.slice(),
          distCount: base.distCount.slice(),
        }
      : this.emptyTally(hit);
    if (unfiltered) for (const i of ownedSeen) this.countUnfiltered(i, r);
    const { counts, durCount, distCount } = r;
    /** The hits' positions in order, when the loop below runs (it does whenever there are child-offer filters). */
    const hitList = this.scratch.hitList;
    let { total } = r;

    // The hot loop reads locals (typed arrays and the flattened bands), not properties.
    const { codes, cheapest, oDurStart, oDur, oDistStart, oDist, centsMin, centsMax, depositMin, depositMax } = this;
    const region = bands === null ? null : bandRegions(bands);
    const walk: ChildWalk = {
      rateLo,
      rateHi,
      depLo,
      depHi,
      region,
      durPass,
      distPass,
      seenDur,
      seenDist,
      durCount,
      distCount,
    };
    const everyDur = durPass.every((x) => x === 1);
    const everyDist = distPass.every((x) => x === 1);
    /** Whether every child of offer i passes the child-offer filters (from its bounds, durations and distances). */
    const everyChildPasses = (i: number) =>
      region === null &&
      centsMin[i]! >= rateLo &&
      centsMax[i]! <= rateHi &&
      depositMin[i]! >= depLo &&
      depositMax[i]! <= depHi &&
      (everyDur || allPass(oDur, oDurStart[i]!, oDurStart[i + 1]!, durPass)) &&
      (everyDist || allPass(oDist, oDistStart[i]!, oDistStart[i + 1]!, distPass));
    for (let i = 0; i < n && !unfiltered; i++) {
      if (visible[i] === 0) continue;
      let fails = 0;
      let failed = -1;
      for (let a = 0; a < active.length; a++) {
        const { k, pass } = active[a]!;
        const c = codes[i * F + k]!;
        if (pass[c] === 0) {
          fails++;
          failed = k;
          if (fails > 1) break;
        }
      }
      if (fails > 1) continue;
      let b: number;
      if (!byVariation || everyChildPasses(i)) {
        b = cheapest[i]!; // the cheapest child shows
        if (fails === 0) this.countDurationsAndDistances(i, durCount, distCount);
      } else if (!(centsMax[i]! >= rateLo && centsMin[i]! <= rateHi && depositMax[i]! >= depLo && depositMin[i]! <= depHi)) {
        continue; // no child within the rate and deposit ranges: nothing of this offer counts
      } else {
        // An offer failing one offer-level filter is not a hit: it only needs one passing child.
        b = fails === 0 ? bestChild(this.children, i, walk) : anyChild(this.children, i, walk);
      }
      if (byVariation) best[i] = b;
      if (b === -1) continue;
      if (fails === 0) {
        hitList[total++] = i;
        hit[i] = 1;
        this.countFacets(i, counts);
      } else {
        counts[codes[i * F + failed]!]! += 1;
      }
    }

    // Facet entries (count 0 included) and bounds: every visible offer, whatever the filters (viewerPart).
    const facets = Object.fromEntries([...OFFER_FACETS, ...VARIATION_FACETS].map((name) => [name, {} as Record<string, number>])) as FacetCounts;
    OFFER_FACETS.forEach((facet, k) => {
      const out = facets[facet];
      const base = this.facetBase[k]!;
      this.facetDict[k]!.values.forEach((value, c) => {
        if (facetHas[base + c]) out[value] = counts[base + c]!;
      });
    });
    this.durDict.values.forEach((value, c) => {
      if (durHas[c]) facets.durations[value] = durCount[c]!;
    });
    this.distDict.values.forEach((value, c) => {
      if (distHas[c]) facets.distances[value] = distCount[c]!;
    });

    const offset = (search.page - 1) * search.items;
    const page = this.order(search.sort, byVariation, hit, hitList.subarray(0, total), best, offset + search.items).slice(offset);
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

  /** The first `limit` hits in the chosen order (compareHits in offer-filter.ts); `hits`: their positions, with child-offer filters. */
  private order(sort: OfferSort, byVariation: boolean, hit: Uint8Array, hits: Int32Array, best: Int32Array, limit: number): number[] {
    const out: number[] = [];
    const walk = (order: Int32Array) => {
      for (let j = 0; j < order.length && out.length < limit; j++) if (hit[order[j]!]) out.push(order[j]!);
      return out;
    };
    if (sort === 'newest') return walk(this.byNewest);
    // Without child-offer filters each hit shows its cheapest child: the static orders hold.
    if (!byVariation) return walk(sort === 'price-up' ? this.byPriceUp : sort === 'price-down' ? this.byPriceDown : this.byBrand);
    if (limit <= 0 || hits.length === 0) return out;
    const { vRank, maxRank } = this;
    const ranks = new Int32Array(hits.length);
    for (let j = 0; j < hits.length; j++) ranks[j] = vRank[best[hits[j]!]!]!;
    if (sort === 'brand') {
      const at = Array.from(hits.keys());
      return at
        .sort((a, b) => this.brandRank[hits[a]!]! - this.brandRank[hits[b]!]! || ranks[a]! - ranks[b]! || a - b)
        .slice(0, limit)
        .map((j) => hits[j]!);
    }
    // Rates have few distinct ranks: count hits per rank, find the rank where the first `limit` hits end,
    // and sort only the hits up to it (rank, then position, as the keys below order).
    const up = sort === 'price-up';
    const perRank = new Int32Array(maxRank);
    for (let j = 0; j < ranks.length; j++) perRank[ranks[j]!]! += 1;
    let last = up ? 0 : maxRank - 1;
    for (let seen = 0; ; last += up ? 1 : -1) {
      seen += perRank[last]!;
      if (seen >= limit || last === (up ? maxRank - 1 : 0)) break;
    }
    const keys: number[] = [];
    for (let j = 0; j < ranks.length; j++) {
      const r = ranks[j]!;
      if (up ? r <= last : r >= last) keys.push((up ? r : maxRank - r) * INDEX_BITS + hits[j]!);
    }
    keys.sort((a, b) => a - b);
    for (let j = 0; j < keys.length && out.length < limit; j++) out.push(keys[j]! % INDEX_BITS);
    return out;
  }
}

/** The child offers' columns (grouped by offer: offer i's are vStart[i] up to vStart[i + 1]). */
type Children = { vStart: Int32Array; vCents: Int32Array; vDeposit: Float64Array; vDur: Uint16Array; vDist: Uint16Array };

/** One search's child-offer filters and the duration/distance tallies they feed. */
type ChildWalk = {
  rateLo: number;
  rateHi: number;
  depLo: number;
  depHi: number;
  region: BandRegions | null;
  durPass: Uint8Array;
  distPass: Uint8Array;
  seenDur: Int32Array;
  seenDist: Int32Array;
  durCount: Int32Array;
  distCount: Int32Array;
};

/** Whether every code in list[from..to) passes. */
function allPass(list: Uint16Array | Int32Array, from: number, to: number, pass: Uint8Array): boolean {
  for (let j = from; j < to; j++) if (pass[list[j]!] !== 1) return false;
  return true;
}

/** A child of offer i that passes the child-offer filters, or -1. */
function anyChild(c: Children, i: number, w: ChildWalk): number {
  const { vCents, vDeposit, vDur, vDist } = c;
  const { rateLo, rateHi, depLo, depHi, region, durPass, distPass } = w;
  for (let v = c.vStart[i]!, end = c.vStart[i + 1]!; v < end; v++) {
    const cents = vCents[v]!;
    const deposit = vDeposit[v]!;
    if (cents < rateLo || cents > rateHi || deposit < depLo || deposit > depHi) continue;
    if (region !== null && !inRegion(deposit > 0 ? region.positive : region.zero, cents)) continue;
    if (durPass[vDur[v]!] === 1 && distPass[vDist[v]!] === 1) return v;
  }
  return -1;
}

/**
 * Offer i's cheapest child that passes the child-offer filters (-1: none), for an offer that passes
 * every offer-level filter; tallies its durations and distances too, each against the other filters.
 */
function bestChild(c: Children, i: number, w: ChildWalk): number {
  const { vCents, vDeposit, vDur, vDist } = c;
  const { rateLo, rateHi, depLo, depHi, region, durPass, distPass, seenDur, seenDist, durCount, distCount } = w;
  let b = -1;
  for (let v = c.vStart[i]!, end = c.vStart[i + 1]!; v < end; v++) {
    const cents = vCents[v]!;
    const deposit = vDeposit[v]!;
    if (cents < rateLo || cents > rateHi || deposit < depLo || deposit > depHi) continue;
    if (region !== null && !inRegion(deposit > 0 ? region.positive : region.zero, cents)) continue;
    const d = vDur[v]!;
    const k = vDist[v]!;
    const okD = durPass[d] === 1;
    const okK = distPass[k] === 1;
    // Children are in id order: a strictly lower rate wins, a tie keeps the lower id.
    if (okD && okK && (b === -1 || cents < vCents[b]!)) b = v;
    if (okK && seenDur[d] !== i) {
      seenDur[d] = i;
      durCount[d]! += 1;
    }
    if (okD && seenDist[k] !== i) {
      seenDist[k] = i;
      distCount[k]! += 1;
    }
  }
  return b;
}
