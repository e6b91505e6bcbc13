// The offers search in one SQL statement, with the semantics of core/offer-filter.ts (read its
// header first): a property test (search.property.test.ts) holds the two equal.
//
// Shape: `base` has one row per visible offer with
//   best   the cheapest child offer passing every variation filter (null: none),
//   dmask  bit i set when durations[i] has a child passing every variation filter but durations,
//   kmask  the same for distances,
//   ofails how many offer-level filters the offer fails, ofailed the first one.
// Facets then count rows failing nothing or only their own filter; the page sorts rows failing
// nothing. Without variation filters `base` reads the offers' child summary only (no join).
import { type SQL, sql } from 'drizzle-orm';
import {
  effectiveFilters,
  type FacetCounts,
  hasVariationFilters,
  OFFER_FACETS,
  type OfferFacet,
  offerFacetSelection,
  type Bounds,
  lastPageOf,
  VARIATION_FACETS,
} from '@core/offer-filter';
import type { OfferSort } from '@core/offer-options';
import type { SustainabilityBand } from '@core/offer-sustainability';
import type { OfferFilters } from '@core/schemas/offers';
import type { Db } from '../../db/client';

export type Viewer = { userId: number; groupCode: string | null };

export type SqlSearchInput = {
  filters: Partial<OfferFilters>;
  sort: OfferSort;
  page: number;
  items: number;
  viewer: Viewer;
  /** The credit check's traffic-light regions (core/offer-sustainability.ts); null or absent: no restriction. */
  sustainability?: readonly SustainabilityBand[] | null;
};

export type SqlSearchResult = {
  /** The page in order: offer id and the id of the child offer its card shows. */
  hits: { id: number; variationId: number }[];
  total: number;
  lastPage: number;
  currentPage: number;
  itemsPerPage: number;
  facets: FacetCounts;
  bounds: Bounds;
};

/** Column of each offer-level facet (all text, so facet values compare as text as in core). */
const FACET_COLUMN: Record<OfferFacet, string> = {
  brands: 'brand',
  brokers: 'broker',
  categories: 'category',
  fuels: 'fuel',
  gear: 'gear',
  delivery_times: 'delivery_time',
  products: 'product',
  stocks: 'stock',
  areas: 'area',
  customerType: 'customer_type',
  status: 'status',
  noviceDriver: 'novice_driver',
  fast_delivery: 'fast_delivery',
  tags: 'tag',
};
const BOOLEAN_FACETS = new Set<OfferFacet>(['noviceDriver', 'fast_delivery']);
const facetExpr = (facet: OfferFacet, alias: string) => sql.raw(`${alias}.${FACET_COLUMN[facet]}${BOOLEAN_FACETS.has(facet) ? '::text' : ''}`);

// Lists travel as one comma-joined text parameter: the same on node-postgres and PGlite, and the
// schema's code pattern has no commas.
const textList = (values: readonly (string | number)[]) => sql`string_to_array(${values.join(',')}, ',')`;
const intList = (values: readonly number[]) => sql`string_to_array(${values.map((n) => Math.trunc(n)).join(',')}, ',')::int[]`;

const SORT_SQL: Record<OfferSort, string> = {
  'price-up': 'best asc, id asc',
  'price-down': 'best desc, id asc',
  newest: 'created_at desc, id asc',
  brand: 'brand collate "C" asc, model collate "C" asc, best asc, id asc',
};

export function visibleOffer(alias: string, viewer: Viewer): SQL {
  const o = sql.raw(alias);
  return sql`${o}.deleted_at is null and ${o}.published and ((${o}.owner_user_id is null and ${o}.owner_group is null) or ${o}.owner_user_id = ${viewer.userId} or ${o}.owner_group = ${viewer.groupCode || null})`;
}

/** Euro cents as an exact numeric literal (the rate column is numeric(10,2)). */
const centsLiteral = (cents: number) => {
  if (!Number.isSafeInteger(cents)) throw new Error('cents must be an integer');
  return sql.raw(`${(cents / 100).toFixed(2)}::numeric`);
};

