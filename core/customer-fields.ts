// The customer's data fields, named once: what a saved customer, a proposal's customer snapshot, the
// customer form and the quote form copy from one another.

/** The typed personal data (spec §4 "Customer lookup and form"), in the form's order. */
export const CUSTOMER_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'fiscal_code',
  'zip_code',
  'address',
  'city',
  'vat_number',
  'business_name',
  'notes',
] as const;

/** Every field a customer form holds, the contractual category included. */
export const CUSTOMER_FIELDS = [...CUSTOMER_TEXT_FIELDS, 'employee_category'] as const;

/** The quote form's fields (spec §5 "Quote form"): the customer's without the address. */
export const QUOTE_FIELDS = CUSTOMER_FIELDS.filter((f) => f !== 'address' && f !== 'city');

/** A copy of `source` with only `keys`. */
export function pickFields<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = source[k];
  return out;
}
