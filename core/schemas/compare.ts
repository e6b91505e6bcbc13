// The contract of the compare PDF (docs/adr/0143-compare-offers.md, `POST offers/compare/attachment`): the compared
// configurations (core/compare.ts CompareItem) and the credit check the sustainability row comes from.
import { z } from './zod-config';
import { COMPARE_LIMIT } from '../compare';
import { AnswersSchema } from '../prescoring/schemas';
import { ContractualCategorySchema } from './common';
import { refineCreditCheck } from './offers';

const whole = (max: number) => z.number().int().min(0).max(max);
const optionCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^~,]+$/, { error: 'Il valore inserito non è valido' });

export const CompareItemSchema = z.strictObject({
  /** The offer's code (or a child's ref). */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,80}$/, { error: 'Il valore inserito non è valido' }),
  duration: whole(120),
  deposit: whole(1_000_000),
  distance: whole(1_000_000),
  bundle: optionCode.nullable().default(null),
  accessories: z.array(optionCode).max(60).default([]),
  colors: z.array(optionCode).max(1, { error: 'Si può scegliere un solo colore' }).default([]),
  services: z.record(z.string().regex(/^[\w-]{1,40}$/), whole(99)).default({}),
  /** The rate the agent set with the commission (euros): applied within the commission's bounds. */
  rate: z.number().min(0).max(100_000).optional(),
});

/**
 * Which comparison PDF: 'cliente' (the default, to send to a customer) has no commission row; 'agente' keeps
 * the seller's commission for their own use (docs/adr/0051-comparison-pdf-customer-version.md).
 */
export const COMPARE_PDF_VERSIONS = ['cliente', 'agente'] as const;
export type ComparePdfVersion = (typeof COMPARE_PDF_VERSIONS)[number];

export const CompareAttachmentSchema = z
  .strictObject({
    items: z
      .array(CompareItemSchema)
      .min(2, { error: 'Per il confronto servono almeno due offerte' })
      .max(COMPARE_LIMIT, { error: `Si possono confrontare al massimo ${COMPARE_LIMIT} offerte` }),
    contractualCategory: ContractualCategorySchema.optional(),
    answers: AnswersSchema.optional(),
    version: z.enum(COMPARE_PDF_VERSIONS, { error: 'Scegli la versione del PDF: per il cliente o per l’agente' }).default('cliente'),
  })
  .superRefine(refineCreditCheck);
export type CompareAttachmentInput = z.input<typeof CompareAttachmentSchema>;
export type CompareAttachment = z.output<typeof CompareAttachmentSchema>;