/** The child offers inside the traffic-light regions: the SQL twin of core inSustainabilityBands. */
export function sustainabilitySql(bands: readonly SustainabilityBand[]): SQL {
  if (bands.length === 0) return sql`false`;
  const parts = bands.map((b) => {
    const conds: SQL[] = [b.depositPositive ? sql`v.deposit > 0` : sql`v.deposit <= 0`];
    if (b.rateAboveCents !== null) conds.push(sql`v.rate > ${centsLiteral(b.rateAboveCents)}`);
    if (b.rateUpToCents !== null) conds.push(sql`v.rate <= ${centsLiteral(b.rateUpToCents)}`);
    return sql`(${sql.join(conds, sql` and `)})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

export async function searchOffersSql(db: Db, input: SqlSearchInput): Promise<SqlSearchResult> {
  const f = effectiveFilters(input.filters);
  const active = OFFER_FACETS.map((facet) => [facet, offerFacetSelection(f, facet)] as const).filter(
    (x): x is readonly [OfferFacet, readonly string[]] => x[1] !== undefined,
  );
  const passes = active.map(([facet, values]) => [facet, sql`coalesce(${facetExpr(facet, 'o')} = any(${textList(values)}), false)`] as const);
  const ofails = passes.length ? sql.join(passes.map(([, p]) => sql`(case when ${p} then 0 else 1 end)`), sql` + `) : sql`0`;
  const ofailed = passes.length ? sql`case ${sql.join(passes.map(([facet, p]) => sql`when not ${p} then ${sql.raw(`'${facet}'`)}`), sql` `)} end` : sql`null::text`;

  const pd = f.durations ? sql`v.duration = any(${intList(f.durations)})` : sql`true`;
  const distances = f.unlimitedKm ? [0] : f.distances;
  const pk = distances ? sql`v.distance = any(${intList(distances)})` : sql`true`;
  const ranges: SQL[] = [];
  if (f.monthly_rates) ranges.push(sql`v.rate between ${f.monthly_rates[0]} and ${f.monthly_rates[1]}`);
  if (f.deposits) ranges.push(sql`v.deposit between ${f.deposits[0]} and ${f.deposits[1]}`);
  if (input.sustainability) ranges.push(sustainabilitySql(input.sustainability));
  const inRange = ranges.length ? sql.join(ranges, sql` and `) : sql`true`;

  const facetCols = sql.raw(OFFER_FACETS.map((facet) => `o.${FACET_COLUMN[facet]}`).join(', '));
  const common = sql`o.id, ${facetCols}, o.created_at, o.model, o.durations, o.distances,
    o.min_rate as rmin, o.max_rate as rmax, o.min_deposit as dmin, o.max_deposit as dmax,
    ${ofails} as ofails, ${ofailed} as ofailed`;
  const fullMask = (col: string) => sql.raw(`case when cardinality(o.${col}) = 0 then 0::bigint else (1::bigint << cardinality(o.${col})) - 1 end`);
  const base = hasVariationFilters(f) || input.sustainability
    ? sql`select ${common},
          min(v.rate) filter (where ${pd} and ${pk}) as best,
          bit_or(1::bigint << (array_position(o.durations, v.duration) - 1)) filter (where ${pk}) as dmask,
          bit_or(1::bigint << (array_position(o.distances, v.distance) - 1)) filter (where ${pd}) as kmask
        from offers o left join offer_variations v on v.offer_id = o.id and ${inRange}
        where ${visibleOffer('o', input.viewer)}
        group by o.id`
    : sql`select ${common}, o.min_rate as best, ${fullMask('durations')} as dmask, ${fullMask('distances')} as kmask
        from offers o where ${visibleOffer('o', input.viewer)}`;

  const offset = (input.page - 1) * input.items;
  const query = sql`
    with base as materialized (${base}),
    facets as (
      select f, v, sum(case when ofailed is null or ofailed = f then n else 0 end)::int as n from (
        select case ${sql.raw(OFFER_FACETS.map((facet) => `when grouping(${FACET_COLUMN[facet]}) = 0 then '${facet}'`).join(' '))} end as f,
          coalesce(${sql.raw(OFFER_FACETS.map((facet) => `${FACET_COLUMN[facet]}${BOOLEAN_FACETS.has(facet) ? '::text' : ''}`).join(', '))}) as v,
          ofailed, count(*) filter (where best is not null and ofails <= 1) as n
        from base
        group by grouping sets (${sql.raw(OFFER_FACETS.map((facet) => `(${FACET_COLUMN[facet]}, ofailed)`).join(', '))})
      ) g
      where v is not null
      group by f, v
      union all
      select 'durations', d.val::text, count(*) filter (where b.ofails = 0 and (b.dmask >> (d.i::int - 1)) & 1 = 1)
      from base b cross join lateral unnest(b.durations) with ordinality as d(val, i) group by d.val
      union all
      select 'distances', d.val::text, count(*) filter (where b.ofails = 0 and (b.kmask >> (d.i::int - 1)) & 1 = 1)
      from base b cross join lateral unnest(b.distances) with ordinality as d(val, i) group by d.val
    ),
    top as (
      select id, best from base where ofails = 0 and best is not null
      order by ${sql.raw(SORT_SQL[input.sort])} limit ${input.items} offset ${offset}
    ),
    page as (
      select t.id, bv.id as vid, row_number() over () as pos from top t
      cross join lateral (
        select v.id from offer_variations v
        where v.offer_id = t.id and v.rate = t.best and ${pd} and ${pk} and ${inRange}
        order by v.id limit 1
      ) bv
    )
    select
      (select coalesce(json_agg(json_build_array(f, v, n)), '[]'::json) from facets) as facets,
      (select json_build_object('total', count(*) filter (where ofails = 0 and best is not null),
        'rmin', min(rmin), 'rmax', max(rmax), 'dmin', min(dmin), 'dmax', max(dmax)) from base) as stats,
      (select coalesce(json_agg(json_build_array(id, vid) order by pos), '[]'::json) from page) as page`;

  // At 20k offers the materialised rows and the grouping outgrow the default 4 MB of work_mem
  // (EXPLAIN showed them written to temp files); the larger value is scoped to this transaction.
  const res = (await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', '64MB', true)`);
    return tx.execute(query);
  })) as unknown as { rows: Record<string, unknown>[] };
  const row = res.rows[0] ?? {};
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const facetRows = parse<[string, string, number][]>(row.facets);
  const stats = parse<{ total: number; rmin: number | null; rmax: number | null; dmin: number | null; dmax: number | null }>(row.stats);
  const page = parse<[number, number][]>(row.page);

  const facets = Object.fromEntries([...OFFER_FACETS, ...VARIATION_FACETS].map((name) => [name, {} as Record<string, number>])) as FacetCounts;
  for (const [name, value, n] of facetRows) facets[name as keyof FacetCounts][value] = Number(n);
  const total = Number(stats.total);
  const num = (v: number | null) => (v === null ? null : Number(v));
  const rmin = num(stats.rmin);
  const rmax = num(stats.rmax);
  const dmin = num(stats.dmin);
  const dmax = num(stats.dmax);
  return {
    hits: page.map(([id, vid]) => ({ id: Number(id), variationId: Number(vid) })),
    total,
    lastPage: lastPageOf(total, input.items),
    currentPage: input.page,
    itemsPerPage: input.items,
    facets,
    bounds: {
      monthly_rates: rmin !== null && rmax !== null ? [Math.floor(rmin), Math.ceil(rmax)] : null,
      deposits: dmin !== null && dmax !== null ? [Math.floor(dmin), Math.ceil(dmax)] : null,
    },
  };
}
