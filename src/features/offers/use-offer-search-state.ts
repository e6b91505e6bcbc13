import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  applyCreditCheckFilters,
  creditCheckSearchFields,
  hasCreditCheck,
  isCompletedCheck,
  withoutCreditCheckFilters,
  type CreditCheckSnapshot,
} from '@core/credit-check-filters';
import { effectiveFilters } from '@core/effective-filters';
import type { OfferSort } from '@core/offer-options';
import { readOfferUrl, writeOfferUrl, type OfferUrlState } from '@core/offer-url';
import type { OfferFilters, OfferSearchInput } from '@core/schemas/offers';
import { creditCheckStore } from '../../credit-check/store';
import { useCreditCheck } from '../../credit-check/use-credit-check';

export type FilterValue<K extends keyof OfferFilters> = OfferFilters[K] | undefined;
type Filters = Partial<OfferFilters>;

/** One filter set to a value (empty, undefined or false removes it); fast delivery and unlimited km switch their twins off. */
export function withFilter<K extends keyof OfferFilters>(filters: Filters, name: K, value: FilterValue<K>): Filters {
  const next = { ...filters, [name]: value };
  if (value === undefined || (Array.isArray(value) && value.length === 0) || value === false) delete next[name];
  if (name === 'fast_delivery' && value) delete next.delivery_times;
  if (name === 'unlimitedKm' && value) delete next.distances;
  return next;
}

/** The check's filters added (spec §4: customer type from the category; rate and deposit only if neither is chosen). */
const withCheck = (filters: Filters, check: CreditCheckSnapshot): Filters =>
  hasCreditCheck(check) ? applyCreditCheckFilters(filters, check) : filters;

const sameFilters = (a: Filters, b: Filters) => writeOfferUrl({ filters: a, sort: 'price-up', page: 1 }) === writeOfferUrl({ filters: b, sort: 'price-up', page: 1 });

/**
 * The search state of the offers screen. The address is read once, on load (a pasted link presets
 * the filters), and afterwards only written, so it always mirrors the filters. A credit check adds its
 * filters (customer type; monthly rate and deposit when none is chosen) into the state and so the address;
 * its result and traffic-light levels travel with the search (spec §4, §7).
 */
export function useOfferSearchState() {
  const { search, pathname } = useLocation();
  const check = useCreditCheck();
  const [state, setState] = useState<OfferUrlState>(() => {
    const initial = readOfferUrl(search);
    return { ...initial, filters: withCheck(initial.filters, creditCheckStore.get()) };
  });

  useEffect(() => {
    const query = writeOfferUrl(state);
    const url = query ? `${pathname}?${query}` : pathname;
    if (`${window.location.pathname}${window.location.search}` !== url) window.history.replaceState(window.history.state, '', url);
  }, [state, pathname]);

  // A category chosen here (the widget on this screen) sets the customer type at once; a completed check
  // reloads the screen with its rate and deposit 2 s later (useOffersReloadAfterCheck), as the spec says.
  // A check reset elsewhere takes its filters away; a reset asked for here has already done so.
  const category = check.contractualCategory;
  const resetHere = useRef(false);
  const hadCheck = useRef(category !== null);
  useEffect(() => {
    if (category !== null) {
      setState((s) => {
        const filters = withCheck(s.filters, { ...creditCheckStore.get(), response: null });
        return sameFilters(filters, s.filters) ? s : { ...s, filters, page: 1 };
      });
    } else if (hadCheck.current && !resetHere.current) {
      setState((s) => ({ ...s, filters: withoutCreditCheckFilters(s.filters), page: 1 }));
    }
    hadCheck.current = category !== null;
    resetHere.current = false;
  }, [category]);

  /** A filter change searches again from page 1 (sales-portal.md §4). */
  const setFilter = useCallback(<K extends keyof OfferFilters>(name: K, value: FilterValue<K>) => {
    setState((s) => ({ ...s, filters: withFilter(s.filters, name, value), page: 1 }));
  }, []);
  const clearFilters = useCallback(() => setState((s) => ({ ...s, filters: {}, page: 1 })), []);
  const setSort = useCallback((sort: OfferSort) => setState((s) => ({ ...s, sort, page: 1 })), []);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  /**
   * Resets the credit check, then applies the change the user confirmed (spec §4: the check's rate, deposit
   * and customer-type filters go with it; the user's own change stays).
   */
  const resetCheckThen = useCallback((change: (filters: Filters) => Filters) => {
    resetHere.current = true;
    setState((s) => ({ ...s, filters: change(withoutCreditCheckFilters(s.filters)), page: 1 }));
    creditCheckStore.reset();
  }, []);

  const completed = isCompletedCheck(check);
  const { contractualCategory, answers, sustainability, response } = check;
  const checkFields = useMemo(
    () => (completed ? creditCheckSearchFields({ contractualCategory, answers, sustainability, response }) : {}),
    [completed, contractualCategory, answers, sustainability, response],
  );
  const body: OfferSearchInput = useMemo(() => ({ ...effectiveFilters(state.filters), ...checkFields, sort: state.sort, page: state.page }), [state, checkFields]);
  return { state, body, check, setFilter, clearFilters, setSort, setPage, resetCheckThen };
}
