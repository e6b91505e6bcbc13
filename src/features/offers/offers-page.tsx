import { Button } from '../../ui/button';
import optionsOutline from 'ionicons-svg/options-outline.svg?raw';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import {
  creditCheckHiddenTags,
  initialSustainability,
  isCompletedCheck,
  needsResetConfirmation,
  sustainabilityLock,
  sustainabilityToggle,
  type FilterChange,
} from '@core/credit-check-filters';
import { hasFeature } from '@core/features';
import type { OfferCard as OfferCardData, OfferFilters } from '@core/schemas/offers';
import { useProfile } from '../../api/profile';
import { creditCheckStore } from '../../credit-check/store';
import { resetConfirmationText } from '../../credit-check/texts';
import { it } from '../../i18n/offers';
import { AppPage } from '../../shell/layout';
import { useLatestCallback } from '../../ui/use-latest-callback';
import { breakpoints } from '../../ui/breakpoints';
import { useMediaQuery } from '../../ui/use-media-query';
import { useNearOrIdle } from '../../ui/use-near-or-idle';
import { useStaggered } from '../../ui/use-staggered';
import { useExportOffers } from './api/export-offers';
import { useOfferFilters } from './api/get-offer-filters';
import { useOfflineCopyReady, useSearchOffers } from './api/search-offers';
import { activeChips, withoutChip } from './chips';
import { OfferRequestBanner, SponsorBanner } from './components/banners';
import { type CardAction, OfferCard, OfferCardSkeleton } from './components/offer-card';
import { useConfirm } from '../../ui/confirm';
import { Pagination } from '../../ui/pagination';
import { ResultsHeader } from './components/results-header';
import { TrafficLight } from './components/traffic-light';
import { useOfferSearchState, withFilter, type FilterValue } from './use-offer-search-state';
import './offers.css';
import { Icon } from '../../ui/icon';
import { useOnline } from '../../offline/hooks';
import { Later } from '../../ui/later';

// Below 1024 px (breakpoints.wide) the filter column becomes a drawer (spec §2).
// The drawer (and Ionic's modal) loads when it is first opened.
const FiltersDrawer = lazy(() => import('./components/filters-drawer'));
// The filters (Ionic's accordion, checkbox, toggle, range and input: about half the screen's Ionic code)
// are a chunk of their own: on a phone they wait behind 'Filtra', and at desktop width they load right
// after the cards' first render, in a task of their own (docs/adr/0164-loaded-on-first-use.md).
const loadSidebar = () => import('./components/filter-sidebar');
const FilterSidebar = lazy(() => loadSidebar().then((m) => ({ default: m.FilterSidebar })));
if (window.matchMedia(breakpoints.wide).matches) void loadSidebar();

/** The grid's columns (offers.css, .offer-grid): one on a phone, two from 576 px, three from 768 px. */
function useGridColumns() {
  const two = useMediaQuery(breakpoints.sm);
  const three = useMediaQuery(breakpoints.md);
  return three ? 3 : two ? 2 : 1;
}

/** The rows drawn with the page: a phone's first screenful and the next card. */
const ROWS_AT_START = 2;
/** The rest wait for the agent to scroll near them, or for an idle moment this long after the first render. */
const REST_AFTER_MS = 3000;

/**
 * The page's cards a row at a time: the first row at once (its pictures load at once: the page's largest
 * paint), then one row to a task, each card in its place, held by an empty box of the card's expected
 * height (src/ui/use-staggered.ts). A phone's one card, not three, in the page's first render: the
 * render and its layout were the longest tasks of /offers reopened (docs/adr/0167-offer-cards-drawn-in-rows.md). Past
 * the second row they wait until the agent scrolls within a screen of them or the start is over
 * (src/ui/use-near-or-idle.ts): on a phone sixteen cards drawn during the start were 35-85 ms of main
 * thread at full speed in its first three seconds, none of it on screen. At desktop width the third row
 * is within a screen already, and every row follows at once.
 */
