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

const SEP = '[\\s./()-]*';
/**
 * isValidPhone as a regular expression, for the API document (core/schemas): the separators
 * normalizePhone drops anywhere, an optional +39 or 0039, then a mobile or a landline number.
 * A property test holds the two equal (phone.test.ts).
 */
const PREFIX = `(?:\\+|0${SEP}0)${SEP}3${SEP}9`;
const NUMBER = `(?:3(?:${SEP}\\d){8,9}|0(?:${SEP}\\d){5,10})`;
// A leading 0039 is always the prefix (normalizePhone strips it), never the start of a landline.
export const PHONE_PATTERN = `^${SEP}(?:${PREFIX}${SEP}${NUMBER}|(?!${PREFIX})${NUMBER})${SEP}$`;
