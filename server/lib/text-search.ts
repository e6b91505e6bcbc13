import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';

/**
 * Rows where any of `columns` (or SQL expressions) contains `query`, ignoring case. The query's LIKE
 * wildcards (% and _) and the escape character are matched literally.
 */
export function containsText(query: string, columns: readonly (AnyColumn | SQL)[]): SQL {
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, like)))!;
}
