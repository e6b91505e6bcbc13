// SQL pieces the sales services share: Rome-time days, customer names and searchable text, the agent summary.
import { sql } from 'drizzle-orm';
import { type AgentSummary } from '@core/schemas/sales';
import { customers, quotations, users } from '../../db/schema';
import { logoUrl } from '../agents/profile';

export const TZ = 'Europe/Rome';
/** The Rome calendar day of a quotation, as text: what the list filters on and the export shows. */
export const romeDay = sql<string>`to_char(${quotations.createdAt} at time zone ${sql.raw(`'${TZ}'`)}, 'YYYY-MM-DD')`;
/** Start of a Rome calendar day as an instant: index-friendly bounds on created_at. */
export const romeMidnight = (ymd: string, plusDays = 0) => sql`((${ymd}::date + ${plusDays}::int)::timestamp at time zone ${sql.raw(`'${TZ}'`)})`;

export const customerName = sql<string>`case when ${customers.businessName} <> '' then ${customers.businessName} else trim(${customers.firstName} || ' ' || ${customers.lastName}) end`;

/** What a customer text search looks in: the name either way round, the company name and the email. */
export const CUSTOMER_TEXT = [
  sql`${customers.firstName} || ' ' || ${customers.lastName}`,
  sql`${customers.lastName} || ' ' || ${customers.firstName}`,
  customers.businessName,
  customers.email,
];

/**
 * The same of a quotation, read from its own copy of the customer (quotations.customer): a list, an
 * export or a search shows the customer the quotation was made for, whatever the record says today.
 */
export const snap = (field: string) => sql<string>`(${quotations.customer} ->> ${sql.raw(`'${field}'`)})`;
export const quotationCustomerName = sql<string>`case when ${snap('business_name')} <> '' then ${snap('business_name')} else trim(${snap('first_name')} || ' ' || ${snap('last_name')}) end`;
export const QUOTATION_CUSTOMER_TEXT = [
  sql`${snap('first_name')} || ' ' || ${snap('last_name')}`,
  sql`${snap('last_name')} || ' ' || ${snap('first_name')}`,
  snap('business_name'),
  snap('email'),
];

/** An agent as lists show them (filters, dashboard, agent page, network). */
export const agentSummary = (u: typeof users.$inferSelect): AgentSummary => ({
  id: u.id,
  code: u.code,
  name: u.name,
  business_name: u.businessName,
  role: u.role,
  roleName: u.roleName,
  image: logoUrl(u),
});
