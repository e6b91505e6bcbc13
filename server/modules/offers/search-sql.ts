// The offers search and who sees which offer. The search itself runs over an in-memory index of the
// catalogue (search-index.ts, which explains why), read from and kept fresh by the database; the
// property test (search.property.test.ts) holds it equal to core/offer-filter.ts.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchIndex, type SearchInput, type SearchResult, type Viewer } from './search-index';

export type { Viewer };
export type SqlSearchInput = SearchInput;
export type SqlSearchResult = SearchResult;

/** Offers this viewer may see, as SQL (detail, offline copy); the index applies the same rule. */
export function visibleOffer(alias: string, viewer: Viewer): SQL {
  const o = sql.raw(alias);
  return sql`${o}.deleted_at is null and ${o}.published and ((${o}.owner_user_id is null and ${o}.owner_group is null) or ${o}.owner_user_id = ${viewer.userId} or ${o}.owner_group = ${viewer.groupCode || null})`;
}

/** The search over the offers this viewer may see (name kept from when it was one SQL statement). */
export async function searchOffersSql(db: Db, input: SqlSearchInput): Promise<SqlSearchResult> {
  const { index } = await searchIndex(db);
  return index.search(input);
}
