// Customers list and detail, the agent page and the network ('Rete') figures (spec §2, §3, §6).
import { z } from './zod-config';
import { paginated } from './common';
import { AgentStatisticsSchema, AgentSummarySchema, QuotationListItemSchema, StatsIntervalSchema } from './sales';

export const CUSTOMERS_PER_PAGE = 10;
/** Latest quotations on the agent page. */
export const AGENT_RECENT_QUOTATIONS = 5;
/** Quotations on a customer's page (newest first); more are reached from /quotations. */
export const CUSTOMER_QUOTATIONS_LIMIT = 50;

/** A positive whole number given as text in a query string. */
const queryInt = (max: number) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, 'Il valore inserito non è valido').transform(Number)]).pipe(z.number().int().min(1).max(max));

/** `GET customers`: text on name, business name, email, fiscal code or VAT number; a leader may narrow to one agent. */
export const CustomerSearchSchema = z.object({
  query: z.string().trim().max(100).default(''),
  agent_id: queryInt(2_147_483_647).optional(),
  page: queryInt(100_000).default(1),
});
export type CustomerSearch = z.input<typeof CustomerSearchSchema>;
export type CustomerSearchParsed = z.output<typeof CustomerSearchSchema>;

export const CustomerListItemSchema = z.object({
  id: z.number().int(),
  /** Business name for companies, else first and last name. */
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  business_name: z.string(),
  fiscal_code: z.string(),
  vat_number: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  employee_type: z.enum(['PRIVATE', 'BUSINESS']),
  category: z.object({ id: z.string(), description: z.string() }),
  agent: z.object({ code: z.string(), name: z.string() }),
  quotations: z.number().int(),
  /** Date of the latest quotation (ISO), null when none. */
  last_quotation: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerListItem = z.infer<typeof CustomerListItemSchema>;

export const CustomerListSchema = paginated(CustomerListItemSchema);
export type CustomerList = z.infer<typeof CustomerListSchema>;

export const CustomerIdSchema = z.object({ customer: z.coerce.number().int().positive().max(2_147_483_647) });

export const CustomerDetailSchema = CustomerListItemSchema.extend({
  zip_code: z.string(),
  address: z.string(),
  employee_secondary_type: z.enum(['PRIVATE', 'BUSINESS']),
  notes: z.string(),
  /** Newest first, at most CUSTOMER_QUOTATIONS_LIMIT. */
  quotation_list: z.array(QuotationListItemSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const AgentCodeSchema = z.object({ agent: z.string().trim().min(1).max(40) });
export const IntervalQuerySchema = z.object({ interval: StatsIntervalSchema.default('month') });

export const AgentProfileSchema = AgentSummarySchema.extend({
  email: z.string(),
  phone: z.string(),
  title: z.string(),
  status: z.enum(['ACTIVATED', 'SUSPENDED', 'PENDING_ACTIVATION']),
  group_name: z.string(),
  /** The agent's leader, when they have one. */
  parent: z.object({ code: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  customers: z.number().int(),
});
export type AgentProfile = z.infer<typeof AgentProfileSchema>;

/** `GET agents/{agent}`: the page of one agent, their own figures (never their network's). */
export const AgentPageSchema = z.object({
  agent: AgentProfileSchema,
  statistics: AgentStatisticsSchema,
  recent_quotations: z.array(QuotationListItemSchema),
});
export type AgentPage = z.infer<typeof AgentPageSchema>;

export const NetworkAgentFiguresSchema = z.object({
  agent: AgentSummarySchema.extend({ status: z.enum(['ACTIVATED', 'SUSPENDED', 'PENDING_ACTIVATION']), parent_code: z.string().nullable() }),
  open: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** Null without fees-visibility. */
  effective_profit: z.number().nullable(),
  potential_profit: z.number(),
  new_customers: z.number().int(),
  customers: z.number().int(),
});
export type NetworkAgentFigures = z.infer<typeof NetworkAgentFiguresSchema>;

/** `GET network/statistics`: per-agent figures of the leader's network (leader included) and their totals. */
export const NetworkStatisticsSchema = z.object({
  selectedRange: AgentStatisticsSchema.shape.selectedRange,
  agents: z.array(NetworkAgentFiguresSchema),
  totals: NetworkAgentFiguresSchema.omit({ agent: true }),
});
export type NetworkStatistics = z.infer<typeof NetworkStatisticsSchema>;
