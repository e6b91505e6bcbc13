import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES } from '@core/i18n-messages';
import { invalid } from './errors';

/**
 * Passwords that are too common to be allowed: zxcvbn-ts's list of passwords seen most often in
 * breaches (about 49,000), compared without case ('Password1' is 'password1'). Server-side only:
 * the list never reaches the client bundle. Those shorter than the minimum length are refused by
 * the schema already.
 */
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= 8));
  return common.has(password.toLowerCase());
}

/** A field error in the form's words when the password chosen for `field` is too common. */
export function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) throw invalid({ [field]: [MESSAGES.commonPassword] });
}
