import { categoriesFor, type ContractualCategory, type CustomerType } from '@core/categories';
import { CUSTOMER_FIELDS, CUSTOMER_TEXT_FIELDS, pickFields } from '@core/customer-fields';
import { blankQuote, type QuoteFormValues } from '@core/quote-form';
import type { Customer } from '@core/schemas/quotations';
import { isValidCodiceFiscale, isValidPartitaIva } from '@core/validation';
import { it } from '../../i18n/quotation';

/**
 * The rules of the wizard's customer step (spec §4 "Customer lookup and form", §5 "Proposal customer step"),
 * apart from the form that draws it (customer-form.tsx): what each entry leads to, what a failed lookup
 * leaves, when switching P.IVA / Privati must ask first, and the step's checks.
 */

/** The proposal's customer: the quote form's fields (core/quote-form.ts) with the address, the city and the consent. */
export type CustomerValues = QuoteFormValues & { address: string; city: string; consent: boolean };

const REQUIRED_FOR_COMPLETE = ['address', 'zip_code', 'city', 'phone'] as const;

/**
 * The step's checks: the spec's schema (core/schemas/customer.ts, passed in: it loads at the first check, not
 * with the step), the fields a complete customer needs, the consent; the first message per field, or null.
 */
export function customerErrors(
  values: CustomerValues,
  schemas: Pick<typeof import('@core/schemas/customer'), 'isCustomerComplete' | 'ProposalCustomerSchema'>,
): Partial<Record<keyof CustomerValues, string>> | null {
  const errors: Partial<Record<keyof CustomerValues, string>> = {};
  const add = (name: keyof CustomerValues, message: string) => void (errors[name] ??= message);
  const parsed = schemas.ProposalCustomerSchema.safeParse(values);
  if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0]) as keyof CustomerValues, issue.message);
  for (const k of REQUIRED_FOR_COMPLETE) if (!values[k]?.trim()) add(k, it.common.required);
  if (!values.consent) add('consent', it.quotation.consentRequired);
  if (Object.keys(errors).length === 0 && !schemas.isCustomerComplete(values)) add('first_name', it.common.formErrors);
  return Object.keys(errors).length ? errors : null;
}

export const emptyCustomer = (category: ContractualCategory): CustomerValues => ({ ...blankQuote(category), address: '', city: '', consent: false });

export const fromCustomer = (c: Customer, consent: boolean): CustomerValues => ({ ...pickFields(c, CUSTOMER_FIELDS), consent });

/** Anything typed in the personal data (the category and the consent are choices, not data). */
export const hasTypedData = (v: CustomerValues) => CUSTOMER_TEXT_FIELDS.some((k) => v[k].trim() !== '');

export const defaultCategory = (type: CustomerType): ContractualCategory => (type === 'piva' ? 'societa-capitale' : 'tempo-indeterminato');

/** P.IVA or Privati at the start: the customer's category when there is one, else the offer's type. */
export const startTypeOf = (initial: CustomerValues | null, offerType: CustomerType | null): CustomerType =>
  initial ? (categoriesFor('piva').some((c) => c.value === initial.employee_category) ? 'piva' : 'privati') : (offerType ?? 'privati');

type Entry = { value: string; next: 'none' | 'invalid' | 'lookup' };

/**
 * A fiscal code as typed: upper case; a lookup only at exactly 16 valid characters of a private customer (for a
 * P.IVA customer the VAT number is the key, the fiscal code just a field); 16 invalid ones say so.
 */
export function fiscalCodeEntry(raw: string, type: CustomerType): Entry {
  const value = raw.trim().toUpperCase();
  if (value.length !== 16 || type !== 'privati') return { value, next: 'none' };
  return { value, next: isValidCodiceFiscale(value) ? 'lookup' : 'invalid' };
}

/** A VAT number as typed: a lookup at exactly 11 valid digits; 11 invalid ones say so. */
export function vatEntry(raw: string): Entry {
  const value = raw.trim();
  if (value.length !== 11) return { value, next: 'none' };
  return { value, next: isValidPartitaIva(value) ? 'lookup' : 'invalid' };
}

/** §4, §8: a failed lookup leaves an empty customer, with what the agent typed to search, the category and the consent. */
export function afterFailedLookup(values: CustomerValues, by: { code?: string; vat?: string }): CustomerValues {
  const empty = emptyCustomer(values.employee_category);
  return { ...empty, consent: values.consent, ...(by.code ? { fiscal_code: by.code } : { vat_number: by.vat ?? '' }) };
}

/**
 * Switching P.IVA / Privati empties the form: it asks first when anything was typed (§4, §5); a customer found and
 * left as found is the only data that goes without asking.
 */
export const switchNeedsConfirm = (values: CustomerValues, found: boolean | null, dirty: boolean) => hasTypedData(values) && (!found || dirty);
