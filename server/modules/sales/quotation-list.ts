import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { CONTRACTUAL_CATEGORIES } from '@core/categories';
import { STATUS_LABELS, trackerStep } from '@core/quotation';
import {
  type AgentSummary,
  type QuotationFilters,
  type QuotationList,
  type QuotationListItem,
  type QuotationSearchParsed,
  QUOTATIONS_PER_PAGE,
} from '@core/schemas/sales';
import type { Db } from '../../db/client';
import { customerActivity } from '@core/share';
import { cars, offers, offerVariations, quotationDocuments, quotations, quotationShares, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import type { QuotationsService } from '../quotations/service';
import { containsText } from '../../lib/text-search';
import { romeDay, romeMidnight, snap, quotationCustomerName, QUOTATION_CUSTOMER_TEXT, agentSummary } from './sql';

export type ExportRow = QuotationListItem & { day: string };

type ShareFacts = { createdAt: string | null; lastOpenedAt: string | null; acceptedAt: string | null; signedAt?: string | null; lastDocumentAt: string | null };
/** Timestamps out of json_build_object (PostgreSQL's text form), as ISO strings. */
const isoOf = (t: string | null) => (t ? new Date(t).toISOString() : null);
const isoFacts = (f: ShareFacts | string) => {
  const facts = typeof f === 'string' ? (JSON.parse(f) as ShareFacts) : f;
  return {
    createdAt: isoOf(facts.createdAt) ?? new Date(0).toISOString(),
    lastOpenedAt: isoOf(facts.lastOpenedAt),
    acceptedAt: isoOf(facts.acceptedAt),
    signedAt: isoOf(facts.signedAt ?? null),
    lastDocumentAt: isoOf(facts.lastDocumentAt),
  };
};

/** The quotations list and its export (spec §7): filters, scope, pages. */
export class QuotationListService {
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
        // The customer's link (docs/adr/0133-customer-link.md): when it was first sent, last opened, last given a document, accepted.
        shareFacts: sql<ShareFacts | null>`(select json_build_object('createdAt', min(${quotationShares.createdAt}), 'lastOpenedAt', max(${quotationShares.lastOpenedAt}),
          'acceptedAt', max(${quotationShares.acceptedAt}), 'signedAt', max(${quotationShares.acceptedAt}) filter (where ${quotationShares.acceptedPdfSha256} is not null), 'lastDocumentAt', (select max(d.created_at) from ${quotationDocuments} d where d.quotation_id = ${quotations.id} and d.share_id is not null))
          from ${quotationShares} where ${quotationShares.quotationId} = ${quotations.id} having count(*) > 0)`,
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
        customer_activity: r.shareFacts ? customerActivity([isoFacts(r.shareFacts)]) : null,
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
}
