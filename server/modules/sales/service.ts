import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { CONTRACTUAL_CATEGORIES } from '@core/categories';
import { STATUS_LABELS, trackerStep } from '@core/quotation';
import {
  type AgentStatistics,
  type AgentSummary,
  type QuotationFilters,
  type QuotationList,
  type QuotationListItem,
  type QuotationSearchParsed,
  QUOTATIONS_PER_PAGE,
  type StatsInterval,
} from '@core/schemas/sales';
import {
  AGENT_RECENT_QUOTATIONS,
  type AgentPage,
  CUSTOMER_QUOTATIONS_LIMIT,
  type CustomerDetail,
  type CustomerList,
  type CustomerListItem,
  type CustomerSearchParsed,
  CUSTOMERS_PER_PAGE,
  type NetworkStatistics,
} from '@core/schemas/network';
import type { Db } from '../../db/client';
import { cars, customers, offers, offerVariations, quotationDocuments, quotations, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { QuotationsService } from '../quotations/service';
import { logoUrl } from '../agents/profile';
import { containsText } from '../../lib/text-search';

const TZ = 'Europe/Rome';
/** The Rome calendar day of a quotation, as text: what the list filters on and the export shows. */
const romeDay = sql<string>`to_char(${quotations.createdAt} at time zone ${sql.raw(`'${TZ}'`)}, 'YYYY-MM-DD')`;
/** Start of a Rome calendar day as an instant: index-friendly bounds on created_at. */
const romeMidnight = (ymd: string, plusDays = 0) => sql`((${ymd}::date + ${plusDays}::int)::timestamp at time zone ${sql.raw(`'${TZ}'`)})`;

export type ExportRow = QuotationListItem & { day: string };

/** Step and length of each dashboard period; the previous period is the same length just before it. */
const PERIODS: Record<StatsInterval, { unit: 'day' | 'month' | 'year'; back: string; length: string }> = {
  today: { unit: 'day', back: '0 days', length: '1 day' },
  days: { unit: 'day', back: '6 days', length: '7 days' },
  month: { unit: 'month', back: '0 months', length: '1 month' },
  prevmonth: { unit: 'month', back: '1 month', length: '1 month' },
  year: { unit: 'year', back: '0 years', length: '1 year' },
  prevyear: { unit: 'year', back: '1 year', length: '1 year' },
};

const customerName = sql<string>`case when ${customers.businessName} <> '' then ${customers.businessName} else trim(${customers.firstName} || ' ' || ${customers.lastName}) end`;

/** What a customer text search looks in: the name either way round, the company name and the email. */
const CUSTOMER_TEXT = [
  sql`${customers.firstName} || ' ' || ${customers.lastName}`,
  sql`${customers.lastName} || ' ' || ${customers.firstName}`,
  customers.businessName,
  customers.email,
];

/**
 * The same of a quotation, read from its own copy of the customer (quotations.customer): a list, an
 * export or a search shows the customer the quotation was made for, whatever the record says today.
 */
const snap = (field: string) => sql<string>`(${quotations.customer} ->> ${sql.raw(`'${field}'`)})`;
const quotationCustomerName = sql<string>`case when ${snap('business_name')} <> '' then ${snap('business_name')} else trim(${snap('first_name')} || ' ' || ${snap('last_name')}) end`;
const QUOTATION_CUSTOMER_TEXT = [
  sql`${snap('first_name')} || ' ' || ${snap('last_name')}`,
  sql`${snap('last_name')} || ' ' || ${snap('first_name')}`,
  snap('business_name'),
  snap('email'),
];

/** An agent as lists show them (filters, dashboard, agent page, network). */
const agentSummary = (u: typeof users.$inferSelect): AgentSummary => ({
  id: u.id,
  code: u.code,
  name: u.name,
  business_name: u.businessName,
  role: u.role,
  roleName: u.roleName,
  image: logoUrl(u),
});

export class SalesService {
  constructor(
    private readonly db: Db,
    private readonly quotationsService: QuotationsService,
  ) {}

  /** Agents visible to the caller, for the agent filter and the dashboard's agent list. */
  async agents(auth: AuthContext): Promise<AgentSummary[]> {
    const ids = await this.quotationsService.scope(auth);
    const rows = await this.db
      .select()
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(sql`${users.id} <> ${auth.user.id}`, asc(users.name));
    return rows.map(agentSummary);
  }

  async filters(auth: AuthContext): Promise<QuotationFilters> {
    return {
      statuses: (['OPEN', 'WON', 'LOST'] as const).map((value) => ({ value, label: STATUS_LABELS[value] })),
      sorts: [
        { value: 'date-desc', label: 'Più recenti' },
        { value: 'date-asc', label: 'Meno recenti' },
      ],
      agents: await this.agents(auth),
    };
  }

  /** The list's conditions, on the quotations table alone. */
  private async where(auth: AuthContext, f: QuotationSearchParsed): Promise<SQL> {
    const scope = await this.quotationsService.scope(auth);
    // An agent outside the caller's scope simply matches nothing.
    const owners = f.agent_id ? scope.filter((id) => id === f.agent_id) : scope;
    const parts: (SQL | undefined)[] = [
      inArray(quotations.ownerId, owners.length ? owners : [-1]),
      gte(quotations.createdAt, romeMidnight(f.startDate) as unknown as Date),
      lt(quotations.createdAt, romeMidnight(f.endDate, 1) as unknown as Date),
    ];
    if (f.status.length) parts.push(inArray(quotations.status, f.status));
    if (f.query) parts.push(containsText(f.query, QUOTATION_CUSTOMER_TEXT));
    if (f.fiscal_code) {
      const code = f.fiscal_code.toUpperCase();
      parts.push(or(ilike(snap('fiscal_code'), `${code}%`), ilike(snap('vat_number'), `${code}%`)));
    }
    if (f.quotation_id) {
      const n = /^\d{1,9}$/.test(f.quotation_id) ? Number(f.quotation_id) : null;
      parts.push(or(eq(quotations.code, f.quotation_id), n !== null ? eq(quotations.id, n) : undefined));
    }
    return and(...parts)!;
  }

  private async rows(auth: AuthContext, f: QuotationSearchParsed, page: number | null): Promise<ExportRow[]> {
    const where = await this.where(auth, f);
    const order = f.sort === 'date-asc' ? [asc(quotations.createdAt), asc(quotations.id)] : [desc(quotations.createdAt), desc(quotations.id)];
    return page === null ? this.items(auth, where, order, null) : this.items(auth, where, order, QUOTATIONS_PER_PAGE, (page - 1) * QUOTATIONS_PER_PAGE);
  }

  /**
   * List items of the quotations matching `where` (already scoped by the caller, on quotations
   * alone), in `order`. A page picks its ids first and joins only those: joining every match before
   * the limit cost 0.6 s for a network year (bench/results-api.md).
   */
  async items(auth: AuthContext, where: SQL, order: SQL[], limit: number | null, offset = 0): Promise<ExportRow[]> {
    const seller = auth.can('fees-visibility');
    let picked = where;
    if (limit !== null) {
      const ids = this.db.select({ id: quotations.id }).from(quotations).where(where);
      picked = inArray(
        quotations.id,
        ids
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      );
    }
    const rows = await this.db
      .select({
        q: quotations,
        day: romeDay,
        customerName: quotationCustomerName,
        category: snap('employee_category'),
        carName: sql<string | null>`${cars.brand} || ' ' || ${cars.model} || ' ' || ${cars.version}`,
        agentName: users.name,
        hasAssistant: sql<boolean>`${users.botUuid} is not null`,
        hasAttachments: sql<boolean>`exists (select 1 from ${quotationDocuments} where ${quotationDocuments.quotationId} = ${quotations.id})`,
        stillValid: sql<boolean>`(${offers.id} is not null and ${offers.deletedAt} is null and ${offers.updatedAt} <= ${quotations.createdAt} and exists (select 1 from ${offerVariations} where ${offerVariations.offerId} = ${offers.id} and ${offerVariations.ref} = ${quotations.offerRef}))`,
      })
      .from(quotations)
      .innerJoin(users, eq(users.id, quotations.ownerId))
      .leftJoin(offers, eq(offers.id, quotations.offerId))
      .leftJoin(cars, eq(cars.id, offers.carId))
      .where(picked)
      .orderBy(...order);
    return rows.map((r) => {
      const answers = (r.q.sustainability?.answers ?? {}) as Record<string, unknown>;
      const hasAttachments = Boolean(r.hasAttachments);
      return {
        proposal_id: r.q.id,
        code: r.q.code,
        status: r.q.status,
        step: trackerStep({ sustainabilityAnswers: answers, code: r.q.code, hasAttachments, status: r.q.status }),
        date: r.q.createdAt.toISOString(),
        day: r.day,
        customer_name: r.customerName,
        car_name: r.carName ?? r.q.offerRef,
        price: r.q.price,
        deposit: r.q.deposit,
        commission: seller ? r.q.commission : null,
        agent_name: r.agentName,
        hasAttachments,
        stillValid: Boolean(r.stillValid),
        // Qualified: the credit check gave a good chance (response.chance 2).
        qualified: r.q.sustainability?.response?.chance === 2,
        crm_id: null,
        category: { id: r.category, description: CONTRACTUAL_CATEGORIES.find((c) => c.value === r.category)?.label ?? r.category },
        sustainability: { answers },
        hasAssistant: Boolean(r.hasAssistant),
      };
    });
  }

  async list(auth: AuthContext, f: QuotationSearchParsed): Promise<QuotationList> {
    const where = await this.where(auth, f);
    const [totalRow] = await this.db.select({ n: count() }).from(quotations).where(where);
    const total = Number(totalRow?.n ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / QUOTATIONS_PER_PAGE));
    const rows = await this.rows(auth, f, f.page);
    return { items: { data: rows.map(({ day: _day, ...item }) => item) }, total, lastPage, currentPage: f.page, itemsPerPage: QUOTATIONS_PER_PAGE };
  }

  /** Every row of the filter, all pages, in the list's order. */
  exportRows(auth: AuthContext, f: QuotationSearchParsed): Promise<ExportRow[]> {
    return this.rows(auth, f, null);
  }

  // ----------------------------------------------------------------------------- statistics

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

  // ----------------------------------------------------------------------------- customers

  private customerItem(r: {
    c: typeof customers.$inferSelect;
    agentCode: string;
    agentName: string;
    quotations: number;
    last: string | Date | null;
  }): CustomerListItem {
    const c = r.c;
    return {
      id: c.id,
      name: c.businessName || `${c.firstName} ${c.lastName}`.trim(),
      first_name: c.firstName,
      last_name: c.lastName,
      business_name: c.businessName,
      fiscal_code: c.fiscalCode,
      vat_number: c.vatNumber,
      email: c.email,
      phone: c.phone,
      city: c.city,
      employee_type: c.employeeType,
      category: { id: c.employeeCategory, description: CONTRACTUAL_CATEGORIES.find((x) => x.value === c.employeeCategory)?.label ?? c.employeeCategory },
      agent: { code: r.agentCode, name: r.agentName },
      quotations: Number(r.quotations ?? 0),
      last_quotation: r.last === null ? null : new Date(r.last).toISOString(),
      created_at: c.createdAt.toISOString(),
    };
  }

  private customerSelect() {
    return this.db
      .select({
        c: customers,
        agentCode: users.code,
        agentName: users.name,
        quotations: sql<number>`(select count(*) from ${quotations} where ${quotations.customerId} = ${customers.id})::int`,
        last: sql<string | null>`(select max(${quotations.createdAt}) from ${quotations} where ${quotations.customerId} = ${customers.id})`,
      })
      .from(customers)
      .innerJoin(users, eq(users.id, customers.ownerId));
  }

  /** The caller's customers (a leader's: the network's), alphabetical, 10 a page. */
  async customers(auth: AuthContext, f: CustomerSearchParsed): Promise<CustomerList> {
    const scope = await this.quotationsService.scope(auth);
    // An agent outside the caller's scope simply matches nothing, as in the quotations list.
    const owners = f.agent_id ? scope.filter((x) => x === f.agent_id) : scope;
    const parts: (SQL | undefined)[] = [inArray(customers.ownerId, owners.length ? owners : [-1])];
    if (f.query) parts.push(containsText(f.query, [...CUSTOMER_TEXT, customers.fiscalCode, customers.vatNumber]));
    const where = and(...parts)!;
    const [totalRow] = await this.db.select({ n: count() }).from(customers).where(where);
    const total = Number(totalRow?.n ?? 0);
    const lastPage = Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE));
    const rows = await this.customerSelect()
      .where(where)
      .orderBy(sql`lower(${customerName})`, asc(customers.id))
      .limit(CUSTOMERS_PER_PAGE)
      .offset((f.page - 1) * CUSTOMERS_PER_PAGE);
    return { items: { data: rows.map((r) => this.customerItem(r)) }, total, lastPage, currentPage: f.page, itemsPerPage: CUSTOMERS_PER_PAGE };
  }

  /** One customer of the caller's scope with their quotations; anything else is 404. */
  async customer(auth: AuthContext, customerId: number): Promise<CustomerDetail> {
    const scope = await this.quotationsService.scope(auth);
    const [r] = await this.customerSelect().where(and(eq(customers.id, customerId), inArray(customers.ownerId, scope)));
    if (!r) throw notFound('Cliente non trovato');
    const list = await this.items(
      auth,
      and(eq(quotations.customerId, customerId), inArray(quotations.ownerId, scope))!,
      [desc(quotations.createdAt), desc(quotations.id)],
      CUSTOMER_QUOTATIONS_LIMIT,
      0,
    );
    return {
      ...this.customerItem(r),
      zip_code: r.c.zipCode,
      address: r.c.address,
      employee_secondary_type: r.c.employeeSecondaryType,
      notes: r.c.notes,
      quotation_list: list.map(({ day: _day, ...item }) => item),
    };
  }

  // ----------------------------------------------------------------------------- agent page and network

  /** The page of one agent: the caller, or for a group leader an agent of their network; anyone else is 404. */
  async agentPage(auth: AuthContext, code: string, interval: StatsInterval, now: Date = new Date()): Promise<AgentPage> {
    const scope = await this.quotationsService.scope(auth);
    const [u] = await this.db.select().from(users).where(eq(users.code, code));
    if (!u || !scope.includes(u.id)) throw notFound('Agente non trovato');
    const [parent] = u.parentId ? await this.db.select({ code: users.code, name: users.name }).from(users).where(eq(users.id, u.parentId)) : [];
    const [cust] = await this.db.select({ n: count() }).from(customers).where(eq(customers.ownerId, u.id));
    const [statistics, recent] = await Promise.all([
      this.figures(auth, [u.id], interval, now),
      this.items(auth, eq(quotations.ownerId, u.id), [desc(quotations.createdAt), desc(quotations.id)], AGENT_RECENT_QUOTATIONS, 0),
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
