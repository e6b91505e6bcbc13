import { CONTRACTUAL_CATEGORY_VALUES } from '../categories';
import { z } from './zod-config';

/** The error envelope of every failed call (docs/architecture.md, API conventions). */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({ http_code: z.number().int(), message: z.string(), code: z.string().optional() }),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The largest id or count the database's integer columns hold: inputs above it are refused by their schema. */
export const INT32_MAX = 2_147_483_647;
/** A reference to a row by its id, as the database holds it. */
export const rowId = () => z.number().int().positive().max(INT32_MAX);

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.object({ data: z.array(item) }),
    total: z.number().int(),
    lastPage: z.number().int(),
    currentPage: z.number().int(),
    itemsPerPage: z.number().int(),
  });

export const MessageSchema = dataOf(z.object({ message: z.string() }));

// The spec's error text for 'Contractual category not valid' (section 8). Here, not in core/categories.ts,
// so that a screen reading the categories does not load zod (docs/adr/0116-zod-one-door-not-on-first-screens.md).
export const ContractualCategorySchema = z.enum(CONTRACTUAL_CATEGORY_VALUES, {
  error: 'Attenzione, la categoria contrattuale non è valida.',
});
