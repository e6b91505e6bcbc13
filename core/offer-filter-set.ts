import { formatDistance, formatMonths } from './format';
import type { Bounds, FacetCounts } from './offer-filter';
import {
  CATALOGUE_TAG_LABEL,
  CATEGORIES,
  CUSTOMER_TYPE_OPTIONS,
  FUELS,
  GEARS,
  type OptionDef,
  RANGE_UNITS,
  SORTS,
  STATUSES,
  STOCKS,
  TOGGLES,
} from './offer-options';
import type { FilterDef, FilterOption, FilterSet } from './schemas/offers';

/** Names of the codes the facets count, as the filter column shows them. */
export type FilterLookups = {
  brands: Record<string, string>;
  brokers: Record<string, { name: string; logo: string | null }>;
  products: Record<string, string>;
  areas: Record<string, string>;
  deliveryTimes: Record<string, { label: string; days: number }>;
};

/**
 * The filter column (filters with counts and bounds, tags, orders) from a search's facets: the
 * server builds its answer with it, and the offline search builds the same from the device's copy.
 */
export function buildFilterSet(result: { facets: FacetCounts; bounds: Bounds }, lookups: FilterLookups, canCatalog: boolean): FilterSet {
  const { facets, bounds } = result;
  const counted = (name: keyof FacetCounts, values: { value: string; label: string; icon: string | null }[]): FilterOption[] =>
    values.filter((v) => v.value in facets[name]).map((v) => ({ ...v, count: facets[name][v.value] ?? 0 }));
  const fromConstants = (name: keyof FacetCounts, defs: readonly OptionDef[]) => counted(name, [...defs]);
  const fromLookup = (name: keyof FacetCounts, label: (code: string) => string, order?: (a: string, b: string) => number) =>
    counted(
      name,
      Object.keys(facets[name])
        .sort(order ?? ((a, b) => label(a).localeCompare(label(b), 'it')))
        .map((value) => ({ value, label: label(value), icon: null })),
    );
  const numeric = (name: 'durations' | 'distances', label: (n: number) => string) =>
    Object.entries(facets[name])
      .map(([value, count]) => ({ value: Number(value), count }))
      // Distance 0 is the unlimited-km toggle, not a distance option.
      .filter((o) => !(name === 'distances' && o.value === 0))
      .sort((a, b) => a.value - b.value)
      .map((o) => ({ value: o.value, label: label(o.value), icon: null, count: o.count }));
  const range = (name: 'monthly_rates' | 'deposits'): FilterDef => {
    const b = bounds[name] ?? [0, 0];
    return { type: 'range', name, min: b[0], max: b[1], unit: RANGE_UNITS[name] };
  };
  const toggle = (name: keyof typeof TOGGLES, count: number): FilterDef => ({
    type: 'toggle',
    name,
    label: TOGGLES[name].label,
    icon: TOGGLES[name].icon,
    count,
  });
  const options = (name: Extract<FilterDef, { type: 'options' }>['name'], list: FilterOption[]): FilterDef => ({ type: 'options', name, options: list });

  const deliveryOrder = (a: string, b: string) => (lookups.deliveryTimes[a]?.days ?? 0) - (lookups.deliveryTimes[b]?.days ?? 0);
  const filters: FilterDef[] = [
    options(
      'brands',
      fromLookup('brands', (v) => lookups.brands[v] ?? v),
    ),
    range('monthly_rates'),
    options('fuels', fromConstants('fuels', FUELS)),
    options('categories', fromConstants('categories', CATEGORIES)),
    options('gear', fromConstants('gear', GEARS)),
    options(
      'durations',
      numeric('durations', (n) => formatMonths(n)),
    ),
    options(
      'distances',
      numeric('distances', (n) => formatDistance(n)),
    ),
    range('deposits'),
    toggle('unlimitedKm', facets.distances['0'] ?? 0),
    options('customerType', fromConstants('customerType', CUSTOMER_TYPE_OPTIONS)),
    options(
      'delivery_times',
      fromLookup('delivery_times', (v) => lookups.deliveryTimes[v]?.label ?? v, deliveryOrder),
    ),
    toggle('fast_delivery', facets.fast_delivery['true'] ?? 0),
    options('stocks', fromConstants('stocks', STOCKS)),
    options('status', fromConstants('status', STATUSES)),
    toggle('noviceDriver', facets.noviceDriver['true'] ?? 0),
    options(
      'brokers',
      fromLookup('brokers', (v) => lookups.brokers[v]?.name ?? v),
    ),
    options(
      'products',
      fromLookup('products', (v) => lookups.products[v] ?? v),
    ),
    options(
      'areas',
      fromLookup('areas', (v) => lookups.areas[v] ?? v),
    ),
  ];
  const tags = Object.entries(facets.tags)
    .filter(([value]) => value !== CATALOGUE_TAG_LABEL || canCatalog)
    .sort(([a], [b]) => a.localeCompare(b, 'it'))
    .map(([value, count]) => ({ value, label: value, show: true, count }));
  return { filters, tags, orders: SORTS.map((s) => ({ value: s.value, label: s.label })) };
}
