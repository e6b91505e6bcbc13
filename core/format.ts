// Italian display formats (spec sales-portal §9). Intl only: core must stay tiny, no date library.
// it-IT groups thousands only from 5 digits (1234 -> '1234'); the spec shows '.' separators on
// every thousand, so grouping is forced with useGrouping 'always'. Currency output keeps Intl's
// no-break space before '€' so a price never wraps across lines.
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

/**
 * The one rule for money (issue 20): thousands point, decimal comma, cents only when there are
 * some ('5.000 €', '118,90 €'), so the same kind of figure never reads '5.000 €' here and
 * '5.000,00 €' there. `decimals: 0` rounds to whole euros (commissions, as the spec asks).
 */
export function formatEuro(euros: number, { decimals }: { decimals?: number } = {}): string {
  const digits = decimals ?? (toCents(euros) % 100 === 0 ? 0 : 2);
  return numberFormat({ style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(noNegativeZero(euros));
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
  const digits = decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return numberFormat(digits).format(noNegativeZero(n));
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
