// Italian display formats (spec sales-portal §9): numbers written by hand (italianDigits, below), dates by
// Intl; core must stay tiny, no date library. Thousands are grouped from the first thousand ('1.234', where
// it-IT's Intl groups only from 5 digits): the spec shows '.' separators on every thousand. Currency puts a
// no-break space before '€', as Intl does, so a price never wraps across lines.
import { toCents } from './money';

export const ITALIAN_MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/** Chart labels start with a capital. */
export const ITALIAN_MONTHS_CAPITALISED = ITALIAN_MONTHS.map((m) => m.charAt(0).toUpperCase() + m.slice(1));

/**
 * Italian digits, written here rather than by Intl.NumberFormat: on a phone the page's first Intl formatter
 * loads the browser's locale data, and each new set of options builds a formatter of its own, together
 * 50-80 ms of the first screen's main thread on the budget's machine (docs/adr/0113-figures-one-formatter.md). The output
 * is Intl's, character for character (core/format.test.ts compares them over thousands of values): digits
 * grouped by '.' from the thousands, ',' before the decimals, '-' before a negative number (also one that
 * rounds to zero), and Intl's rounding, half away from zero on the shortest decimal that reads back as the
 * number (1.005 -> '1,01', where toFixed says '1.00').
 */
function italianDigits(n: number, minDecimals: number, maxDecimals: number): string {
  const sign = n < 0 ? '-' : '';
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return `${sign}∞`;
  // The shortest decimal of |n| as digits and the position of the point in them: '1.5e-7' -> 15, -6.
  const [mantissa = '0', exponent = '0'] = String(Math.abs(n)).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point) digits += '0'.repeat(point - digits.length);
  // Kept: the integer digits and maxDecimals decimals; the first digit dropped decides the rounding.
  const kept = point + maxDecimals;
  let rounded = digits.slice(0, kept).padEnd(kept, '0');
  if ((digits[kept] ?? '0') >= '5') {
    const up = [...rounded];
    let i = up.length - 1;
    for (; i >= 0 && up[i] === '9'; i--) up[i] = '0';
    if (i >= 0) up[i] = String(Number(up[i]) + 1);
    else {
      up.unshift('1');
      point++;
    }
    rounded = up.join('');
  }
  let decimals = rounded.slice(point);
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  // Leading zeros dropped, thousands grouped: by hand, as V8 compiles these regular expressions' lookaheads
  // at a page's first price (about 1 ms on a phone).
  let start = 0;
  while (start < point - 1 && rounded[start] === '0') start++;
  const integer = rounded.slice(start, point) || '0';
  let grouped = integer.slice(0, integer.length % 3 || 3);
  for (let i = grouped.length; i < integer.length; i += 3) grouped += `.${integer.slice(i, i + 3)}`;
  return sign + grouped + (decimals ? `,${decimals}` : '');
}

// -0 would print as '-0'.
const noNegativeZero = (n: number) => n + 0;

/**
 * The one rule for money (docs/adr/0113-figures-one-formatter.md): thousands point, decimal comma, cents only when there are
 * some ('5.000 €', '118,90 €'), so the same kind of figure never reads '5.000 €' here and
 * '5.000,00 €' there. `decimals: 0` rounds to whole euros (commissions, as the spec asks).
 */
export function formatEuro(euros: number, { decimals }: { decimals?: number } = {}): string {
  const digits = decimals ?? (toCents(euros) % 100 === 0 ? 0 : 2);
  // Intl's Italian currency pattern: the amount, a no-break space, the sign.
  return `${italianDigits(noNegativeZero(euros), digits, digits)}\u00a0€`;
}

/** Option and accessory prices: 0 or less is standard equipment. */
export function formatPrice(euros: number): string {
  return euros <= 0 ? 'Di Serie' : formatEuro(euros);
}

/** The spec's monthly-rate item: '349€ al mese', '349,50€ al mese' (cents only when there are some, as formatEuro). */
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
  // Without `decimals`, Intl's default: as many as there are, up to 3.
  return italianDigits(noNegativeZero(n), decimals ?? 0, decimals ?? 3);
}

/** '36 mesi'. */
export function formatMonths(months: number): string {
  return `${formatNumber(months)} mesi`;
}

/** '5,1 l/100 km' (one decimal), '14,9 kWh/100 km' for electric cars. */
export function formatConsumption(value: number, electric: boolean): string {
  return `${formatNumber(value, { decimals: 1 })} ${electric ? 'kWh' : 'l'}/100 km`;
}

/** Proposal numbers are shown with 5 digits: 1 -> '00001'. */
export function padProposalNumber(n: number | string): string {
  return String(n).padStart(5, '0');
}

/** The business's time zone: every day shown (lists, dashboards, PDFs) is a day in Rome. */
export const APP_TIME_ZONE = 'Europe/Rome';

let romeParts: Intl.DateTimeFormat | undefined;

/**
 * The calendar day in Rome, 'YYYY-MM-DD', of a moment (an ISO date-time with its offset, or a Date).
 * A quotation made at 00:30 in Rome is 23:30 UTC the day before: cutting the ISO text would show that day.
 * Null for anything that is not a moment.
 */
export function romeDay(moment: string | Date): string | null {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return null;
  romeParts ??= new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const part = (type: string) => romeParts!.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * '05 marzo 2026', the one date format of the app. A calendar day ('YYYY-MM-DD', e.g. a dashboard range)
 * is shown as written; a moment (an ISO date-time, e.g. a quotation's date) as its day in Rome.
 * Anything else is returned unchanged.
 */
export function formatDateIt(date: string): string {
  const day = DATE_TIME.test(date) ? romeDay(date) : date;
  const match = day ? DAY_ONLY.exec(day) : null;
  const month = match ? ITALIAN_MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return date;
  return `${match[3]} ${month} ${match[1]}`;
}

let romeTime: Intl.DateTimeFormat | undefined;

/** '25 novembre 2026 alle 10:32': a moment with its time in Rome (when a customer opened or accepted a link). */
export function formatDateTimeIt(moment: string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return moment;
  romeTime ??= new Intl.DateTimeFormat('it-IT', { timeZone: APP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${formatDateIt(date.toISOString())} alle ${romeTime.format(date)}`;
}
