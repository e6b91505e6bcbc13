// The contract of the offers search (spec §3, §4 "Offers search", §7 `POST search/offers`,
// `GET search/catalog/filters`). Used by the screen, its URL codec, the server and core/offer-filter.ts.
import { z } from './zod-config';
import { CODE_FILTERS, DEFAULT_SORT, ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE, NUMBER_FILTERS, OFFER_SORTS, RANGE_FILTERS, TOGGLE_FILTERS } from '../offer-options';
import { AnswersSchema, PrescoringInputSchema } from '../prescoring/schemas';
import { paginated, ContractualCategorySchema } from './common';

// The filter names live with the catalogue's fixed values (zod-free, for the offers screen's first load).
export { CODE_FILTERS, ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE, NUMBER_FILTERS, RANGE_FILTERS, TOGGLE_FILTERS };

export type CodeFilter = (typeof CODE_FILTERS)[number];
export type NumberFilter = (typeof NUMBER_FILTERS)[number];
export type RangeFilter = (typeof RANGE_FILTERS)[number];
export type ToggleFilter = (typeof TOGGLE_FILTERS)[number];
export type FilterName = CodeFilter | NumberFilter | RangeFilter | ToggleFilter;

const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N} ._'-]+$/u, { error: 'Il valore inserito non è valido' });
const codes = z.array(code).max(100);
const whole = z.number().int().min(0).max(10_000_000);
const range = z.tuple([whole, whole]).refine(([from, to]) => from <= to, { error: 'Il valore iniziale non può superare quello finale' });

const filterShape = {
  brands: codes.optional(),
  brokers: codes.optional(),
  categories: codes.optional(),
  fuels: codes.optional(),
  gear: codes.optional(),
  delivery_times: codes.optional(),
  products: codes.optional(),
  stocks: codes.optional(),
  areas: codes.optional(),
  customerType: z
    .array(z.enum(['piva', 'privati']))
    .max(2)
    .optional(),
  status: codes.optional(),
  durations: z.array(z.number().int().min(1).max(120)).max(50).optional(),
  /** km per year; 0 is unlimited. */
  distances: z.array(z.number().int().min(0).max(1_000_000)).max(50).optional(),
  monthly_rates: range.optional(),
  deposits: range.optional(),
  noviceDriver: z.boolean().optional(),
  fast_delivery: z.boolean().optional(),
  unlimitedKm: z.boolean().optional(),
  /** Tag values, e.g. 'Catalogo' (needs the catalog feature). */
  tags: codes.optional(),
};

/** The filter object alone (every field optional), as the offer detail's `filter` query carries it. */
export const OfferFiltersSchema = z.strictObject(filterShape);

