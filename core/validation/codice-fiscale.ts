import { isValidPartitaIva } from './partita-iva';

// Omocodia: when two people would share a code, the Agenzia delle Entrate swaps digits,
// right to left, for these letters (L=0 ... V=9); any digit position may carry one.
const OMOCODE_LETTERS = 'LMNPQRSTUV';
const MONTH_LETTERS = 'ABCDEHLMPRST';
const D = `[0-9${OMOCODE_LETTERS}]`;
const SHAPE = new RegExp(`^[A-Z]{6}${D}{2}[${MONTH_LETTERS}]${D}{2}[A-Z]${D}{3}[A-Z]$`);

// Official table for characters in odd (1-based) positions, indexed by 0-9 / A-Z value.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

export interface DecodedCodiceFiscale {
  /** YYYY-MM-DD; the century is a guess, the code holds only two year digits. */
  birthDate: string;
  sex: 'M' | 'F';
  /** Belfiore code of the birth place (Z... for a foreign country), omocodia undone. */
  placeCode: string;
}

export function normalizeCodiceFiscale(input: string): string {
  return input.trim().toUpperCase();
}

/** Digits and letters both count 0-9 / 0-25 in the even table and index the odd one. */
function charValue(c: string): number {
  return c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 65;
}

function checkChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const v = charValue(first15.charAt(i));
    sum += i % 2 === 0 ? (ODD_VALUES[v] ?? 0) : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

function toDigits(s: string): string {
  return s.replace(/[LMNPQRSTUV]/g, (c) => String(OMOCODE_LETTERS.indexOf(c)));
}

function parse(input: string) {
  const cf = normalizeCodiceFiscale(input);
  if (!SHAPE.test(cf) || checkChar(cf) !== cf.charAt(15)) return null;
  const day = Number(toDigits(cf.slice(9, 11)));
  // Women's codes add 40 to the day of birth.
  const isFemale = day > 40;
  const dayOfMonth = isFemale ? day - 40 : day;
  if (dayOfMonth < 1 || dayOfMonth > 31) return null;
  return {
    yy: Number(toDigits(cf.slice(6, 8))),
    month: MONTH_LETTERS.indexOf(cf.charAt(8)) + 1,
    day: dayOfMonth,
    sex: isFemale ? ('F' as const) : ('M' as const),
    placeCode: cf.charAt(11) + toDigits(cf.slice(12, 15)),
  };
}

/** Personal codice fiscale (16 characters, case-insensitive, omocodia allowed). */
export function isValidCodiceFiscale(input: string): boolean {
  return parse(input) !== null;
}

/**
 * Null when the code is invalid or names a day that does not exist (e.g. 30 February).
 * Two-digit years above the current one are taken as 1900s.
 */
export function decodeCodiceFiscale(input: string, today: Date = new Date()): DecodedCodiceFiscale | null {
  const p = parse(input);
  if (!p) return null;
  const year = p.yy > today.getFullYear() % 100 ? 1900 + p.yy : 2000 + p.yy;
  const date = new Date(Date.UTC(year, p.month - 1, p.day));
  if (date.getUTCMonth() !== p.month - 1) return null;
  return { birthDate: date.toISOString().slice(0, 10), sex: p.sex, placeCode: p.placeCode };
}

/** A company's codice fiscale is its 11-digit partita IVA. */
export function isValidCompanyFiscalCode(input: string): boolean {
  return isValidPartitaIva(input);
}
