// Saved quotations list, its filters and export, and the dashboard's agent statistics (spec §3, §5, §7).
import { z } from './zod-config';
import { QUOTATION_STATUSES } from '../quotation';
import { paginated, rowId } from './common';
import { CustomerActivitySchema } from './share';

export const QUOTATIONS_PER_PAGE = 10;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

export const SALES_MESSAGES = {
  startRequired: 'Indicare la data di inizio',
  endRequired: 'Indicare la data di fine',
  badDate: 'La data indicata non è valida',
  startAfterEnd: 'La data di inizio non può essere successiva alla data di fine',
} as const;

const isRealDate = (s: string) => YMD.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const day = (required: string) => z.string({ error: required }).trim().min(1, required).refine(isRealDate, SALES_MESSAGES.badDate);

export const QuotationSortSchema = z.enum(['date-desc', 'date-asc']);
export type QuotationSort = z.infer<typeof QuotationSortSchema>;

/** The filter set of POST quotations and POST quotations/export (search parameters of §3). */
export const QuotationSearchSchema = z
  .object({
    query: z.string().trim().max(100).default(''),
    fiscal_code: z.string().trim().max(16).default(''),
    quotation_id: z.string().trim().max(20).default(''),
    startDate: day(SALES_MESSAGES.startRequired),
    endDate: day(SALES_MESSAGES.endRequired),
    status: z.array(z.enum(QUOTATION_STATUSES)).max(3).default([]),
    agent_id: rowId().nullable().optional(),
    sort: QuotationSortSchema.default('date-desc'),
    page: z.number().int().min(1).max(100_000).default(1),
  })
  .superRefine((v, ctx) => {
    // YYYY-MM-DD strings compare as dates.
    if (isRealDate(v.startDate) && isRealDate(v.endDate) && v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: SALES_MESSAGES.startAfterEnd });
    }
  });
export type QuotationSearch = z.input<typeof QuotationSearchSchema>;
export type QuotationSearchParsed = z.output<typeof QuotationSearchSchema>;

export const QuotationListItemSchema = z.object({
  proposal_id: z.number().int(),
  code: z.string().nullable(),
  status: z.enum(QUOTATION_STATUSES),
  step: z.number().int().min(1).max(5),
  date: z.string(),
  customer_name: z.string(),
  car_name: z.string(),
  price: z.number(),
  deposit: z.number(),
  /** Null without fees-visibility. */
  commission: z.number().nullable(),
  agent_name: z.string(),
  hasAttachments: z.boolean(),
  stillValid: z.boolean(),
  qualified: z.boolean(),
  crm_id: z.string().nullable(),
  category: z.object({ id: z.string(), description: z.string() }),
  sustainability: z.object({ answers: z.record(z.string(), z.unknown()) }),
  hasAssistant: z.boolean(),
  /** What the customer did through their link (docs/adr/0133-customer-link.md): the furthest step and when; null when never shared. */
  customer_activity: CustomerActivitySchema.nullable(),
});
export type QuotationListItem = z.infer<typeof QuotationListItemSchema>;

export const QuotationListSchema = paginated(QuotationListItemSchema);
export type QuotationList = z.infer<typeof QuotationListSchema>;

export const AgentSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  business_name: z.string(),
  role: z.number().int(),
  roleName: z.string(),
  image: z.string().nullable(),
});
export type AgentSummary = z.infer<typeof AgentSummarySchema>;

export const QuotationFiltersSchema = z.object({
  statuses: z.array(z.object({ value: z.enum(QUOTATION_STATUSES), label: z.string() })),
  sorts: z.array(z.object({ value: QuotationSortSchema, label: z.string() })),
  /** The agents of the caller's scope (only the caller for an ordinary agent). */
  agents: z.array(AgentSummarySchema),
});
export type QuotationFilters = z.infer<typeof QuotationFiltersSchema>;

export const STATS_INTERVALS = ['today', 'days', 'month', 'prevmonth', 'year', 'prevyear'] as const;
export const StatsIntervalSchema = z.enum(STATS_INTERVALS);
export type StatsInterval = z.infer<typeof StatsIntervalSchema>;

export const MonthlyStatSchema = z.object({ month: z.number().int().min(1).max(12), open: z.number().int(), won: z.number().int(), lost: z.number().int() });

export const AgentStatisticsSchema = z.object({
  open: z.number().int(),
  lost: z.number().int(),
  won: z.number().int(),
  /** Commission of the won quotations in the range; null without fees-visibility. */
  effective_profit: z.number().nullable(),
  previous_effective_profit: z.number().nullable(),
  /** Commission of the open quotations in the range. */
  potential_profit: z.number(),
  new_customers: z.number().int(),
  selectedRange: z.object({ interval: StatsIntervalSchema, start: z.string(), end: z.string() }),
  /** January to December of the range's year. */
  monthly: z.array(MonthlyStatSchema).length(12),
});
export type AgentStatistics = z.infer<typeof AgentStatisticsSchema>;
