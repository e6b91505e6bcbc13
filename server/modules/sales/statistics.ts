import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type AgentStatistics, type StatsInterval } from '@core/schemas/sales';
import { AGENT_RECENT_QUOTATIONS, type AgentPage, type NetworkStatistics } from '@core/schemas/network';
import type { Db } from '../../db/client';
import { customers, quotations, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { QuotationsService } from '../quotations/service';
import { TZ, agentSummary } from './sql';
import { QuotationListService } from './quotation-list';

/** Step and length of each dashboard period; the previous period is the same length just before it. */
const PERIODS: Record<StatsInterval, { unit: 'day' | 'month' | 'year'; back: string; length: string }> = {
  today: { unit: 'day', back: '0 days', length: '1 day' },
  days: { unit: 'day', back: '6 days', length: '7 days' },
  month: { unit: 'month', back: '0 months', length: '1 month' },
  prevmonth: { unit: 'month', back: '1 month', length: '1 month' },
  year: { unit: 'year', back: '0 years', length: '1 year' },
  prevyear: { unit: 'year', back: '1 year', length: '1 year' },
};

/** Dashboard figures, an agent's page and a leader's network (spec §8). */
export class StatisticsService {
  constructor(
    private readonly db: Db,
    private readonly quotationsService: QuotationsService,
    private readonly list: QuotationListService,
  ) {}

  /**
   * The owners an agent code stands for: the caller's own code gives their scope (the whole network
   * for a group leader), an agent of the leader's network gives that agent alone; anything else is 404.
   */
  private async ownersFor(auth: AuthContext, code: string): Promise<number[]> {
    const scope = await this.quotationsService.scope(auth);
    if (code === auth.user.code) return scope;
    const [agent] = await this.db.select({ id: users.id }).from(users).where(eq(users.code, code));
    if (!agent || !scope.includes(agent.id)) throw notFound('Agente non trovato');
    return [agent.id];
  }

  async statistics(auth: AuthContext, code: string, interval: StatsInterval, now: Date = new Date()): Promise<AgentStatistics> {
    return this.figures(auth, await this.ownersFor(auth, code), interval, now);
  }

  /** Bounds of a dashboard period in Rome time: its days as text, and the instants of start, end and the previous period's start. */
  async range(interval: StatsInterval, now: Date = new Date()) {
    const p = PERIODS[interval];
    const tz = sql.raw(`'${TZ}'`);
    const local = sql`(${now.toISOString()}::timestamptz at time zone ${tz})`;
    const startLocal = sql`(date_trunc(${p.unit}, ${local}) - ${p.back}::interval)`;
    // Bounds as Rome wall-clock timestamps, then as instants.
    const [range] = (
      (await this.db.execute(sql`
      select to_char(${startLocal}, 'YYYY-MM-DD') as start_day,
             to_char(${startLocal} + ${p.length}::interval - interval '1 day', 'YYYY-MM-DD') as end_day,
             (${startLocal} at time zone ${tz}) as start_at,
             ((${startLocal} + ${p.length}::interval) at time zone ${tz}) as end_at,
             ((${startLocal} - ${p.length}::interval) at time zone ${tz}) as prev_at,
             extract(year from ${startLocal})::int as year,
             (date_trunc('year', ${startLocal}) at time zone ${tz}) as year_at,
             ((date_trunc('year', ${startLocal}) + interval '1 year') at time zone ${tz}) as year_end_at
    `)) as unknown as {
        rows: {
          start_day: string;
          end_day: string;
          start_at: string | Date;
          end_at: string | Date;
          prev_at: string | Date;
          year: number;
          year_at: string | Date;
          year_end_at: string | Date;
        }[];
      }
    ).rows;
    const r = range!;
    const at = (v: string | Date) => new Date(v);
    return {
      startDay: r.start_day,
      endDay: r.end_day,
      year: Number(r.year),
      startAt: at(r.start_at),
      endAt: at(r.end_at),
      prevAt: at(r.prev_at),
      yearAt: at(r.year_at),
      yearEndAt: at(r.year_end_at),
    };
  }

  /** The dashboard figures of these owners together. */
  async figures(auth: AuthContext, owners: number[], interval: StatsInterval, now: Date = new Date()): Promise<AgentStatistics> {
    const tz = sql.raw(`'${TZ}'`);
    const rg = await this.range(interval, now);
    const { startAt, endAt, prevAt, yearAt, yearEndAt } = rg;
    const r = { start_day: rg.startDay, end_day: rg.endDay, year: rg.year };
    const mine = inArray(quotations.ownerId, owners);

    const sum = (status: 'WON' | 'OPEN') => sql<string | null>`coalesce(sum(${quotations.commission}) filter (where ${quotations.status} = ${status}), 0)`;
    const [[cur], [prev], [cust], monthlyRows] = await Promise.all([
      this.db
        .select({
          open: sql<number>`count(*) filter (where ${quotations.status} = 'OPEN')::int`,
          won: sql<number>`count(*) filter (where ${quotations.status} = 'WON')::int`,
          lost: sql<number>`count(*) filter (where ${quotations.status} = 'LOST')::int`,
          effective: sum('WON'),
          potential: sum('OPEN'),
        })
        .from(quotations)
        .where(and(mine, gte(quotations.createdAt, startAt), lt(quotations.createdAt, endAt))),
      this.db
        .select({ effective: sum('WON') })
        .from(quotations)
        .where(and(mine, gte(quotations.createdAt, prevAt), lt(quotations.createdAt, startAt))),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(and(inArray(customers.ownerId, owners), gte(customers.createdAt, startAt), lt(customers.createdAt, endAt))),
      this.db
        .select({
          // The month by binary search in the year's 11 month starts (computed once): no time zone conversion per row.
          month: sql<number>`(width_bucket(${quotations.createdAt}, (select array_agg(((${yearAt.toISOString()}::timestamptz at time zone ${tz}) + make_interval(months => m)) at time zone ${tz} order by m) from generate_series(1, 11) as m)) + 1)::int`,
          open: sql<number>`count(*) filter (where ${quotations.status} = 'OPEN')::int`,
          won: sql<number>`count(*) filter (where ${quotations.status} = 'WON')::int`,
          lost: sql<number>`count(*) filter (where ${quotations.status} = 'LOST')::int`,
        })
        .from(quotations)
        // Bounds on created_at (not extract(year …) = y), so the (owner, created_at) index serves it.
        .where(and(mine, gte(quotations.createdAt, yearAt), lt(quotations.createdAt, yearEndAt)))
        .groupBy(sql`1`),
    ]);
    const seller = auth.can('fees-visibility');
    const money = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100) / 100;
    return {
      open: Number(cur?.open ?? 0),
      won: Number(cur?.won ?? 0),
      lost: Number(cur?.lost ?? 0),
      effective_profit: seller ? money(cur?.effective) : null,
      previous_effective_profit: seller ? money(prev?.effective) : null,
      potential_profit: money(cur?.potential),
      new_customers: Number(cust?.n ?? 0),
      selectedRange: { interval, start: r.start_day, end: r.end_day },
      monthly: Array.from({ length: 12 }, (_, i) => {
        const m = monthlyRows.find((x) => Number(x.month) === i + 1);
        return { month: i + 1, open: Number(m?.open ?? 0), won: Number(m?.won ?? 0), lost: Number(m?.lost ?? 0) };
      }),
    };
  }

  /** The page of one agent: the caller, or for a group leader an agent of their network; anyone else is 404. */
  async agentPage(auth: AuthContext, code: string, interval: StatsInterval, now: Date = new Date()): Promise<AgentPage> {
    const scope = await this.quotationsService.scope(auth);
    const [u] = await this.db.select().from(users).where(eq(users.code, code));
    if (!u || !scope.includes(u.id)) throw notFound('Agente non trovato');
    const [parent] = u.parentId ? await this.db.select({ code: users.code, name: users.name }).from(users).where(eq(users.id, u.parentId)) : [];
    const [cust] = await this.db.select({ n: count() }).from(customers).where(eq(customers.ownerId, u.id));
    const [statistics, recent] = await Promise.all([
      this.figures(auth, [u.id], interval, now),
      this.list.items(auth, eq(quotations.ownerId, u.id), [desc(quotations.createdAt), desc(quotations.id)], AGENT_RECENT_QUOTATIONS, 0),
    ]);
    return {
      agent: {
        ...agentSummary(u),
        email: u.email,
        phone: u.phone,
        title: u.title,
        status: u.status,
        group_name: u.groupName,
        parent: parent && scope.includes(u.parentId!) ? parent : null,
        created_at: u.createdAt.toISOString(),
        customers: Number(cust?.n ?? 0),
      },
      statistics,
      recent_quotations: recent.map(({ day: _day, ...item }) => item),
    };
  }

  /** Per-agent figures of a group leader's network (the leader first) and their totals, for /admin. */
  async network(auth: AuthContext, interval: StatsInterval, now: Date = new Date()): Promise<NetworkStatistics> {
    const scope = await this.quotationsService.scope(auth);
    const { startAt, endAt, startDay, endDay } = await this.range(interval, now);
    const seller = auth.can('fees-visibility');
    const money = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100) / 100;
    const sum = (status: 'WON' | 'OPEN') => sql<string | null>`coalesce(sum(${quotations.commission}) filter (where ${quotations.status} = ${status}), 0)`;
    const [people, qRows, newRows, allRows] = await Promise.all([
      this.db.select().from(users).where(inArray(users.id, scope)),
      this.db
        .select({
          owner: quotations.ownerId,
          open: sql<number>`count(*) filter (where ${quotations.status} = 'OPEN')::int`,
          won: sql<number>`count(*) filter (where ${quotations.status} = 'WON')::int`,
          lost: sql<number>`count(*) filter (where ${quotations.status} = 'LOST')::int`,
          effective: sum('WON'),
          potential: sum('OPEN'),
        })
        .from(quotations)
        .where(and(inArray(quotations.ownerId, scope), gte(quotations.createdAt, startAt), lt(quotations.createdAt, endAt)))
        .groupBy(quotations.ownerId),
      this.db
        .select({ owner: customers.ownerId, n: sql<number>`count(*)::int` })
        .from(customers)
        .where(and(inArray(customers.ownerId, scope), gte(customers.createdAt, startAt), lt(customers.createdAt, endAt)))
        .groupBy(customers.ownerId),
      this.db
        .select({ owner: customers.ownerId, n: sql<number>`count(*)::int` })
        .from(customers)
        .where(inArray(customers.ownerId, scope))
        .groupBy(customers.ownerId),
    ]);
    const codeOf = new Map(people.map((u) => [u.id, u.code]));
    people.sort((a, b) => Number(b.id === auth.user.id) - Number(a.id === auth.user.id) || a.name.localeCompare(b.name, 'it') || a.id - b.id);
    const agents = people.map((u) => {
      const q = qRows.find((x) => x.owner === u.id);
      return {
        agent: {
          ...agentSummary(u),
          status: u.status,
          parent_code: u.parentId ? (codeOf.get(u.parentId) ?? null) : null,
        },
        open: Number(q?.open ?? 0),
        won: Number(q?.won ?? 0),
        lost: Number(q?.lost ?? 0),
        effective_profit: seller ? money(q?.effective) : null,
        potential_profit: money(q?.potential),
        new_customers: Number(newRows.find((x) => x.owner === u.id)?.n ?? 0),
        customers: Number(allRows.find((x) => x.owner === u.id)?.n ?? 0),
      };
    });
    const add = (k: 'open' | 'won' | 'lost' | 'potential_profit' | 'new_customers' | 'customers') => agents.reduce((t, a) => t + a[k], 0);
    return {
      selectedRange: { interval, start: startDay, end: endDay },
      agents,
      totals: {
        open: add('open'),
        won: add('won'),
        lost: add('lost'),
        effective_profit: seller ? money(agents.reduce((t, a) => t + (a.effective_profit ?? 0), 0)) : null,
        potential_profit: money(add('potential_profit')),
        new_customers: add('new_customers'),
        customers: add('customers'),
      },
    };
  }
}
