/** Trims, drops separators ( .-/() and spaces) and a leading +39 / 0039 country prefix. */
export function normalizePhone(input: string): string {
  return input
    .trim()
    .replace(/[\s./()-]/g, '')
    .replace(/^(\+|00)39/, '');
}

// Format chosen here (the spec gives none): Italian mobile 3xx with 9-10 digits, or landline 0x with 6-11 digits.
const MOBILE = /^3\d{8,9}$/;
const LANDLINE = /^0\d{5,10}$/;

export function isValidPhone(input: string): boolean {
  const s = normalizePhone(input);
  return MOBILE.test(s) || LANDLINE.test(s);
}
