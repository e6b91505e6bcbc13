// The offers search over an in-memory index of the searchable catalogue, with the semantics of
// core/offer-filter.ts (read its header first); the property test (search.property.test.ts) holds
// the two equal.
//
// Why in memory: every search also counts all 14 offer facets, durations and distances over the
// whole visible catalogue; in SQL that is a grouping over ~20,000 rows (and, with a rate, deposit,
// duration or distance filter, an aggregation over ~200,000 child offers) on every request, about
// a second at 20,000 offers (bench/results.md). Here the catalogue is held as typed arrays (facet
// values as small integer codes, child offers grouped by offer, static orders for the sorts) and a
// search is one pass over them: a few milliseconds.
//
// Freshness: triggers on every table the index reads bump the viewer's row in `search_versions`
// (migration 0001_search_perf); each search reads the sum of those rows (one indexed read) and
// rebuilds the index when it changed. The index and the version are read in one REPEATABLE READ
// snapshot, so an index is never newer or older than the version it carries. A write therefore
// costs the next search one rebuild (about 0.5 s at 20,000 offers; see docs/scaling.md).
import { sql } from 'drizzle-orm';
import { effectiveFilters, type FacetCounts, hasVariationFilters, lastPageOf, OFFER_FACETS, offerFacetSelection, type SearchResult as CoreSearchResult, VARIATION_FACETS } from '@core/offer-filter';
import type { FilterLookups } from '@core/offer-filter-set';
import type { OfferSort } from '@core/offer-options';
import type { OfferFilters } from '@core/schemas/offers';
import { Codes } from '@core/offer-search-index';
import type { SustainabilityBand } from '@core/offer-sustainability';
import type { Db } from '../../db/client';

export type Viewer = { userId: number; groupCode: string | null };

/** core inSustainabilityBands on the index's integer cents. */
const inBands = (bands: readonly SustainabilityBand[], cents: number, deposit: number) =>
  bands.some((b) => b.depositPositive === deposit > 0 && (b.rateAboveCents === null || cents > b.rateAboveCents) && (b.rateUpToCents === null || cents <= b.rateUpToCents));

export type SearchInput = {
  filters: Partial<OfferFilters>;
  sort: OfferSort;
  page: number;
  items: number;
  viewer: Viewer;
  /** The credit check's traffic-light regions (core/offer-sustainability.ts); null or absent: no restriction. */
  sustainability?: readonly SustainabilityBand[] | null;
};

/** core's search result, but hits by id: the page in order, offer id and the id of the child offer its card shows. */
export type SearchResult = Omit<CoreSearchResult, 'hits'> & { hits: { id: number; variationId: number }[] };

/** Column of each offer-level facet, in OFFER_FACETS order (booleans as 'true'/'false'). */
const FACET_SQL = [
  'brand',
  'broker',
  'category',
  'fuel',
  'gear',
  'delivery_time',
  'product',
  'stock',
  'area',
  'customer_type',
  'status',
  'novice_driver::text',
  'fast_delivery::text',
  'tag',
] as const;
const F = OFFER_FACETS.length;
/** Offer indexes go in the low bits of the sort keys. */
const INDEX_BITS = 2 ** 22;

