import { sql } from 'drizzle-orm';

/**
 * The version of everything the offer search index reads: triggers on those tables bump their
 * connection's row in `search_versions` (migration 0001), so the sum (with the latest change time)
 * changes with every committed write. Read with the user of every request signed in with a token
 * (lib/auth.ts), it lets the search reuse its in-memory index without a round trip of its own
 * (offers/catalogue-index.ts).
 */
export const catalogueVersionSql = sql<string>`(select coalesce(sum(version), 0)::text || '@' || coalesce(max(changed_at)::text, '') from search_versions)`;
