import { pickFields, QUOTE_FIELDS } from './customer-fields';
import { categoriesFor, categoryInfo, CONTRACTUAL_CATEGORIES, type ContractualCategory, type CustomerType } from './categories';
import type { QuotationStatus } from './quotation';

/**
 * The simple quote form ('Salva preventivo', spec §2, §4 "Customer lookup and form", §5 "Quote
 * form"): which fields it shows and while it may be changed. What it sends is quote-payload.ts: its
 * checks are QuoteCustomerSchema (core/schemas/customer.ts), the same the server applies.
 */

export type QuoteFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  fiscal_code: string;
  zip_code: string;
  employee_category: ContractualCategory;
  vat_number: string;
  business_name: string;
  notes: string;
};

/**
 * Business name and VAT show for business types (§2); VAT is then required, the business name only when
 * the secondary type is BUSINESS too (§5).
 */
export function quoteFieldsFor(category: ContractualCategory): { vat_number: boolean; business_name: boolean; businessNameRequired: boolean } {
  const info = categoryInfo(category);
  const business = info.type === 'BUSINESS';
  return { vat_number: business, business_name: business, businessNameRequired: info.secondaryType === 'BUSINESS' };
}

/**
 * The occupations offered: those the offer's customer type allows (§4: "the category list is filtered by
 * the offer's customer type"), all of them when the type is unknown.
 */
export const quoteCategories = (offerType: CustomerType | null) => (offerType ? categoriesFor(offerType) : [...CONTRACTUAL_CATEGORIES]);

/** Every field empty, on the given category: the quote form's start, and the proposal customer's (customer-rules.ts). */
export const blankQuote = (category: ContractualCategory): QuoteFormValues => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  fiscal_code: '',
  zip_code: '',
  employee_category: category,
  vat_number: '',
  business_name: '',
  notes: '',
});

/** Fields start empty, on tempo-indeterminato (§4), or on the first category the offer allows. */
export function emptyQuote(offerType: CustomerType | null): QuoteFormValues {
  const allowed = quoteCategories(offerType);
  return blankQuote(allowed.some((c) => c.value === 'tempo-indeterminato') ? 'tempo-indeterminato' : (allowed[0]?.value ?? 'tempo-indeterminato'));
}

/** The values of a saved quote's customer, for editing it. */
export function quoteValuesOf(c: QuoteFormValues): QuoteFormValues {
  return pickFields(c, QUOTE_FIELDS);
}

/**
 * A quote can be changed (PUT quote/{code}) while it is open and its credit check is not recorded: once
 * confirmed it is no longer editable (§4 "The quote form is not editable once confirmed").
 */
export function isQuoteEditable(q: { kind: 'proposal' | 'quote'; status: QuotationStatus; sustainabilityAnswers?: Record<string, unknown> | null }): boolean {
  const answered = Boolean(q.sustainabilityAnswers && Object.keys(q.sustainabilityAnswers).length > 0);
  return q.kind === 'quote' && q.status === 'OPEN' && !answered;
}

export const QUOTE_LOCKED_MESSAGE = 'Il preventivo è confermato: i dati del cliente non sono più modificabili';
