// The caller's fee settings through their network (core/network-fees.ts) and whether the offer's margin is
// theirs to see: docs/adr/0052-network-margins-sub-agents-see-their-own.md.
import { sql } from 'drizzle-orm';
import type { AgentFeeSettings } from '@core/offer-detail';
import { networkFeeSettings } from '@core/network-fees';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth';

export interface ViewerFees {
  settings: AgentFeeSettings;
  /** The offer's margin is the network's: only an agent at the head of one (no parent) is sent it. */
  showMargin: boolean;
}

/** Networks are a few levels deep; a loop in parent ids (never made by the team screens) stops here. */
const MAX_DEPTH = 20;

export async function viewerFees(db: Db, user: AuthUser): Promise<ViewerFees> {
  const own = { feeType: user.feeType, feeValue: user.feeValue };
  if (user.parentId === null) return { settings: own, showMargin: true };
  if (user.feeType !== 'HIERARCHICAL_PERCENTAGE') return { settings: networkFeeSettings([own]), showMargin: false };
  const ancestors = (await db.execute(sql`
    with recursive chain(id, parent_id, fee_type, fee_value, depth) as (
      select id, parent_id, fee_type, fee_value, 1 from users where id = ${user.parentId}
      union all
      select u.id, u.parent_id, u.fee_type, u.fee_value, chain.depth + 1 from users u join chain on u.id = chain.parent_id where chain.depth < ${MAX_DEPTH}
    )
    select fee_type, fee_value from chain order by depth`)) as unknown as { rows: { fee_type: string; fee_value: string | number }[] };
  const chain = [own, ...ancestors.rows.map((r) => ({ feeType: r.fee_type, feeValue: Number(r.fee_value) }))];
  return { settings: networkFeeSettings(chain), showMargin: false };
}
