// The server's offer search index: core's OfferSearchIndex (core/offer-search-index.ts, which says
// why an index and holds the rules) over every listed offer, built from the database and kept fresh.
//
// Freshness: triggers on every table the index reads bump their connection's row in `search_versions`
// (migration 0001_search_perf); each request reads the sum of those rows with its caller
// (db/catalogue-version.ts, lib/auth.ts) and the search rebuilds the index when it changed. The index and the version are read in one REPEATABLE READ
// snapshot, so an index is never newer or older than the version it carries. A write therefore
// costs the next search one rebuild (about 0.5 s at 20,000 offers; see docs/scaling.md).
import { sql } from 'drizzle-orm';
import type { FilterLookups } from '@core/offer-filter-set';
import type { OfferSort } from '@core/offer-options';
import { OfferSearchIndex } from '@core/offer-search-index';
import type { SustainabilityBand } from '@core/offer-sustainability';
import type { OfferViewer } from '@core/offer-visibility';
import type { OfferFilters } from '@core/schemas/offers';
import type { SearchResult as CoreSearchResult } from '@core/offer-filter';
import { catalogueVersionSql } from '../../db/catalogue-version';
import type { Db, Queryable } from '../../db/client';
import { type CatalogueOffer, loadCatalogue } from './catalogue';

export type CatalogueSearch = {
  filters: Partial<OfferFilters>;
  sort: OfferSort;
  page: number;
  items: number;
  viewer: OfferViewer;
  /** The credit check's traffic-light regions (core/offer-sustainability.ts); null or absent: no restriction. */
  sustainability?: readonly SustainabilityBand[] | null;
};

/** core's search result, but hits by id: the page in order, offer id and the id of the child offer its card shows. */
export type CatalogueResult = Omit<CoreSearchResult, 'hits'> & { hits: { id: number; variationId: number }[] };

export type CatalogueIndex = {
  version: string;
  index: OfferSearchIndex<CatalogueOffer>;
  lookups: FilterLookups;
  /** Cards' rows by child-offer id, read at (or after) this version: the service fills it. */
  cardRows: Map<number, unknown>;
};

/** The search over the offers this viewer may see. */
export function searchCatalogue({ index }: CatalogueIndex, input: CatalogueSearch): CatalogueResult {
  const { hits, ...rest } = index.search(
    { ...input.filters, sort: input.sort, page: input.page, items: input.items },
    { viewer: input.viewer, sustainability: input.sustainability ?? null },
  );
  return { ...rest, hits: hits.map((h) => ({ id: h.offer.id, variationId: h.variation.id })) };
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const readVersion = async (db: Queryable) => (rowsOf<{ v: string }>(await db.execute(sql`select ${catalogueVersionSql} as v`)) as [{ v: string }])[0].v;

const cache = new WeakMap<Db, { current?: CatalogueIndex; loading?: { version: string; promise: Promise<CatalogueIndex> } }>();

async function load(db: Db): Promise<CatalogueIndex> {
  return db.transaction(
    async (tx) => {
      const v = await readVersion(tx);
      const offers = await loadCatalogue(tx);
      // One after the other: a transaction is one connection.
      const brandRows = await tx.execute(sql`select distinct brand_slug as slug, brand as name from cars`);
      const brokerRows = await tx.execute(sql`select code, name, logo from brokers`);
      const productRows = await tx.execute(sql`select code, name from products`);
      const areaRows = await tx.execute(sql`select code, label from areas`);
      const deliveryRows = await tx.execute(sql`select code, label, days from delivery_times order by days`);
      const index = new OfferSearchIndex(offers, (o) => o.audience);
      const lookups: FilterLookups = {
        brands: Object.fromEntries(rowsOf<{ slug: string; name: string }>(brandRows).map((r) => [r.slug, r.name])),
        brokers: Object.fromEntries(
          rowsOf<{ code: string; name: string; logo: string | null }>(brokerRows).map((r) => [r.code, { name: r.name, logo: r.logo }]),
        ),
        products: Object.fromEntries(rowsOf<{ code: string; name: string }>(productRows).map((r) => [r.code, r.name])),
        areas: Object.fromEntries(rowsOf<{ code: string; label: string }>(areaRows).map((r) => [r.code, r.label])),
        deliveryTimes: Object.fromEntries(
          rowsOf<{ code: string; label: string; days: number }>(deliveryRows).map((r) => [r.code, { label: r.label, days: Number(r.days) }]),
        ),
      };
      return { version: v, index, lookups, cardRows: new Map() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The index (and the filter lookups) as of the database's current search version. `known`: the version
 * the caller read already (AuthContext.catalogueVersion, read with the user); when it is the index's,
 * the index is current and no query is made.
 */
export async function catalogueIndex(db: Db, known?: string): Promise<CatalogueIndex> {
  const state = cache.get(db) ?? {};
  cache.set(db, state);
  // A known version other than the index's may be older than the database (a write landed since the
  // request began): read the current one then, as without it.
  const v = known !== undefined && known === state.current?.version ? known : await readVersion(db);
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