function OfferCards({ offers, action, userId }: { offers: OfferCardData[]; action: CardAction | undefined; userId: number | undefined }) {
  const columns = useGridColumns();
  const [rest, watch] = useNearOrIdle(REST_AFTER_MS);
  const drawable = rest ? offers.length : Math.min(offers.length, ROWS_AT_START * columns);
  const shown = useStaggered(drawable, columns, columns);
  return offers.map((o, i) =>
    i < shown ? (
      <OfferCard key={i} offer={o} eager={i < columns} action={action} userId={userId} />
    ) : (
      <div key={i} ref={i === drawable ? watch : undefined} className="offer-card offer-card--pending" aria-hidden="true" />
    ),
  );
}

/**
 * `cardAction` and `compareBar` are the comparison's (docs/adr/0143-compare-offers.md): the cards' 'Confronta' toggle and the bar
 * leading to /offers/compare, composed in App.tsx.
 */
/** 'aggiornato alle 10:42' (the time alone: src/ui/updated-text.ts, which adds the day, stays out of this first screen). */
const updatedAtTime = (ms: number) => it.offline.updatedAt(new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' }).format(ms));

export default function OffersPage({ cardAction, compareBar }: { cardAction?: CardAction; compareBar?: ReactNode } = {}) {
  const { data: profile } = useProfile();
  const { state, body, check, setFilter, clearFilters, setSort, setPage, resetCheckThen } = useOfferSearchState();
  const search = useSearchOffers(body);
  const online = useOnline();
  useOfflineCopyReady();
  // Its data read at once: a query whose result a render never reads re-renders the page at each of its
  // changes (TanStack Query notifies every change when no property is tracked), its refresh at start twice.
  const { data: fallbackSet } = useOfferFilters();
  const exporter = useExportOffers();
  const wide = useMediaQuery(breakpoints.wide);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  const confirm = useConfirm();
  // Bumped when a prompt is cancelled: the filter controls start again from the unchanged filters.
  const [revision, setRevision] = useState(0);

  const set = search.data?.filters ?? fallbackSet;
  // The customer-type chip a completed check set stays hidden (spec §4).
  const hidden = creditCheckHiddenTags(check).join(',');
  const chips = useMemo(
    () => activeChips(state.filters, set).filter((c) => !(c.name === 'customerType' && hidden.split(',').includes(String(c.value)))),
    [state.filters, set, hidden],
  );
  const result = search.data;
  // Busy while there is nothing to show yet, while the previous search's cards stand in for a new one, and
  // while the device's answer (offline) is asked of the server again. Not while the same server answer is
  // refreshed (a reopened app's restored answer): the cards stay as they are, and the page does not render
  // again when the refresh starts and ends, only if its answer differs (docs/adr/0152-offers-screen-address-and-busy-state.md).
  const loading = search.isPending || search.isPlaceholderData || (result?.offlineSyncedAt !== undefined && search.isFetching);

  /**
   * A filter change that would reset the credit check asks first (spec §5 "Filters"): confirmed, the check is
   * reset and the change applied; cancelled, nothing changes.
   */
  const guarded = async (change: FilterChange, apply: (filters: Partial<OfferFilters>) => Partial<OfferFilters>, plain: () => void) => {
    const kind = needsResetConfirmation(change, check);
    if (!kind) return plain();
    if (await confirm.ask(resetConfirmationText(kind))) resetCheckThen(apply);
    else setRevision((r) => r + 1);
  };
  // One identity for the screen's life: the filter column's rows are memoised on it.
  const editFilter = useLatestCallback(
    <K extends keyof OfferFilters>(name: K, value: FilterValue<K>) =>
      void guarded(
        { kind: 'edit', filter: name },
        (f) => withFilter(f, name, value),
        () => setFilter(name, value),
      ),
  ) as <K extends keyof OfferFilters>(name: K, value: FilterValue<K>) => void;

  const selectedLevels = check.sustainability.length ? check.sustainability : initialSustainability(check);

  const sidebar = set ? (
    <Suspense fallback={<div className="offers-filters-loading" aria-busy="true" />}>
      <FilterSidebar key={revision} set={set} filters={state.filters} setFilter={editFilter} />
    </Suspense>
  ) : null;

  return (
    <AppPage title={it.offers.title} className="offers-page">
      <div className="offers-layout">
        {wide && <aside className="offers-filters">{sidebar}</aside>}
        <section className="offers-results">
          {!wide && (
            <Button
              className="offers-filter-button"
              expand="block"
              fill="outline"
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            >
              <Icon slot="start" icon={optionsOutline} />
              {it.offers.filter}
              {chips.length > 0 ? ` (${chips.length})` : ''}
            </Button>
          )}
          <ResultsHeader
            total={result?.total}
            sort={state.sort}
            orders={set?.orders ?? []}
            onSort={setSort}
            chips={chips}
            onRemove={(c) => {
              const { name, value } = withoutChip(state.filters, c);
              void guarded(
                { kind: 'remove', filter: name },
                (f) => withFilter(f, name, value as never),
                () => setFilter(name, value as never),
              );
            }}
            onRemoveAll={() => void guarded({ kind: 'clearAll' }, () => ({}), clearFilters)}
            onDownload={() => exporter.mutate(body)}
            downloading={exporter.isPending}
          />
          {exporter.isError && (
            <p className="form-error" role="alert">
              {it.offers.downloadFailed}
            </p>
          )}
          {isCompletedCheck(check) && (
            <TrafficLight
              selected={selectedLevels}
              lock={sustainabilityLock(check)}
              onToggle={(value) => creditCheckStore.setSustainability(sustainabilityToggle(selectedLevels, value, check))}
            />
          )}
          {/* Offline: the device's copy searched, or the saved answer given back (no copy to search): and how old. */}
          {result && (result.offlineSyncedAt || !online) && (
            <p className="data-age" role="status" data-testid="offline-search">
              {result.offlineSyncedAt
                ? it.offline.offlineSearch(updatedAtTime(result.offlineSyncedAt))
                : `${it.offline.offlineBanner} (${updatedAtTime(search.dataUpdatedAt)}).`}
            </p>
          )}
          {search.isError && !result && (
            <p role="alert" className="form-error">
              {it.offers.loadError}
            </p>
          )}
          {/* Skeletons only before a first answer: a new search (or the refresh of answers restored
              offline) keeps the previous cards on screen, dimmed, until the next answer arrives. */}
          {/* Cards are keyed by their place on the page: a new search updates the same 18 cards instead of
              unmounting and mounting them (and their Ionic badges) again. */}
          <div className="offer-grid" aria-busy={loading}>
            {!result ? (
              Array.from({ length: 6 }, (_, i) => <OfferCardSkeleton key={i} />)
            ) : (
              <OfferCards offers={result.items.data} action={cardAction} userId={profile?.id} />
            )}
          </div>
          {!loading && result && result.total === 0 && (
            <p className="offers-empty" role="status">
              {it.offers.empty}
            </p>
          )}
          {/* Below the cards, one task after them: the page's first render and its first frame carry the
              screenful an agent sees, not the text under eighteen cards (docs/adr/0168-below-the-first-screenful-one-task-later.md). */}
          <Later>
            {result && result.total > 0 && <Pagination current={state.page} last={result.lastPage} onPage={setPage} />}
            {/* After the cards, not above them: on a phone the banner pushed the first card below the fold (docs/adr/0147-layout-floating-strip-phones-no-shift.md). */}
            {hasFeature(profile?.features, 'offer-request') && <OfferRequestBanner />}
            <SponsorBanner />
            {compareBar}
          </Later>
        </section>
      </div>
      {confirm.element}
      {!wide && drawerUsed && (
        <Suspense fallback={null}>
          <FiltersDrawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)} total={result?.total ?? 0}>
            {sidebar}
          </FiltersDrawer>
        </Suspense>
      )}
    </AppPage>
  );
}