/** The searchable catalogue: visible-to-someone offers (published, not deleted), ordered by id. */
export class OfferIndex {
  readonly n: number;
  readonly id: Int32Array;
  /** Facet value codes, row-major (offer i, facet k at i * F + k); -1 is no value. */
  readonly codes: Int32Array;
  readonly facetDict: Codes[];
  readonly isPublic: Uint8Array;
  /** Offers with an owner (user or group): few, checked one by one. */
  readonly owned: number[];
  readonly ownerUser: Int32Array;
  /** Users who own an offer of the index. */
  readonly owners: Set<number>;
  readonly ownerGroup: (string | null)[];
  // Child offers, grouped by offer and ordered by id.
  readonly vStart: Int32Array;
  readonly vId: Int32Array;
  readonly vRateCents: Int32Array;
  /** Dense rank of the rate among all rates: orders like the rate, fits a sort key. */
  readonly vRank: Int32Array;
  readonly vDeposit: Int32Array;
  readonly vDur: Int32Array;
  readonly vDist: Int32Array;
  readonly durDict: Codes;
  readonly distDict: Codes;
  readonly maxRank: number;
  // Per offer: its distinct durations and distances (codes), cheapest child offer, bounds.
  readonly oDurStart: Int32Array;
  readonly oDur: Int32Array;
  readonly oDistStart: Int32Array;
  readonly oDist: Int32Array;
  readonly cheapest: Int32Array; // child index or -1
  readonly rateMin: Float64Array; // cents, NaN without children
  readonly rateMax: Float64Array;
  readonly depositMin: Float64Array;
  readonly depositMax: Float64Array;
  // What the public offers contribute to every search (facet entries and bounds).
  readonly publicFacetHas: Uint8Array[];
  readonly publicDurHas: Uint8Array;
  readonly publicDistHas: Uint8Array;
  readonly publicBounds: [number, number, number, number];
  /** The search without filters over the public offers (the usual first search): hits, counts. */
  readonly publicUnfiltered: { hit: Uint8Array; total: number; counts: Int32Array[]; durCount: Int32Array; distCount: Int32Array };
  // Static orders of offer indexes (offers with children only where the order uses the price).
  readonly byNewest: Int32Array;
  readonly byPriceUp: Int32Array;
  readonly byPriceDown: Int32Array;
  readonly byBrand: Int32Array;
  /** Dense rank of (brand, model) compared by code unit, as COLLATE "C". */
  readonly brandRank: Int32Array;

