import { z } from './zod-config';
import { StoredAnswersSchema } from '../prescoring/schemas';
import { QUOTATION_STATUSES } from '../quotation';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../validation';
import { ContractualCategorySchema, INT32_MAX } from './common';

/**
 * Quotation payloads and answers (spec §3 "Quote payload", "Proposal save payload",
 * "Proposal", "Quotation attachment slot"). Customer fields travel flat, as the spec shows them, and
 * are validated with core/schemas/customer.ts on both sides; the server adds the offer checks.
 */

const code = z.string().trim().min(1).max(80);
const codes = z.array(z.string().trim().min(1).max(40)).max(60).default([]);

/**
 * Additional services chosen on top of the included ones: `{ id, quantity }` as the configurator
 * holds them, or a service id or code alone (its default quantity).
 */
export const ServiceChoicesSchema = z
  .array(
    z.union([
      z.string().trim().min(1).max(40),
      z.object({ id: z.union([z.string().trim().min(1).max(40), z.number().int()]), quantity: z.number().int().min(0).max(99) }),
    ]),
  )
  .max(60)
  .default([]);
export type ServiceChoices = z.input<typeof ServiceChoicesSchema>;

/**
 * The customer fields of the spec's Customer, loosely typed here: the customer schemas judge them
 * (core/schemas/customer.ts, with the spec's messages). The API document states their rules (meta).
 */
export const CustomerFieldsSchema = z.object({
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  email: z.string().max(300).meta({ format: 'email', pattern: EMAIL_PATTERN }).optional(),
  phone: z
    .string()
    .max(40)
    .meta({ format: 'phone', pattern: `^\\s*$|${PHONE_PATTERN}` })
    .optional(),
  fiscal_code: z
    .string()
    .max(40)
    .meta({ format: 'codice-fiscale', description: 'Codice fiscale (16 caratteri, con il carattere di controllo) o, per le aziende, 11 cifre' })
    .optional(),
  zip_code: z.string().max(20).meta({ pattern: '^\\s*(\\d{5})?\\s*$', description: 'CAP di 5 cifre' }).optional(),
  address: z.string().max(300).optional(),
  city: z.string().max(200).optional(),
  // The category is checked by the service, so its error is the spec's 'Contractual category not valid'.
  employee_category: z.string().max(60).optional(),
  vat_number: z.string().max(40).optional(),
  business_name: z.string().max(300).optional(),
  notes: z.string().max(4000).optional(),
});

export const SustainabilitySchema = z.object({
  contractualCategory: ContractualCategorySchema.nullable().optional(),
  step: z.string().max(60).nullable().optional(),
  answers: StoredAnswersSchema.default({}),
  response: z
    .object({ chance: z.number().int().min(0).max(2).nullable().optional(), description: z.string().max(80).nullable().optional() })
    .passthrough()
    .nullable()
    .optional(),
});
export type Sustainability = z.infer<typeof SustainabilitySchema>;

/** POST proposals: the configured offer (child offer ref) and the customer; prices are recomputed by the server. */
export const ProposalSaveSchema = CustomerFieldsSchema.extend({
  offer: code,
  accessories: codes,
  colors: codes,
  additionalServices: ServiceChoicesSchema,
  consent: z.boolean().default(false),
  /**
   * The monthly rate the agent showed (euros), after any commission change. The server computes it
   * again from the configuration and refuses the save when it differs (docs/pricing.md).
   */
  newMonthlyRate: z.number().nonnegative().max(1_000_000).nullable().optional(),
  fees: z.record(z.string(), z.unknown()).nullable().optional(),
  sustainability: SustainabilitySchema.nullable().optional(),
});
export type ProposalSave = z.input<typeof ProposalSaveSchema>;

/** PUT proposals/{id}: the spec's PUT adds contractual_category and fiscal_code; every field is optional. */
export const ProposalUpdateSchema = ProposalSaveSchema.partial().extend({
  contractual_category: z.string().max(60).optional(),
});
export type ProposalUpdate = z.input<typeof ProposalUpdateSchema>;

/** POST quote ('Salva preventivo'). */
export const QuotePayloadSchema = CustomerFieldsSchema.extend({
  code, // the offer's child ref
  selectedPrice: z.number().nonnegative().optional(),
  company_name: z.string().max(300).optional(),
  deposit: z.number().int().nonnegative().optional(),
  duration: z.number().int().positive().max(INT32_MAX).optional(),
  distance: z.number().int().nonnegative().optional(),
  note: z.string().max(4000).optional(),
  upload_documents: z.boolean().optional(),
  /** The monthly rate the agent showed (euros); checked against the server's own computation, as newMonthlyRate. */
  monthly_rate: z.number().nonnegative().max(1_000_000).optional(),
  accessories: codes,
  colors: codes,
  additionalServices: ServiceChoicesSchema,
});
export type QuotePayload = z.input<typeof QuotePayloadSchema>;

