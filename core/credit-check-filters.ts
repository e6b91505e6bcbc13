/**
 * How a credit check narrows the offers search: pure rules, no I/O (spec §4 "Credit check",
 * §5 "Filters"). The offers screen calls these; the state they read is `src/credit-check` (useCreditCheck).
 *
 * API for the offers screen (every function takes the credit-check state, or the part it needs):
 *
 *   hasCreditCheck(state)                       a check is started or done (contractualCategory set)
 *   customerTypeFor(state)                      'piva' | 'privati' | null, from the contractual category
 *   creditCheckFilterParams(state, mins?)       the filters a check sets: { customerType: ['privati'],
 *                                               monthly_rates: [min, monthlyRateMax], deposits: [1, depositRequired] }
 *   applyCreditCheckFilters(current, state)     current filters + the check's, rate and deposit only when the
 *                                               user has chosen neither (spec: "auto-applied ... if no rate or
 *                                               deposit filter is chosen")
 *   withoutCreditCheckFilters(current)          reset: customer type, monthly_rates and deposits removed
 *   creditCheckHiddenTags(state)                the customer-type tag to hide while a check is applied
 *   filtersToQuery(values) / creditCheckOffersUrl(state)
 *                                               '?customerType=privati&monthly_rates=0,450' (arrays comma-separated)
 *   shouldReloadOffers(pathname, state)         on /offers after a check with chance >= 0 (once the result is closed)
 *   creditCheckSearchFields(state)              contractualCategory, answers, sustainability for POST search/offers
 *   TRAFFIC_LIGHT                               the levels 2, 1, 0 with their colours (red, amber, green, as the spec says)
 *   sustainabilityLock(state)                   the one level the selection is locked to, or null
 *   initialSustainability(state)                [chance] after a check, [] (no filter) otherwise
 *   sustainabilityToggle(selected, value, state) the selection after a tap: locked, or toggled keeping at least one
 *   needsResetConfirmation(change, state)       'edit' | 'remove' | null: which prompt to show before a filter
 *                                               change that resets the check (texts: it.creditCheck.confirm*)
 */
import { customerTypeOf, type ContractualCategory, type CustomerType } from './categories';
import type { Answers } from './prescoring/questions';
import type { Chance, PrescoringResponse } from './prescoring/schemas';

/** The part of the credit-check state these rules read (src/credit-check's state is a superset). */
export interface CreditCheckSnapshot {
  contractualCategory: ContractualCategory | null;
  answers?: Answers;
  response: Pick<PrescoringResponse, 'chance' | 'monthlyRateMax' | 'depositRequired'> | null;
  /** The traffic-light levels selected on the offers screen. */
  sustainability?: readonly Chance[];
}

/** Filter values as the offers search and its address hold them: every value a list, a range is [min, max]. */
export type FilterValues = Readonly<Record<string, readonly (string | number)[]>>;

/** The offers-search filter names the credit check touches (spec §2 "Filter sidebar"). */
export const CREDIT_CHECK_FILTERS = {
  customerType: 'customerType',
  monthlyRates: 'monthly_rates',
  deposits: 'deposits',
} as const;
const TOUCHED: readonly string[] = Object.values(CREDIT_CHECK_FILTERS);

/** The spec's 2 s: after a check on /offers the page reloads with the check's filters. */
export const OFFERS_PATH = '/offers';

export const hasCreditCheck = (s: CreditCheckSnapshot): boolean => s.contractualCategory !== null;

/** BUSINESS categories search piva offers, the others privati (spec §3). */
export const customerTypeFor = (s: CreditCheckSnapshot): CustomerType | null => (s.contractualCategory ? customerTypeOf(s.contractualCategory) : null);

/** A check answered with a chance (0, 1 or 2): its limits apply. */
export const isCompletedCheck = (s: CreditCheckSnapshot): boolean => typeof s.response?.chance === 'number';

/** Lower ends of the ranges a check sets: the filter definition's minimum rate (default 0), deposits from 1. */
export interface RangeMins {
  monthlyRate?: number;
  deposit?: number;
}

