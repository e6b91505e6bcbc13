import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { prefetchSearchOffers } from './api/search-offers';

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
const withCheck = (filters: Filters, check: CreditCheckSnapshot): Filters => (hasCreditCheck(check) ? applyCreditCheckFilters(filters, check) : filters);

const sameFilters = (a: Filters, b: Filters) =>
  writeOfferUrl({ filters: a, sort: 'price-up', page: 1 }) === writeOfferUrl({ filters: b, sort: 'price-up', page: 1 });

/** The body of `POST search/offers`: the state's filters, sort and page, and a completed check's fields (spec §4, §7). */
const searchBody = (state: OfferUrlState, checkFields: ReturnType<typeof creditCheckSearchFields>): OfferSearchInput => ({
  ...effectiveFilters(state.filters),
  ...checkFields,
  sort: state.sort,
  page: state.page,
});
const checkFieldsOf = (check: CreditCheckSnapshot) => (isCompletedCheck(check) ? creditCheckSearchFields(check) : {});

/**
 * The search state of the offers screen. The address is read once, on load (a pasted link presets
 * the filters), and afterwards only written, so it always mirrors the filters. A credit check adds its
 * filters (customer type; monthly rate and deposit when none is chosen) into the state and so the address;
 * its result and traffic-light levels travel with the search (spec §4, §7).
 *
 * Every change starts its search at once, from the event itself, instead of after the screen has rendered
 * the new filters. A user's change renders as a transition: the tapped control (Ionic draws its own state)
 * reaches the screen in the next frame, and the screen's render (chips, count, cards: 50-100 ms on a 4x slowed
 * CPU) follows in slices that React interrupts for the next tap. Rendered in the input's task, it held that
 * frame back (216-488 ms from tap to paint at 4x; bench/results-lighthouse.md).
 * Offline the device has usually answered by then, so one render shows the new filters and their results.
 */
export function useOfferSearchState() {
  const { search, pathname } = useLocation();
  const check = useCreditCheck();
  const [state, setState] = useState<OfferUrlState>(() => {
    const initial = readOfferUrl(search);
    return { ...initial, filters: withCheck(initial.filters, creditCheckStore.get()) };
  });
  // The state as last set, ahead of the render that shows it: changes made before that render build on it.
  const latest = useRef(state);
  const apply = useCallback((change: (s: OfferUrlState) => OfferUrlState, byUser: boolean) => {
    const next = change(latest.current);
    if (next === latest.current) return;
    latest.current = next;
    prefetchSearchOffers(searchBody(next, checkFieldsOf(creditCheckStore.get())));
    if (byUser) startTransition(() => setState(next));
    else setState(next);
  }, []);
  /** A change the user made (an event handler, never an effect or a render). */
  const update = useCallback((change: (s: OfferUrlState) => OfferUrlState) => apply(change, true), [apply]);

  // Written in the next task, not in the one that renders the change: replaceState costs a few ms, and the
  // results come first. Leaving the screen first cancels the write.
  useEffect(() => {
    const query = writeOfferUrl(state);
    const url = query ? `${pathname}?${query}` : pathname;
    const id = setTimeout(() => {
      if (`${window.location.pathname}${window.location.search}` !== url) window.history.replaceState(window.history.state, '', url);
    });
    return () => clearTimeout(id);
  }, [state, pathname]);

  // A category chosen here (the widget on this screen) sets the customer type at once; a completed check
  // reloads the screen with its rate and deposit 2 s later (useOffersReloadAfterCheck), as the spec says.
  // A check reset elsewhere takes its filters away; a reset asked for here has already done so.
  const category = check.contractualCategory;
  const resetHere = useRef(false);
  const hadCheck = useRef(category !== null);
  useEffect(() => {
    if (category !== null) {
      apply((s) => {
        const filters = withCheck(s.filters, { ...creditCheckStore.get(), response: null });
        return sameFilters(filters, s.filters) ? s : { ...s, filters, page: 1 };
      }, false);
    } else if (hadCheck.current && !resetHere.current) {
      apply((s) => ({ ...s, filters: withoutCreditCheckFilters(s.filters), page: 1 }), false);
    }
    hadCheck.current = category !== null;
    resetHere.current = false;
  }, [category, apply]);

  /** A filter change searches again from page 1 (spec §4). */
  const setFilter = useCallback(
    <K extends keyof OfferFilters>(name: K, value: FilterValue<K>) => update((s) => ({ ...s, filters: withFilter(s.filters, name, value), page: 1 })),
    [update],
  );
  const clearFilters = useCallback(() => update((s) => ({ ...s, filters: {}, page: 1 })), [update]);
  const setSort = useCallback((sort: OfferSort) => update((s) => ({ ...s, sort, page: 1 })), [update]);
  const setPage = useCallback((page: number) => update((s) => ({ ...s, page })), [update]);
  /**
   * Resets the credit check, then applies the change the user confirmed (spec §4: the check's rate, deposit
   * and customer-type filters go with it; the user's own change stays).
   */
  const resetCheckThen = useCallback(
    (change: (filters: Filters) => Filters) => {
      resetHere.current = true;
      creditCheckStore.reset();
      update((s) => ({ ...s, filters: change(withoutCreditCheckFilters(s.filters)), page: 1 }));
    },
    [update],
  );

  const { contractualCategory, answers, sustainability, response } = check;
  const checkFields = useMemo(
    () => checkFieldsOf({ contractualCategory, answers, sustainability, response }),
    [contractualCategory, answers, sustainability, response],
  );
  const body = useMemo(() => searchBody(state, checkFields), [state, checkFields]);
  return { state, body, check, setFilter, clearFilters, setSort, setPage, resetCheckThen };
}
