import { quoteFieldsFor, type QuoteFormValues } from './quote-form';
import { type QuoteCustomer, QuoteCustomerSchema } from './schemas/customer';
import type { QuotePayload, ServiceChoices } from './schemas/quotations';

// What the simple quote form sends (spec §3 Quote payload), apart from quote-form.ts: these need zod's
// schemas, which the app loads when a quote is saved, not with the wizard's first screen (docs/adr/0116-zod-one-door-not-on-first-screens.md).

/**
 * The customer part of the payload, as the checks leave it: names and email, postal code, VAT and notes
 * trimmed, the fiscal code upper-cased, a +39 prefix stripped from the phone; VAT and business name only
 * for business types. Null when a check fails (the form shows why).
 */
export function quoteCustomer(values: QuoteFormValues): QuoteCustomer | null {
  const fields = quoteFieldsFor(values.employee_category);
  const parsed = QuoteCustomerSchema.safeParse({
    ...values,
    vat_number: fields.vat_number ? values.vat_number : '',
    business_name: fields.business_name ? values.business_name : '',
  });
  return parsed.success ? parsed.data : null;
}

/** The offer a new quote is made from (its child ref, the quoted figures and the chosen extras). */
export type QuotedOffer = {
  ref: string;
  /** Unknown figures (offline, offer not loaded) are left out: the server takes them from the offer. */
  monthly_rate?: number | undefined;
  deposit?: number | undefined;
  duration?: number | undefined;
  distance?: number | undefined;
  accessories: string[];
  colors: string[];
  additionalServices?: ServiceChoices;
};

/** POST quote: the offer fields of the spec's Quote payload (§3) plus the customer; the server reprices it. */
export function quotePayload(values: QuoteFormValues, offer: QuotedOffer): QuotePayload | null {
  const customer = quoteCustomer(values);
  if (!customer) return null;
  const known = (k: string, v: number | undefined) => (v === undefined ? {} : { [k]: v });
  return {
    ...customer,
    code: offer.ref,
    ...known('selectedPrice', offer.monthly_rate),
    ...known('monthly_rate', offer.monthly_rate),
    ...known('deposit', offer.deposit),
    ...known('duration', offer.duration),
    ...known('distance', offer.distance),
    company_name: customer.business_name,
    note: customer.notes,
    accessories: offer.accessories,
    colors: offer.colors,
    additionalServices: offer.additionalServices ?? [],
  };
}