/**
 * The filters a credit check sets: the customer type from the category; after a completed check
 * monthly_rates = min..monthlyRateMax when a maximum is given, deposits = 1..depositRequired when a deposit
 * is required (spec §4: "if a maximum monthly rate is given, monthly_rate filter is set to min..max; if a
 * deposit is required, deposit is set 1..max").
 */
export function creditCheckFilterParams(s: CreditCheckSnapshot, mins: RangeMins = {}): Record<string, (string | number)[]> {
  const out: Record<string, (string | number)[]> = {};
  const customerType = customerTypeFor(s);
  if (!customerType) return out;
  out[CREDIT_CHECK_FILTERS.customerType] = [customerType];
  if (!isCompletedCheck(s)) return out;
  const { monthlyRateMax, depositRequired } = s.response ?? {};
  if (typeof monthlyRateMax === 'number') out[CREDIT_CHECK_FILTERS.monthlyRates] = [Math.min(mins.monthlyRate ?? 0, monthlyRateMax), monthlyRateMax];
  if (typeof depositRequired === 'number' && depositRequired > 0)
    out[CREDIT_CHECK_FILTERS.deposits] = [Math.min(mins.deposit ?? 1, depositRequired), depositRequired];
  return out;
}

/** Any filter object (the offers screen's also holds toggles): only the check's three names are read. */
type AnyFilters = Readonly<Record<string, unknown>>;

const chosen = (values: AnyFilters, name: string) => {
  const value = values[name];
  return Array.isArray(value) && value.length > 0;
};

/**
 * The filters to search with while a check exists: the customer type comes from the check; the check's rate
 * and deposit ranges are added only when the user has chosen neither a rate nor a deposit filter.
 */
export function applyCreditCheckFilters<F extends AnyFilters>(current: F, s: CreditCheckSnapshot, mins: RangeMins = {}): F {
  const params = creditCheckFilterParams(s, mins);
  const out: Record<string, unknown> = { ...current };
  const customerType = params[CREDIT_CHECK_FILTERS.customerType];
  if (customerType) out[CREDIT_CHECK_FILTERS.customerType] = customerType;
  const userChose = chosen(current, CREDIT_CHECK_FILTERS.monthlyRates) || chosen(current, CREDIT_CHECK_FILTERS.deposits);
  if (!userChose) {
    for (const name of [CREDIT_CHECK_FILTERS.monthlyRates, CREDIT_CHECK_FILTERS.deposits]) {
      const value = params[name];
      if (value) out[name] = value;
    }
  }
  return out as F;
}

/** After a reset: the check's filters (customer type, monthly_rates, deposits) removed, the rest kept. */
export function withoutCreditCheckFilters<F extends AnyFilters>(current: F): F {
  return Object.fromEntries(Object.entries(current).filter(([name]) => !TOUCHED.includes(name))) as F;
}

/** Spec §4: "After submit the customer-type filter (piva or privati) is added and that tag hidden." */
export function creditCheckHiddenTags(s: CreditCheckSnapshot): CustomerType[] {
  const customerType = customerTypeFor(s);
  return customerType && isCompletedCheck(s) ? [customerType] : [];
}

/**
 * The address query of a filter set, in the spec's form: arrays comma-separated, ranges `min,max`
 * (`customerType=privati&monthly_rates=0,450&deposits=1,5400`). Empty lists are left out; commas stay literal.
 */
export function filtersToQuery(values: FilterValues): string {
  return Object.entries(values)
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => `${encodeURIComponent(name)}=${list.map((v) => encodeURIComponent(String(v))).join(',')}`)
    .join('&');
}

/** The offers screen with the check's filters: the target of 'Vetrina Offerte' and of the 2 s reload. */
export function creditCheckOffersUrl(s: CreditCheckSnapshot, mins: RangeMins = {}): string {
  const query = filtersToQuery(creditCheckFilterParams(s, mins));
  return query ? `${OFFERS_PATH}?${query}` : OFFERS_PATH;
}

