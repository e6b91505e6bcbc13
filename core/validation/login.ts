import * as M from '../first-messages';

/** The login payload's limits, shared by LoginSchema (core/schemas/auth.ts) and the login form's fields. */
export const LOGIN_LIMITS = { email: 254, password: 200 } as const;

export type LoginFields = { email: string; password: string };

/**
 * LoginSchema's check without zod, for the login screen (the first one loaded, which does not load zod):
 * the same first message per field and the same data (the email trimmed) for any value within
 * LOGIN_LIMITS, which the fields' maxlength enforces. login.test.ts holds the two equal.
 */
export function checkLogin(values: LoginFields): { data: LoginFields | null; errors: Partial<Record<keyof LoginFields, string>> } {
  const email = values.email.trim();
  const errors: Partial<Record<keyof LoginFields, string>> = {};
  if (!email) errors.email = M.required;
  if (!values.password) errors.password = M.required;
  return Object.keys(errors).length ? { data: null, errors } : { data: { email, password: values.password }, errors };
}
