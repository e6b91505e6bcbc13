import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { effectiveFilters } from '@core/offer-filter';
import type { OfferSort } from '@core/offer-options';
import { readOfferUrl, writeOfferUrl, type OfferUrlState } from '@core/offer-url';
import type { OfferFilters, OfferSearchInput } from '@core/schemas/offers';

export type FilterValue<K extends keyof OfferFilters> = OfferFilters[K] | undefined;

/**
 * The search state of the offers screen. The address is read once, on load (a pasted link presets
 * the filters), and afterwards only written, so it always mirrors the filters.
 */
export function useOfferSearchState() {
  const { search, pathname } = useLocation();
  const [state, setState] = useState<OfferUrlState>(() => readOfferUrl(search));

  useEffect(() => {
    const query = writeOfferUrl(state);
    const url = query ? `${pathname}?${query}` : pathname;
    if (`${window.location.pathname}${window.location.search}` !== url) window.history.replaceState(window.history.state, '', url);
  }, [state, pathname]);

  /** A filter change searches again from page 1 (sales-portal.md §4). */
  const setFilter = useCallback(<K extends keyof OfferFilters>(name: K, value: FilterValue<K>) => {
    setState((s) => {
      const filters = { ...s.filters, [name]: value };
      if (value === undefined || (Array.isArray(value) && value.length === 0) || value === false) delete filters[name];
      // Fast delivery switches the delivery-time filter off; unlimited km the distance filter.
      if (name === 'fast_delivery' && value) delete filters.delivery_times;
      if (name === 'unlimitedKm' && value) delete filters.distances;
      return { ...s, filters, page: 1 };
    });
  }, []);
  const clearFilters = useCallback(() => setState((s) => ({ ...s, filters: {}, page: 1 })), []);
  const setSort = useCallback((sort: OfferSort) => setState((s) => ({ ...s, sort, page: 1 })), []);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);

  const body: OfferSearchInput = useMemo(() => ({ ...effectiveFilters(state.filters), sort: state.sort, page: state.page }), [state]);
  return { state, body, setFilter, clearFilters, setSort, setPage };
}