/** Spec §4: "On /offers the page reloads with these filters after 2 seconds when chance is 0 or more." */
export function shouldReloadOffers(pathname: string, s: CreditCheckSnapshot): boolean {
  const onOffers = pathname === OFFERS_PATH || pathname === `${OFFERS_PATH}/`;
  const chance = s.response?.chance;
  return onOffers && typeof chance === 'number' && chance >= 0;
}

/** The credit-check fields of `POST search/offers` (spec §7): contractualCategory, answers, sustainability list. */
export function creditCheckSearchFields(s: CreditCheckSnapshot): { contractualCategory?: ContractualCategory; answers?: Answers; sustainability?: Chance[] } {
  if (!s.contractualCategory) return {};
  const sustainability = s.sustainability?.length ? [...s.sustainability] : initialSustainability(s);
  return { contractualCategory: s.contractualCategory, answers: { ...(s.answers ?? {}) }, ...(sustainability.length ? { sustainability } : {}) };
}

// ---------------------------------------------------------------- the traffic light

export type TrafficLightColor = 'red' | 'amber' | 'green';

/**
 * The traffic-light toggles, in display order. Spec §4, verbatim: "Traffic light values 2, 1, 0 show red,
 * amber, green in that order" (the opposite of the result alert's colours; kept as written, see docs/adr/0126-traffic-light-colours.md).
 */
export const TRAFFIC_LIGHT: readonly { value: Chance; color: TrafficLightColor }[] = [
  { value: 2, color: 'red' },
  { value: 1, color: 'amber' },
  { value: 0, color: 'green' },
];

/**
 * Spec §4: "Chance 0 or 1 with a missing deposit or rate limit locks the traffic light to one value".
 * Returns that value, or null when the user may toggle.
 */
export function sustainabilityLock(s: CreditCheckSnapshot): Chance | null {
  const r = s.response;
  if (!r || (r.chance !== 0 && r.chance !== 1)) return null;
  const missingLimit = r.depositRequired == null || r.monthlyRateMax == null;
  return missingLimit ? r.chance : null;
}

/** The selection right after a check: its chance (spec: "if chance is a number, selects it"); none without one. */
export function initialSustainability(s: CreditCheckSnapshot): Chance[] {
  const chance = s.response?.chance;
  return typeof chance === 'number' ? [chance] : [];
}

/** A tap on a traffic-light level: locked → the lock; otherwise toggled, never leaving the selection empty. */
export function sustainabilityToggle(selected: readonly Chance[], value: Chance, s: CreditCheckSnapshot): Chance[] {
  const lock = sustainabilityLock(s);
  if (lock !== null) return [lock];
  if (!selected.includes(value)) return TRAFFIC_LIGHT.map((l) => l.value).filter((v) => v === value || selected.includes(v));
  const rest = selected.filter((v) => v !== value);
  return rest.length > 0 ? rest : [...selected];
}

// ---------------------------------------------------------------- the two confirmation prompts

// The customer type may reach us as the filter name or as its values (the private and business chips).
const RESETTING: readonly string[] = [...TOUCHED, 'piva', 'privati'];

/** A change the user is about to make on the offers filters: `filter` is the filter (or chip) name. */
export type FilterChange = { kind: 'edit'; filter: string } | { kind: 'remove'; filter: string } | { kind: 'clearAll' };

/** Which prompt: 'edit' = 'Modificando questo filtro…', 'remove' = 'Rimuovendo i filtri…' (it.creditCheck). */
export type ResetConfirmation = 'edit' | 'remove';

/**
 * Spec §5 "Filters": with a credit check present, editing the customer type, monthly rate or deposit filter
 * asks the edit prompt; removing the rate, private, business or deposit filter, or clearing all, asks the
 * remove prompt. Confirming resets the check (§4 "Offers search"); null means no prompt, no reset.
 */
export function needsResetConfirmation(change: FilterChange, s: CreditCheckSnapshot): ResetConfirmation | null {
  if (!hasCreditCheck(s)) return null;
  if (change.kind === 'clearAll') return 'remove';
  if (!RESETTING.includes(change.filter)) return null;
  return change.kind;
}
