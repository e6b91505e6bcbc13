// Apart from offer-filter.ts (the search itself, re-exported there): the offers screen builds its request
// with this alone and does not load the search.
import type { OfferFilters } from './schemas/offers';

/**
 * The filters that actually apply: empty lists and false toggles are no filter; fast delivery
 * removes delivery_times and unlimited km removes distances (spec §4).
 */
export function effectiveFilters(f: Partial<OfferFilters>): Partial<OfferFilters> {
  const out: Partial<OfferFilters> = {};
  for (const [key, value] of Object.entries(f) as [keyof OfferFilters, unknown][]) {
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0 && key !== 'monthly_rates' && key !== 'deposits')) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  if (out.fast_delivery) delete out.delivery_times;
  if (out.unlimitedKm) delete out.distances;
  return out;
}
