// Finds English and raw values on a rendered screen (docs/adr/0055-no-english-on-screen.md): a test helper,
// kept in core (as format-check.ts) so the unit tests and the end-to-end walk of every screen share one rule.
// The interface is Italian only (spec sales-portal §1): no English label ('approved', 'Back to offer', the
// browser's 'Choose File'), no status as the API spells it ('OPEN', 'PENDING_ACTIVATION'), no slug as stored
// ('city-car', 'HEV-IB', 'tempo-indeterminato'), no 'undefined' or 'NaN' from a value that was missing.
import { CAR_CATEGORIES, CAR_FUELS, CAR_GEARBOXES } from './catalog';
import { CONTRACTUAL_CATEGORY_VALUES } from './categories';
import { CATEGORIES, FUELS, SORTS, STOCKS } from './offer-options';

/** English words of a user interface that an Italian screen never shows (whole words, any case: buttons are upper-cased). */
const ENGLISH = [
  'approved',
  'rejected',
  'in progress',
  'pending',
  'back to offer',
  'choose files?',
  'no file chosen',
  'no files? selected',
  'browse',
  'save',
  'cancel',
  'submit',
  'loading',
  'search',
  'previous',
  'error',
  'success',
  'settings',
  'undefined',
  'null',
  'NaN',
  '\\[object Object\\]',
];

/** Values as the API spells them: statuses, fee types, customer types, message keys. */
const ENUM = /\b(?:OPEN|WON|LOST|ACTIVATED|SUSPENDED|PRIVATE|BUSINESS|[A-Z]+(?:_[A-Z]+)+)\b/g;

const hyphenated = (values: readonly string[]) => values.filter((v) => v.includes('-'));
const SLUGS = [
  ...CAR_CATEGORIES,
  ...CAR_FUELS,
  ...CAR_GEARBOXES,
  ...CONTRACTUAL_CATEGORY_VALUES,
  ...[CATEGORIES, FUELS, STOCKS, SORTS].flatMap((o) => o.map((x) => x.value)),
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SLUG = new RegExp(`(?<![\\w.@/-])(?:${[...new Set(hyphenated(SLUGS))].map(escape).join('|')})(?![\\w.@/-])`, 'gi');
const WORDS = new RegExp(`(?<![\\w'’-])(?:${ENGLISH.join('|')})(?![\\w'’-])`, 'gi');

export type LanguageProblem = { text: string; why: string };

/** The English words, API values and slugs in a screen's text; [] when it reads as Italian. */
export function findUntranslated(text: string): LanguageProblem[] {
  const found: LanguageProblem[] = [];
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(WORDS)) found.push({ text: m[0], why: 'English word' });
    for (const m of line.matchAll(ENUM)) found.push({ text: m[0], why: 'value as the API spells it' });
    for (const m of line.matchAll(SLUG)) found.push({ text: m[0], why: 'slug as stored' });
  }
  return found;
}