  constructor(
    offers: { id: number; f: (string | null)[]; created: number; ownerUser: number | null; ownerGroup: string | null }[],
    variations: { offerId: number; id: number; rate: number; deposit: number; duration: number; distance: number }[],
    model: string[],
  ) {
    const n = offers.length;
    this.n = n;
    this.id = Int32Array.from(offers, (o) => o.id);
    this.facetDict = Array.from({ length: F }, () => new Codes());
    this.codes = new Int32Array(n * F);
    offers.forEach((o, i) => o.f.forEach((value, k) => (this.codes[i * F + k] = value == null ? -1 : this.facetDict[k]!.add(value))));
    this.ownerUser = Int32Array.from(offers, (o) => o.ownerUser ?? 0);
    this.owners = new Set(offers.flatMap((o) => (o.ownerUser === null ? [] : [o.ownerUser])));
    this.ownerGroup = offers.map((o) => o.ownerGroup);
    this.isPublic = Uint8Array.from(offers, (o) => (o.ownerUser === null && o.ownerGroup === null ? 1 : 0));
    this.owned = [];
    for (let i = 0; i < n; i++) if (!this.isPublic[i]) this.owned.push(i);

    const position = new Map<number, number>();
    offers.forEach((o, i) => position.set(o.id, i));
    const rows = variations.filter((v) => position.has(v.offerId)).sort((a, b) => position.get(a.offerId)! - position.get(b.offerId)! || a.id - b.id);
    this.vStart = new Int32Array(n + 1);
    for (const v of rows) this.vStart[position.get(v.offerId)! + 1]! += 1;
    for (let i = 0; i < n; i++) this.vStart[i + 1]! += this.vStart[i]!;
    this.vId = Int32Array.from(rows, (v) => v.id);
    this.vRateCents = Int32Array.from(rows, (v) => v.rate);
    const rates = [...new Set(rows.map((v) => v.rate))].sort((a, b) => a - b);
    const rank = new Map(rates.map((r, i) => [r, i]));
    this.vRank = Int32Array.from(rows, (v) => rank.get(v.rate)!);
    this.maxRank = rates.length;
    this.vDeposit = Int32Array.from(rows, (v) => v.deposit);
    this.durDict = new Codes();
    this.distDict = new Codes();
    this.vDur = Int32Array.from(rows, (v) => this.durDict.add(String(v.duration)));
    this.vDist = Int32Array.from(rows, (v) => this.distDict.add(String(v.distance)));

    const durs: number[] = [];
    const dists: number[] = [];
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
        const rate = this.vRateCents[v]!;
        const deposit = this.vDeposit[v]!;
        if (this.cheapest[i] === -1 || rate < this.vRateCents[this.cheapest[i]!]!) this.cheapest[i] = v;
        if (!(rate >= this.rateMin[i]!)) this.rateMin[i] = rate;
        if (!(rate <= this.rateMax[i]!)) this.rateMax[i] = rate;
        if (!(deposit >= this.depositMin[i]!)) this.depositMin[i] = deposit;
        if (!(deposit <= this.depositMax[i]!)) this.depositMax[i] = deposit;
        const d = this.vDur[v]!;
        if (seenDur[d] !== i) {
          seenDur[d] = i;
          durs.push(d);
        }
        const k = this.vDist[v]!;
        if (seenDist[k] !== i) {
          seenDist[k] = i;
          dists.push(k);
        }
      }
      this.oDurStart[i + 1] = durs.length;
      this.oDistStart[i + 1] = dists.length;
    }
    this.oDur = Int32Array.from(durs);
    this.oDist = Int32Array.from(dists);

    this.publicFacetHas = this.facetDict.map((d) => new Uint8Array(d.values.length));
    this.publicDurHas = new Uint8Array(this.durDict.values.length);
    this.publicDistHas = new Uint8Array(this.distDict.values.length);
    const bounds: [number, number, number, number] = [NaN, NaN, NaN, NaN];
    const unfiltered = {
      hit: new Uint8Array(n),
      total: 0,
      counts: this.facetDict.map((d) => new Int32Array(d.values.length)),
      durCount: new Int32Array(this.durDict.values.length),
      distCount: new Int32Array(this.distDict.values.length),
    };
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
    const created = offers.map((o) => o.created);
    const price = (i: number) => this.vRank[this.cheapest[i]!]!;
    // Offer indexes follow ids, so `a - b` is the id tie-break.
    this.byNewest = Int32Array.from(all.sort((a, b) => created[b]! - created[a]! || a - b));
    this.byPriceUp = Int32Array.from([...withChildren].sort((a, b) => price(a) - price(b) || a - b));
    this.byPriceDown = Int32Array.from([...withChildren].sort((a, b) => price(b) - price(a) || a - b));
    const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
    const brand = (i: number) => this.facetDict[0]!.values[this.codes[i * F]!] ?? '';
    const byName = [...all].sort((a, b) => text(brand(a), brand(b)) || text(model[a]!, model[b]!));
    this.brandRank = new Int32Array(n);
    byName.forEach((i, r) => {
      const prev = byName[r - 1];
      this.brandRank[i] = prev === undefined ? 0 : brand(prev) === brand(i) && model[prev] === model[i] ? this.brandRank[prev]! : r;
    });
    this.byBrand = Int32Array.from(withChildren.sort((a, b) => this.brandRank[a]! - this.brandRank[b]! || price(a) - price(b) || a - b));
  }

  /** Offer i in a search without filters: every child counts, the offer is a hit if it has one. */
  private countUnfiltered(i: number, r: OfferIndex['publicUnfiltered']) {
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

  search(input: SearchInput): SearchResult {
    const { n } = this;
    const f = effectiveFilters(input.filters);
    const { userId } = input.viewer;
    const groupCode = input.viewer.groupCode || null;
    const visible = (i: number) => this.isPublic[i] === 1 || this.ownerUser[i] === userId || (groupCode !== null && this.ownerGroup[i] === groupCode);

    // Offer-level filters: per facet, which value codes pass.
    const active: { k: number; pass: Uint8Array }[] = [];
    OFFER_FACETS.forEach((facet, k) => {
      const selected = offerFacetSelection(f, facet);
      if (selected === undefined) return;
      active.push({ k, pass: this.facetDict[k]!.marks(selected)! });
    });

    // Child-offer filters, as the SQL compared them (exact decimals; lists truncated to integers).
    const bands = input.sustainability ?? null;
    const byVariation = hasVariationFilters(f) || bands !== null;
    const listPass = (d: Codes, values: readonly number[] | undefined) =>
      d.marks(values?.map((v) => Math.trunc(v))) ?? new Uint8Array(d.values.length).fill(1);
    const durPass = listPass(this.durDict, f.durations);
    const distPass = listPass(this.distDict, f.unlimitedKm ? [0] : f.distances);
    const cents = (euros: number) => {
      const x = euros * 100;
      return Math.abs(x - Math.round(x)) < 1e-6 ? Math.round(x) : x;
    };
    const [rateLo, rateHi] = f.monthly_rates ? [cents(f.monthly_rates[0]), cents(f.monthly_rates[1])] : [-Infinity, Infinity];
    const [depLo, depHi] = f.deposits ? [f.deposits[0], f.deposits[1]] : [-Infinity, Infinity];

    const best = byVariation ? new Int32Array(n).fill(-1) : this.cheapest;
    const seenDur = new Int32Array(this.durDict.values.length).fill(-1);
    const seenDist = new Int32Array(this.distDict.values.length).fill(-1);
    // Without any filter, start from the public offers' precomputed answer and add the viewer's own.
    const unfiltered = active.length === 0 && !byVariation;
    const base = this.publicUnfiltered;
    const r = unfiltered
      ? { hit: base.hit.slice(), total: base.total, counts: base.counts.map((c) => c.slice()), durCount: base.durCount.slice(), distCount: base.distCount.slice() }
      : { hit: new Uint8Array(n), total: 0, counts: this.facetDict.map((d) => new Int32Array(d.values.length)), durCount: new Int32Array(seenDur.length), distCount: new Int32Array(seenDist.length) };
    if (unfiltered) for (const i of this.owned) if (visible(i)) this.countUnfiltered(i, r);
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
          const rate = this.vRateCents[v]!;
          const deposit = this.vDeposit[v]!;
          if (rate < rateLo || rate > rateHi || deposit < depLo || deposit > depHi) continue;
          if (bands !== null && !inBands(bands, rate, deposit)) continue;
          const d = this.vDur[v]!;
          const k = this.vDist[v]!;
          const okD = durPass[d] === 1;
          const okK = distPass[k] === 1;
          // Children are in id order: a strictly lower rate wins, a tie keeps the lower id.
          if (okD && okK && (b === -1 || rate < this.vRateCents[b]!)) b = v;
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
    for (const i of this.owned) {
      if (!visible(i)) continue;
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

    const offset = (input.page - 1) * input.items;
    const page = this.order(input.sort, byVariation, hit, best, total, offset + input.items).slice(offset);
    return {
      hits: page.map((i) => ({ id: this.id[i]!, variationId: this.vId[best[i]!]! })),
      total,
      lastPage: lastPageOf(total, input.items),
      currentPage: input.page,
      itemsPerPage: input.items,
      facets,
      bounds: {
        monthly_rates: Number.isNaN(b[0]) ? null : [Math.floor(b[0] / 100), Math.ceil(b[1] / 100)],
        deposits: Number.isNaN(b[2]) ? null : [Math.floor(b[2]), Math.ceil(b[3])],
      },
    };
  }

  /** The first `limit` hits in the chosen order. */
  private order(sort: OfferSort, byVariation: boolean, hit: Uint8Array, best: Int32Array, total: number, limit: number): number[] {
    const out: number[] = [];
    const walk = (order: Int32Array) => {
      for (let j = 0; j < order.length && out.length < limit; j++) if (hit[order[j]!]) out.push(order[j]!);
      return out;
    };
    if (sort === 'newest') return walk(this.byNewest);
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

type Loaded = {
  version: string;
  index: OfferIndex;
  lookups: FilterLookups;
  /** Cards' rows by child-offer id, read at (or after) this version: the service fills it. */
  cardRows: Map<number, unknown>;
};
const cache = new WeakMap<Db, { current?: Loaded; loading?: { version: string; promise: Promise<Loaded> } }>();

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const versionSql = sql`select coalesce(sum(version), 0)::text || '@' || coalesce(max(changed_at)::text, '') as v from search_versions`;

async function load(db: Db): Promise<Loaded> {
  return db.transaction(
    async (tx) => {
      const [{ v }] = rowsOf<{ v: string }>(await tx.execute(versionSql)) as [{ v: string }];
      const offers = rowsOf<Record<string, unknown>>(
        await tx.execute(
          sql.raw(`select id, model, ${FACET_SQL.map((c, k) => `${c} as f${k}`).join(', ')},
            (extract(epoch from created_at) * 1000000)::bigint::text as created, owner_user_id, owner_group
          from offers where deleted_at is null and published order by id`),
        ),
      );
      const variations = rowsOf<{ o: number; i: number; r: number; d: number; u: number; k: number }>(
        await tx.execute(sql`select v.offer_id as o, v.id as i, (v.rate * 100)::int as r, v.deposit as d, v.duration as u, v.distance as k
          from offer_variations v join offers o on o.id = v.offer_id where o.deleted_at is null and o.published`),
      );
      // One after the other: a transaction is one connection.
      const brandRows = await tx.execute(sql`select distinct brand_slug as slug, brand as name from cars`);
      const brokerRows = await tx.execute(sql`select code, name, logo from brokers`);
      const productRows = await tx.execute(sql`select code, name from products`);
      const areaRows = await tx.execute(sql`select code, label from areas`);
      const deliveryRows = await tx.execute(sql`select code, label, days from delivery_times order by days`);
      const index = new OfferIndex(
        offers.map((o) => ({
          id: Number(o.id),
          f: FACET_SQL.map((_, k) => (o[`f${k}`] == null ? null : String(o[`f${k}`]))),
          created: Number(o.created),
          ownerUser: o.owner_user_id == null ? null : Number(o.owner_user_id),
          ownerGroup: o.owner_group == null ? null : String(o.owner_group),
        })),
        variations.map((r) => ({ offerId: Number(r.o), id: Number(r.i), rate: Number(r.r), deposit: Number(r.d), duration: Number(r.u), distance: Number(r.k) })),
        offers.map((o) => String(o.model)),
      );
      const lookups: FilterLookups = {
        brands: Object.fromEntries(rowsOf<{ slug: string; name: string }>(brandRows).map((r) => [r.slug, r.name])),
        brokers: Object.fromEntries(rowsOf<{ code: string; name: string; logo: string | null }>(brokerRows).map((r) => [r.code, { name: r.name, logo: r.logo }])),
        products: Object.fromEntries(rowsOf<{ code: string; name: string }>(productRows).map((r) => [r.code, r.name])),
        areas: Object.fromEntries(rowsOf<{ code: string; label: string }>(areaRows).map((r) => [r.code, r.label])),
        deliveryTimes: Object.fromEntries(rowsOf<{ code: string; label: string; days: number }>(deliveryRows).map((r) => [r.code, { label: r.label, days: Number(r.days) }])),
      };
      return { version: v, index, lookups, cardRows: new Map() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The index (and the filter lookups) as of the database's current search version. */
export async function searchIndex(db: Db): Promise<Loaded> {
  const state = cache.get(db) ?? {};
  cache.set(db, state);
  const [{ v }] = rowsOf<{ v: string }>(await db.execute(versionSql)) as [{ v: string }];
  if (state.current?.version === v) return state.current;
  if (state.loading?.version !== v) {
    // The latest load wins; an index older than the database is rebuilt by the next search anyway.
    const promise = load(db).then(
      (loaded) => {
        state.current = loaded;
        return loaded;
      },
      (err: unknown) => {
        if (state.loading?.promise === promise) state.loading = undefined;
        throw err;
      },
    );
    state.loading = { version: v, promise };
  }
  return state.loading.promise;
}
