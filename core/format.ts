// Italian display formats (spec sales-portal §9). Intl only: core must stay tiny, no date library.
// it-IT groups thousands only from 5 digits (1234 -> '1234'); the spec shows '.' separators on
// every thousand, so grouping is forced with useGrouping 'always'. Currency output keeps Intl's
// no-break space before '€' so a price never wraps across lines.
import { toCents } from './money';

export const ITALIAN_MONTHS = [
  'gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno',
  'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre',
] as const;

/** Chart labels start with a capital. */
export const ITALIAN_MONTHS_CAPITALISED = ITALIAN_MONTHS.map((m) => m.charAt(0).toUpperCase() + m.slice(1));

// Formatters are costly to build and cheap to reuse: one per option set.
const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat('it-IT', { useGrouping: 'always', ...options });
    cache.set(key, format);
  }
  return format;
}

// -0 would print as '-0'.
const noNegativeZero = (n: number) => n + 0;

/** '1.234,50 €' (2 decimals unless told otherwise). */
export function formatEuro(euros: number, { decimals = 2 }: { decimals?: number } = {}): string {
  return numberFormat({ style: 'currency', currency: 'EUR', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(noNegativeZero(euros));
}

/** Option and accessory prices: 0 or less is standard equipment. */
export function formatPrice(euros: number): string {
  return euros <= 0 ? 'Di Serie' : formatEuro(euros);
}

/** '349€ al mese', '349,50€ al mese': cents only when there are some. */
export function formatMonthly(euros: number): string {
  const whole = toCents(euros) % 100 === 0;
  return `${formatNumber(euros, { decimals: whole ? 0 : 2 })}€ al mese`;
}

/** km per year; 0 means unlimited. */
export function formatDistance(km: number): string {
  return km === 0 ? 'illimitati' : `${formatNumber(km)} km`;
}

/** '15.000', '1.234,5'; with decimals, exactly that many. */
export function formatNumber(n: number, { decimals }: { decimals?: number } = {}): string {
  const digits = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return numberFormat(digits).format(noNegativeZero(n));
}

/** Proposal numbers are shown with 5 digits: 1 -> '00001'. */
export function padProposalNumber(n: number | string): string {
  return String(n).padStart(5, '0');
}

/**
 * 'YYYY-MM-DD' (or an ISO date-time starting with it) -> '05 marzo 2026'. Read from the text,
 * not through Date, so no time zone can move the day. Anything else is returned unchanged.
 */
export function formatDateIt(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const month = match ? ITALIAN_MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  return `${match[3]} ${month} ${match[1]}`;
}
