// The contract of the offer detail (spec §3 Offer, Option, Colour, Service, Child offer,
// Fees; §7 `GET offers/{id}`, `POST offers/attachment`). Used by the screen, the server and tests.
import { z } from './zod-config';
import { AnswersSchema, PrescoringInputSchema } from '../prescoring/schemas';
import { OCCUPATIONS } from '../offer-detail';
import { OfferCardSchema, OfferFiltersSchema } from './offers';
import { ContractualCategorySchema } from './common';

export const OptionSchema = z.object({
  code: z.string(),
  /** Euros, paid once; 0 or less is standard equipment ('Di Serie'). */
  price: z.number(),
  description: z.string(),
  short_description: z.string(),
  standard_description: z.string(),
  group_code: z.string(),
  group: z.string(),
});
export type Option = z.infer<typeof OptionSchema>;

/** A paint: an option of the group 'Vernici', with the hex the car picture is drawn in. */
export const ColorSchema = OptionSchema.extend({ hex: z.string().nullable() });
export type Color = z.infer<typeof ColorSchema>;

const PriceMapConditionSchema = z.tuple([
  z.string(),
  z.enum(['=', '!=', '<', '<=', '>', '>=', 'in']),
  z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]),
]);
export const PriceMapSchema = z.record(
  z.string(),
  z.array(z.object({ value: z.number(), conditions: z.array(PriceMapConditionSchema), multipliedBy: z.string().nullable().optional() })),
);

export const ServiceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  /** Monthly euros. */
  price: z.number(),
  franchise: z.number().nullable(),
  included: z.boolean(),
  quantity: z.number().int().nullable(),
  min_quantity: z.number().int().nullable(),
  max_quantity: z.number().int().nullable(),
  has_price_map: z.boolean(),
  price_map: PriceMapSchema.nullable(),
});
export type OfferService = z.infer<typeof ServiceSchema>;

export const ChildOfferSchema = z.object({
  ref: z.string(),
  deposit: z.number(),
  duration: z.number().int(),
  distance: z.number().int(),
  monthly_rate: z.number(),
  web_monthly_rate: z.number().nullable(),
  bundle: z.string().nullable(),
  special_rate: z.number().nullable(),
  special_price: z.number().nullable(),
});
export type ChildOfferData = z.infer<typeof ChildOfferSchema>;

export const FeesSchema = z.object({
  agentFee: z.number(),
  minFeeValue: z.number(),
  maxFeeValue: z.number(),
  defaultFeeValue: z.number(),
  overCommission: z.number().nullable(),
  originalPotentialProfit: z.number().nullable(),
  finalPotentialProfit: z.number().nullable(),
  finalMonthlyRate: z.number().nullable(),
  originalMonthlyRate: z.number(),
  extraCommissionToIdeal: z.number().nullable(),
  baseCommissionToIdeal: z.number().nullable(),
});

/**
 * The detail: the card fields (the child offer chosen by the query is the card's ref, rate, ...)
 * plus every child, options, colours, services. Seller data (fees and the commission flags) only
 * for users with fees-visibility; private_notes only on Catalogo offers and only for those who may
 * read them (owner or seller): otherwise the keys are absent.
 */
export const OfferDetailSchema = OfferCardSchema.extend({
  /** The selection of the query matched no child offer: the configuration has changed. */
  expired: z.boolean(),
  /** Upper bound of the delivery time in days (the compare page's 'shortest delivery'). */
  delivery_days: z.number().int().nullable().optional(),
  child: z.object({ data: z.array(ChildOfferSchema) }),
  optionalAccessories: z.array(OptionSchema),
  colors: z.array(ColorSchema),
  services: z.array(ServiceSchema),
  equippedOptionals: z.string(),
  fees: FeesSchema.optional(),
  has_extra_commission: z.boolean().optional(),
  has_under_commission: z.boolean().optional(),
  has_over_commission: z.boolean().optional(),
});
export type OfferDetail = z.infer<typeof OfferDetailSchema>;

/** The search's filter object, every field optional. */
export const DetailFilterSchema = OfferFiltersSchema;

const int = (max: number) => z.coerce.number().int().min(0).max(max);

/** 'a=1,b=true' -> { a: 1, b: true }; numbers and booleans typed, the rest strings. */
export function parseAnswers(raw: string): Record<string, string | number | boolean> | null {
  const out: Record<string, string | number | boolean> = {};
  for (const pair of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return null;
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    out[key] = value === 'true' ? true : value === 'false' ? false : value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return out;
}

/**
 * Query of `GET offers/{id}`: the spec's filter object (JSON text), contractualCategory and
 * answers ('key=value,key=value'), plus the child-offer selection the detail link carries.
 */
export const OfferDetailQuerySchema = z
  .object({
    filter: z
      .string()
      .max(4000)
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === '') return undefined;
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Il valore inserito non è valido' });
          return z.NEVER;
        }
        const parsed = DetailFilterSchema.safeParse(json);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
          return z.NEVER;
        }
        return parsed.data;
      }),
    contractualCategory: ContractualCategorySchema.optional(),
    answers: z
      .string()
      .max(2000)
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === '') return undefined;
        const parsed = parseAnswers(raw);
        const checked = parsed ? AnswersSchema.safeParse(parsed) : null;
        if (!checked?.success) {
          ctx.addIssue({ code: 'custom', message: 'Il valore inserito non è valido' });
          return z.NEVER;
        }
        return checked.data;
      }),
    duration: int(120).optional(),
    deposit: int(1_000_000).optional(),
    distance: int(1_000_000).optional(),
    bundle: z.string().max(64).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.answers && Object.keys(value.answers).length > 0) {
      if (!value.contractualCategory) {
        ctx.addIssue({ code: 'custom', path: ['contractualCategory'], message: 'Questo campo è obbligatorio' });
        return;
      }
      const checked = PrescoringInputSchema.safeParse({ contractualCategory: value.contractualCategory, answers: value.answers });
      if (!checked.success)
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: ['answers', ...issue.path], message: issue.message });
    }
  });
export type OfferDetailQuery = z.output<typeof OfferDetailQuerySchema>;

const codeList = z.array(z.string().trim().min(1).max(64)).max(100);

/** Body of `POST offers/attachment`: the child offer's ref, the shown rate and the configuration. */
export const OfferAttachmentSchema = z.strictObject({
  /** Child offer ref (or offer code, meaning the cheapest child). */
  offer: z.string().trim().min(1).max(80),
  /** The rate the screen showed (euros): checked against the server's own computation. */
  price: z.number().min(0).max(100_000),
  name: z.string().trim().max(120).default(''),
  occupation: z.enum(OCCUPATIONS).optional(),
  contractualCategory: ContractualCategorySchema.optional(),
  accessories: codeList.default([]),
  colors: codeList.max(1).default([]),
  /** Additional services: service id to quantity. */
  services: z.record(z.string(), z.number().int().min(0).max(99)).optional(),
});
export type OfferAttachmentInput = z.input<typeof OfferAttachmentSchema>;
export type OfferAttachment = z.output<typeof OfferAttachmentSchema>;
