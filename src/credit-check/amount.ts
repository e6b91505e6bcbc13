import { formatNumber } from '@core/format';

/**
 * Amounts typed in the credit check: whole euros, never negative (spec §5 "Credit check input":
 * non-negative, step 1, shown with the '.' thousands separator). Anything but digits is dropped as typed.
 */
export function parseAmount(text: string): number | null {
  // A comma is the Italian decimal mark: cents are dropped (step 1), never read as more euros.
  const digits = (text.split(',')[0] ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** '1.500', '15.000': the text shown in the field. */
export const formatAmount = (n: number | null): string => (n === null ? '' : formatNumber(n, { decimals: 0 }));

/** What the field shows after a keystroke: the digits typed, regrouped. */
export const reformatAmount = (text: string): string => formatAmount(parseAmount(text));
