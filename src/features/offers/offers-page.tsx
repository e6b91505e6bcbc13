import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline, optionsOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { hasFeature } from '@core/features';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/it';
import { AppPage } from '../../shell/layout';
import { useMediaQuery } from '../../ui/use-media-query';
import { useExportOffers } from './api/export-offers';
import { useOfferFilters } from './api/get-offer-filters';
import { useSearchOffers } from './api/search-offers';
import { activeChips, withoutChip } from './chips';
import { OfferRequestBanner, SponsorBanner } from './components/banners';
import { FilterSidebar } from './components/filter-sidebar';
import { OfferCard, OfferCardSkeleton } from './components/offer-card';
import { Pagination } from '../../ui/pagination';
import { ResultsHeader } from './components/results-header';
import { useOfferSearchState } from './use-offer-search-state';
import './offers.css';

/** Below about 1024 px the filter column becomes a drawer (sales-portal.md §2). */
const WIDE = '(min-width: 1024px)';

export default function OffersPage() {
  const { data: profile } = useProfile();
  const { state, body, setFilter, clearFilters, setSort, setPage } = useOfferSearchState();
  const search = useSearchOffers(body);
  const fallbackFilters = useOfferFilters();
  const exporter = useExportOffers();
  const wide = useMediaQuery(WIDE);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const set = search.data?.filters ?? fallbackFilters.data;
  const chips = useMemo(() => activeChips(state.filters, set), [state.filters, set]);
  const loading = search.isFetching;
  const result = search.data;

  const sidebar = set ? <FilterSidebar set={set} filters={state.filters} setFilter={setFilter} /> : null;

  return (
    <AppPage title={it.offers.title} className="offers-page">
      <div className="offers-layout">
        {wide && <aside className="offers-filters">{sidebar}</aside>}
        <section className="offers-results">
          {!wide && (
            <IonButton className="offers-filter-button" expand="block" fill="outline" onClick={() => setDrawerOpen(true)}>
              <IonIcon slot="start" icon={optionsOutline} aria-hidden="true" />
              {it.offers.filter}
              {chips.length > 0 ? ` (${chips.length})` : ''}
            </IonButton>
          )}
          <ResultsHeader
            total={result?.total}
            sort={state.sort}
            orders={set?.orders ?? []}
            onSort={setSort}
            chips={chips}
            onRemove={(c) => {
              const { name, value } = withoutChip(state.filters, c);
              setFilter(name, value as never);
            }}
            onRemoveAll={clearFilters}
            onDownload={() => exporter.mutate(body)}
            downloading={exporter.isPending}
          />
          {exporter.isError && (
            <p className="form-error" role="alert">
              {it.offers.downloadFailed}
            </p>
          )}
          {result?.offlineSyncedAt && (
            <p className="data-age" role="status" data-testid="offline-search">
              {it.offline.offlineSearch(new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' }).format(result.offlineSyncedAt))}
            </p>
          )}
          {hasFeature(profile?.features, 'offer-request') && <OfferRequestBanner />}
          {search.isError && !result && (
            <p role="alert" className="form-error">
              {it.offers.loadError}
            </p>
          )}
          <div className="offer-grid" aria-busy={loading}>
            {loading
              ? Array.from({ length: 6 }, (_, i) => <OfferCardSkeleton key={i} />)
              : result?.items.data.map((o) => <OfferCard key={o.ref} offer={o} />)}
          </div>
          {!loading && result && result.total === 0 && (
            <p className="offers-empty" role="status">
              {it.offers.empty}
            </p>
          )}
          {result && result.total > 0 && <Pagination current={state.page} last={result.lastPage} onPage={setPage} />}
          <SponsorBanner />
        </section>
      </div>
      {!wide && (
        <IonModal className="filters-drawer" isOpen={drawerOpen} onDidDismiss={() => setDrawerOpen(false)}>
          <IonHeader>
            <IonToolbar>
              <IonTitle>{it.offers.filtersTitle}</IonTitle>
              <IonButtons slot="end">
                <IonButton onClick={() => setDrawerOpen(false)} aria-label={it.common.close}>
                  <IonIcon slot="icon-only" icon={closeOutline} />
                </IonButton>
              </IonButtons>
            </IonToolbar>
          </IonHeader>
          <IonContent>
            {sidebar}
            <div className="ion-padding">
              <IonButton expand="block" onClick={() => setDrawerOpen(false)}>
                {it.offers.showResults(result?.total ?? 0)}
              </IonButton>
            </div>
          </IonContent>
        </IonModal>
      )}
    </AppPage>
  );
}
