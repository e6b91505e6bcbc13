// The address bar mirrors the offers search (spec §2 "Filter sidebar"): arrays are
// comma-separated, ranges are 'min,max', toggles '1'. A pasted link is read leniently: a value
// that does not pass the schema is dropped instead of breaking the screen.
import { DEFAULT_SORT, OFFER_SORTS, type OfferSort } from './offer-options';
import { CODE_FILTERS, NUMBER_FILTERS, OfferSearchSchema, RANGE_FILTERS, TOGGLE_FILTERS, type OfferFilters } from './schemas/offers';

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
    const parsed = OfferSearchSchema.safeParse({ [name]: value });
    if (parsed.success) filters[name] = (parsed.data as Record<string, unknown>)[name];
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
