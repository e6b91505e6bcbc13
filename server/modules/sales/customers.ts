import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { CONTRACTUAL_CATEGORIES } from '@core/categories';
import {
  CUSTOMER_QUOTATIONS_LIMIT,
  type CustomerDetail,
  type CustomerList,
  type CustomerListItem,
  type CustomerSearchParsed,
  CUSTOMERS_PER_PAGE,
} from '@core/schemas/network';
import type { Db } from '../../db/client';
import { customers, quotations, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { QuotationsService } from '../quotations/service';
import { containsText } from '../../lib/text-search';
import { customerName, CUSTOMER_TEXT } from './sql';
import { QuotationListService } from './quotation-list';

/** The customers list and a customer's page, within the caller's scope. */
export class CustomersService {
  constructor(
    private readonly db: Db,
    private readonly quotationsService: QuotationsService,
    private readonly list: QuotationListService,
  ) {}

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
    const list = await this.list.items(
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
}
