import { z } from './zod-config';
import { categoryInfo } from '../categories';
import { MESSAGES } from '../i18n-messages';
import {
  CAP_INVALID,
  EMAIL_INVALID,
  FISCAL_CODE_INVALID,
  isValidCap,
  isValidCodiceFiscale,
  isValidCompanyFiscalCode,
  isValidEmail,
  isValidPartitaIva,
  isValidPhone,
  normalizePhone,
  PARTITA_IVA_INVALID,
  PHONE_INVALID,
} from '../validation';
import { ContractualCategorySchema } from './common';

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, MESSAGES.required);
const optional = (max: number) => text(max).optional().default('');

/** Italian fiscal codes: 16 characters for people, or the 11 digits of a company (BUSINESS only). */
const fiscalCode = z.string().trim().toUpperCase().max(16);

const base = {
  first_name: required(80),
  last_name: required(80),
  email: text(254).refine(isValidEmail, EMAIL_INVALID),
  fiscal_code: fiscalCode,
  employee_category: ContractualCategorySchema,
  vat_number: optional(11),
  business_name: optional(160),
  notes: optional(2000),
};

type CustomerLike = { fiscal_code: string; employee_category: z.infer<typeof ContractualCategorySchema>; vat_number: string; business_name: string };

function checkIdentity(v: CustomerLike, ctx: z.RefinementCtx, businessNameRule: 'type' | 'secondary') {
  const info = categoryInfo(v.employee_category);
  const fcOk = isValidCodiceFiscale(v.fiscal_code) || (info.type === 'BUSINESS' && isValidCompanyFiscalCode(v.fiscal_code));
  if (!fcOk) ctx.addIssue({ code: 'custom', path: ['fiscal_code'], message: v.fiscal_code ? FISCAL_CODE_INVALID : MESSAGES.required });
  if (info.type === 'BUSINESS' && !isValidPartitaIva(v.vat_number))
    ctx.addIssue({ code: 'custom', path: ['vat_number'], message: v.vat_number ? PARTITA_IVA_INVALID : MESSAGES.required });
  const needsName = businessNameRule === 'type' ? info.type === 'BUSINESS' : info.secondaryType === 'BUSINESS';
  if (needsName && !v.business_name) ctx.addIssue({ code: 'custom', path: ['business_name'], message: MESSAGES.required });
}

/**
 * The simple quote form ('Salva preventivo', spec §5 "Quote form"): phone and zip code
 * required and valid (+39 stripped), VAT when the type is BUSINESS, business name when the
 * secondary type is BUSINESS; email, zip code, VAT and notes trimmed.
 */
export const QuoteCustomerSchema = z
  .object({
    ...base,
    phone: z.string().transform(normalizePhone).refine(isValidPhone, PHONE_INVALID),
    zip_code: text(5).refine(isValidCap, CAP_INVALID),
  })
  .superRefine((v, ctx) => checkIdentity(v, ctx, 'secondary'));
export type QuoteCustomer = z.infer<typeof QuoteCustomerSchema>;

/**
 * The proposal's customer step (§5 "Proposal customer step"): name, email, fiscal code required;
 * business name and VAT for business categories; phone, zip code, address and city checked when
 * present. Completeness for submitting is `isCustomerComplete`.
 */
export const ProposalCustomerSchema = z
  .object({
    ...base,
    phone: z
      .string()
      .optional()
      .default('')
      .transform((p) => (p ? normalizePhone(p) : ''))
      .refine((p) => !p || isValidPhone(p), PHONE_INVALID),
    zip_code: text(5)
      .optional()
      .default('')
      .refine((c) => !c || isValidCap(c), CAP_INVALID),
    address: optional(200),
    city: optional(120),
  })
  .superRefine((v, ctx) => checkIdentity(v, ctx, 'type'));
export type ProposalCustomer = z.infer<typeof ProposalCustomerSchema>;

/** The form is complete only when every field the spec lists is filled and the consent is given. */
export function isCustomerComplete(c: Partial<ProposalCustomer> & { consent?: boolean }): boolean {
  const filled = (s: string | undefined) => Boolean(s && s.trim());
  const base = ['first_name', 'last_name', 'email', 'address', 'zip_code', 'city', 'phone', 'fiscal_code', 'employee_category'] as const;
  if (!base.every((k) => filled(c[k] as string | undefined)) || c.consent !== true) return false;
  if (!ProposalCustomerSchema.safeParse(c).success) return false;
  const info = categoryInfo(c.employee_category!);
  return info.type !== 'BUSINESS' || (filled(c.vat_number) && filled(c.business_name));
}
