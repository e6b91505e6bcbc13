import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Recomputes the child-offer summary kept on each offer (min/max rate and deposit, durations,
 * distances, unlimited km) that the search reads. Whatever writes child offers calls this; for
 * named offers it also moves updated_at, so devices pick the change up in their next delta sync.
 */
export async function refreshOfferSummaries(db: Queryable, offerIds?: readonly number[]) {
  const only: SQL = offerIds ? sql`and o.id = any(${sql.raw(`'{${offerIds.map((n) => Math.trunc(n)).join(',')}}'::int[]`)})` : sql``;
  await db.execute(sql`
    update offers o set
      min_rate = s.min_rate, max_rate = s.max_rate, min_deposit = s.min_deposit, max_deposit = s.max_deposit,
      durations = coalesce(s.durations, '{}'), distances = coalesce(s.distances, '{}'), unlimited_km = coalesce(s.unlimited_km, false)
      ${offerIds ? sql`, updated_at = now()` : sql``}
    from offers o2
    left join (
      select offer_id, min(rate) as min_rate, max(rate) as max_rate, min(deposit) as min_deposit, max(deposit) as max_deposit,
        array_agg(distinct duration order by duration) as durations, array_agg(distinct distance order by distance) as distances,
        bool_or(distance = 0) as unlimited_km
      from offer_variations group by offer_id
    ) s on s.offer_id = o2.id
    where o2.id = o.id ${only}`);
}
