// The address bar mirrors the offers search (spec §2 "Filter sidebar"): arrays are
// comma-separated, ranges are 'min,max', toggles '1'. A pasted link is read leniently: a value
// that the search would refuse is dropped instead of breaking the screen.
import { CODE_FILTERS, DEFAULT_SORT, NUMBER_FILTERS, OFFER_SORTS, RANGE_FILTERS, TOGGLE_FILTERS, type OfferSort } from './offer-options';
import type { OfferFilters } from './schemas/offers';

/**
 * Whether the search's schema (OfferFiltersSchema in ./schemas/offers.ts) takes this value for this filter.
 * The same rules, written without zod, which the offers screen does not load (docs/adr/0116-zod-one-door-not-on-first-screens.md); offer-url.test.ts
 * checks that the two agree on generated values.
 */
export function filterValueAccepted(name: string, value: unknown): boolean {
  const isCode = (v: unknown) => typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= 64 && /^[\p{L}\p{N} ._'-]+$/u.test(v.trim());
  const isWhole = (v: unknown, max: number, min = 0) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
  const list = (max: number, each: (v: unknown) => boolean) => Array.isArray(value) && value.length <= max && value.every(each);
  if (name === 'customerType') return list(2, (v) => v === 'piva' || v === 'privati');
  if ((CODE_FILTERS as readonly string[]).includes(name) || name === 'tags') return list(100, isCode);
  if (name === 'durations') return list(50, (v) => isWhole(v, 120, 1));
  if (name === 'distances') return list(50, (v) => isWhole(v, 1_000_000));
  if ((RANGE_FILTERS as readonly string[]).includes(name))
    return Array.isArray(value) && value.length === 2 && isWhole(value[0], 10_000_000) && isWhole(value[1], 10_000_000) && value[0] <= value[1];
  if ((TOGGLE_FILTERS as readonly string[]).includes(name)) return typeof value === 'boolean';
  return false;
}

export interface OfferUrlState {
  filters: Partial<OfferFilters>;
  sort: OfferSort;
  page: number;
}

const split = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function readOfferUrl(query: string | URLSearchParams): OfferUrlState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const candidate: Record<string, unknown> = {};
  for (const name of [...CODE_FILTERS, 'tags'] as const) {
    const raw = params.get(name);
    if (raw) candidate[name] = [...new Set(split(raw))];
  }
  for (const name of NUMBER_FILTERS) {
    const raw = params.get(name);
    if (raw) candidate[name] = [...new Set(split(raw).map(Number))];
  }
  for (const name of RANGE_FILTERS) {
    const raw = params.get(name);
    if (raw) candidate[name] = split(raw).map(Number);
  }
  for (const name of TOGGLE_FILTERS) if (params.get(name) === '1' || params.get(name) === 'true') candidate[name] = true;

  // Field by field, so one bad value only loses itself.
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(candidate)) {
    if (filterValueAccepted(name, value)) filters[name] = value;
  }
  const sortRaw = params.get('sort') as OfferSort | null;
  const sort = sortRaw && OFFER_SORTS.includes(sortRaw) ? sortRaw : DEFAULT_SORT;
  const pageRaw = Number(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  return { filters: filters as Partial<OfferFilters>, sort, page };
}

/** The query string (without '?') for a state; defaults are left out so links stay short. */
export function writeOfferUrl(state: OfferUrlState): string {
  const params = new URLSearchParams();
  const f = state.filters;
  for (const name of [...CODE_FILTERS, 'tags', ...NUMBER_FILTERS] as const) {
    const values = f[name];
    if (values && values.length > 0) params.set(name, values.join(','));
  }
  for (const name of RANGE_FILTERS) {
    const range = f[name];
    if (range) params.set(name, `${range[0]},${range[1]}`);
  }
  for (const name of TOGGLE_FILTERS) if (f[name]) params.set(name, '1');
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  // Commas are kept readable: 'brands=fiat,jeep' rather than 'brands=fiat%2Cjeep'.
  return params.toString().replace(/%2C/g, ',');
}
