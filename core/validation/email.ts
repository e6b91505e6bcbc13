// RFC 5321 caps a forward path at 254 characters; anything stricter than this basic shape
// belongs to the mail server, not the form (the spec asks only for a "basic email").
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(input: string): boolean {
  const s = input.trim();
  return s.length <= 254 && EMAIL.test(s);
}

/** isValidEmail as a regular expression (the API document, core/schemas); spaces around are trimmed first. */
export const EMAIL_PATTERN = `^\\s*${EMAIL.source.slice(1, -1)}\\s*$`;