export const SustainabilityLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Credit-check answers are only meaningful for a category: checked against that category's questions (a body's superRefine). */
export function refineCreditCheck(value: { contractualCategory?: string | undefined; answers?: Record<string, unknown> | undefined }, ctx: z.RefinementCtx) {
  if (!value.answers || Object.keys(value.answers).length === 0) return;
  if (!value.contractualCategory) {
    ctx.addIssue({ code: 'custom', path: ['contractualCategory'], message: 'Questo campo è obbligatorio' });
    return;
  }
  const checked = PrescoringInputSchema.safeParse({ contractualCategory: value.contractualCategory, answers: value.answers });
  if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** Body of `POST search/offers`: filter values by name, credit-check data, sort and page. */
export const OfferSearchSchema = z
  .strictObject({
    ...filterShape,
    /** Traffic-light levels to show once a credit check gave a result. */
    sustainability: z.array(SustainabilityLevelSchema).max(3).optional(),
    contractualCategory: ContractualCategorySchema.optional(),
    answers: AnswersSchema.optional(),
    sort: z.enum(OFFER_SORTS).default(DEFAULT_SORT),
    page: z.number().int().min(1).max(100_000).default(1),
    items: z.number().int().min(1).max(MAX_ITEMS_PER_PAGE).default(ITEMS_PER_PAGE),
  })
  .superRefine(refineCreditCheck);
export type OfferSearchInput = z.input<typeof OfferSearchSchema>;
export type OfferSearch = z.output<typeof OfferSearchSchema>;
/** Only the filters: what the URL mirrors and chips show. */
export type OfferFilters = Pick<OfferSearch, keyof typeof filterShape>;

export const CarSchema = z.object({
  code: z.string(),
  vehicleType: z.enum(['auto', 'commerciale']),
  brand: z.object({ name: z.string() }),
  descrizione_modello: z.string(),
  allestimento: z.string(),
  fuel: z.object({ name: z.string() }),
  descrizione_cambio: z.string(),
  cilindrata: z.number().int().nullable(),
  posti: z.number().int(),
  porte: z.number().int(),
  larghezza: z.number().int(),
  lunghezza: z.number().int(),
  altezza: z.number().int(),
  bagagliaio: z.number().int(),
  hp: z.number().int(),
  kw: z.number().int(),
  descrizione_trazione: z.string(),
  consumo_medio: z.number(),
  emissioni_co2: z.number().int(),
  category: z.string(),
  body: z.string(),
});
export type Car = z.infer<typeof CarSchema>;

const Named = z.object({ code: z.string(), name: z.string() });

/** A search card: an offer with the child offer (variation) that best fits the filters. */
export const OfferCardSchema = z.object({
  /** The child offer's ref: what a quote is made from. */
  ref: z.string(),
  code: z.string(),
  reference_code: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  image: z.string(),
  images: z.array(z.string()),
  color: z.string().nullable(),
  car: CarSchema,
  tag: z.string().nullable(),
  secondaryTag: z.string().nullable(),
  deposit: z.number(),
  duration: z.number().int(),
  distance: z.number().int(),
  monthly_rate: z.number(),
  web_monthly_rate: z.number().nullable(),
  bundle: z.string().nullable(),
  sustainabilityIndex: SustainabilityLevelSchema.nullable(),
  sustainabilityMessage: z.string().nullable(),
  stockAvailability: z.string(),
  stockAvailabilityLabel: z.string(),
  delivery_time_label: z.string(),
  unlimitedKm: z.boolean(),
  fastDelivery: z.boolean(),
  noviceDriver: z.boolean(),
  isHighlighted: z.boolean(),
  isSuggested: z.boolean(),
  isCustom: z.boolean(),
  isOwned: z.boolean(),
  customerType: z.enum(['piva', 'privati']),
  status: z.string(),
  broker: Named.extend({ logo: z.string().nullable() }),
  product: Named,
  area: Named,
  notes: z.string().nullable(),
  /** Present only for users who may see it (the owner, or a seller with fees-visibility). */
  private_notes: z.string().nullable().optional(),
  updated_at: z.string(),
});
export type OfferCard = z.infer<typeof OfferCardSchema>;

export const FilterOptionSchema = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  icon: z.string().nullable(),
  /** Offers matching every other active filter plus this option. */
  count: z.number().int(),
});
export type FilterOption = z.infer<typeof FilterOptionSchema>;

export const FilterDefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('range'), name: z.enum(RANGE_FILTERS), min: z.number(), max: z.number(), unit: z.string() }),
  z.object({ type: z.literal('options'), name: z.enum([...CODE_FILTERS, ...NUMBER_FILTERS]), options: z.array(FilterOptionSchema) }),
  z.object({ type: z.literal('toggle'), name: z.enum(TOGGLE_FILTERS), label: z.string(), icon: z.string().nullable(), count: z.number().int() }),
]);
export type FilterDef = z.infer<typeof FilterDefSchema>;

export const TagSchema = z.object({ value: z.string(), label: z.string(), show: z.boolean(), count: z.number().int() });
export const OrderSchema = z.object({ value: z.enum(OFFER_SORTS), label: z.string() });

export const FilterSetSchema = z.object({ filters: z.array(FilterDefSchema), tags: z.array(TagSchema), orders: z.array(OrderSchema) });
export type FilterSet = z.infer<typeof FilterSetSchema>;

export const OfferSearchResponseSchema = paginated(OfferCardSchema).extend({ filters: FilterSetSchema });
export type OfferSearchResponse = z.infer<typeof OfferSearchResponseSchema>;