export const QuotationStatusSchema = z.enum(QUOTATION_STATUSES);
export const StatusUpdateSchema = z.object({ status: QuotationStatusSchema });

export const AttachmentFileSchema = z.object({ id: z.number().int(), name: z.string(), file_type: z.string(), size: z.number().int(), created_at: z.string() });
export const AttachmentSlotSchema = z.object({
  file_type: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  files: z.array(AttachmentFileSchema),
});
export type AttachmentSlot = z.infer<typeof AttachmentSlotSchema>;

const LineSchema = z.object({ code: z.string(), description: z.string(), price: z.number() });

export const CustomerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  fiscal_code: z.string(),
  zip_code: z.string(),
  address: z.string(),
  city: z.string(),
  employee_category: ContractualCategorySchema,
  employee_type: z.enum(['PRIVATE', 'BUSINESS']),
  employee_secondary_type: z.enum(['PRIVATE', 'BUSINESS']),
  vat_number: z.string(),
  business_name: z.string(),
  notes: z.string(),
  category: z.object({ code: z.string(), description: z.string() }),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const ProposalSchema = z.object({
  id: z.number().int(),
  /** 'quote' when made with the simple quote form (POST quote), which PUT quote/{code} may change while open. */
  kind: z.enum(['proposal', 'quote']),
  number: z.number().int(),
  title: z.string(),
  has_pdf: z.boolean(),
  stillValid: z.boolean(),
  expiredMessage: z.string().nullable(),
  status: QuotationStatusSchema,
  step: z.number().int().min(1).max(5),
  created_at: z.string(),
  quotation: z.object({
    data: z.object({
      code: z.string().nullable(),
      offer: z.object({
        ref: z.string(),
        code: z.string(),
        brand: z.string(),
        model: z.string(),
        version: z.string(),
        image: z.string(),
        tag: z.string().nullable(),
        customerType: z.enum(['piva', 'privati']),
        broker: z.string(),
        product: z.string(),
      }),
      attachments: z.array(AttachmentSlotSchema),
      hasAttachments: z.boolean(),
    }),
  }),
  price: z.number(),
  base_price: z.number(),
  deposit: z.number(),
  duration: z.number().int(),
  distance: z.number().int(),
  bundle: z.string().nullable(),
  selectedServices: z.array(LineSchema),
  equippedOptionals: z.string(),
  accessories: z.array(LineSchema),
  offer_color: LineSchema.nullable(),
  notes: z.string(),
  commission: z.number().nullable(),
  original_commission: z.number().nullable(),
  newMonthlyRate: z.number().nullable(),
  customer: CustomerSchema,
  sustainability: SustainabilitySchema.nullable(),
  contractual_category: ContractualCategorySchema,
  fiscal_code: z.string(),
  agent: z.object({ name: z.string(), business_name: z.string() }),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** The short-lived token that authenticates the PDF readiness stream (EventSource sends no headers). */
export const StreamTokenSchema = z.object({ token: z.string(), expires_in: z.number().int() });

/** GET quotations/offer/{ref}: the configuration to price (the wizard's address, core/offer-detail.ts readQuoteConfig). */
export const OfferPreviewQuerySchema = z.object({
  accessories: z.string().max(2000).optional(),
  colors: z.string().max(200).optional(),
  services: z.string().max(2000).optional(),
  rate: z.coerce.number().nonnegative().max(1_000_000).optional(),
});

/**
 * GET quotations/offer/{ref}: the offer a new quotation starts from, priced by the server as the
 * save will price it: monthly_rate is the final rate, commission the agent's (null without fees-visibility).
 */
export const OfferPreviewSchema = z.object({
  ref: z.string(),
  code: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  image: z.string(),
  tag: z.string().nullable(),
  customerType: z.enum(['piva', 'privati']),
  monthly_rate: z.number(),
  deposit: z.number(),
  duration: z.number().int(),
  distance: z.number().int(),
  bundle: z.string().nullable(),
  equippedOptionals: z.string(),
  /** The child offer's own rate, before extras, services and commission. */
  base_price: z.number(),
  selectedServices: z.array(LineSchema),
  accessories: z.array(LineSchema),
  offer_color: LineSchema.nullable(),
  commission: z.number().nullable(),
  original_commission: z.number().nullable(),
});
export type OfferPreview = z.infer<typeof OfferPreviewSchema>;
