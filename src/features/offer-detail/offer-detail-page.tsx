import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { hasFeature } from '@core/features';
import { type CompareItem, compareItemOf } from '@core/compare';
import { writeQuoteConfig } from '@core/offer-detail';
import type { ChildOfferData, OfferDetail } from '@core/schemas/offer-detail';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/offer-detail';
import { links, type ScreenPrefetch } from '../../routes';
import { AppPage } from '../../shell/layout';
import { DataAge } from '../../ui/data-age';
import { updatedText } from '../../ui/updated-text';
import { Later } from '../../ui/later';
import { offerQuery, type ShownOffer, useOffer } from '../../api/offer-detail';
import { askIfMissing } from '../../api/query-client';
import { CommissionPanel } from './components/commission-panel';
import { Configurator } from './components/configurator';
import { OfferHead } from './components/offer-head';
import { OfferTabs } from './components/offer-tabs';
import { PriceBar } from './components/price-bar';
import { PrintModal } from './components/print-modal';
import { VariationModal } from './components/variation-modal';
import { type CreditLimits, useConfigurator } from './use-configurator';
import './offer-detail.css';

const t = it.offerDetail;

/**
 * Where the single-offer credit check mounts (another branch builds it; features never import each
 * other, so App.tsx hands it in). It gets the offer and the configured variation and rate, and
 * reports the check's limits, from which this page computes the affordability index.
 */
export interface CreditCheckSlotProps {
  offer: OfferDetail;
  child: ChildOfferData;
  monthlyRate: number;
  onResult: (limits: CreditLimits | null) => void;
}

/**
 * `addToCompare` is the comparison's 'Aggiungi al confronto' (docs/adr/0143-compare-offers.md), composed in App.tsx: it gets the
 * configuration on screen, or null while no child offer matches it.
 */
interface Slots {
  creditCheck?: (props: CreditCheckSlotProps) => ReactNode;
  addToCompare?: (item: CompareItem | null) => ReactNode;
}

/** The offer, asked for while the app starts (App.tsx, prefetchScreen): the page opens configured. */
export const prefetch: ScreenPrefetch = ({ code = '' }) => askIfMissing(offerQuery(code));

export default function OfferDetailPage(slots: Slots = {}) {
  const { code = '' } = useParams();
  const query = useOffer(code);
  const offer = query.data;
  if (!offer) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <AppPage title={t.title} className="offer-detail-page">
        {query.isError ? (
          <p role="alert" className="form-error">
            {missing ? t.notFound : t.loadError} <Link to={links.offers()}>{t.backToOffers}</Link>
          </p>
        ) : (
          // As tall as the screen while loading: the footer must not show and then jump away (layout shift).
          <p role="status" className="od-loading">
            {it.common.loading}
          </p>
        )}
      </AppPage>
    );
  }
  // Mounted with its offer: the configurator starts from it in its first render (use-configurator.ts), and
  // another offer's page starts again from that offer.
  return <ConfiguredOffer key={offer.code} offer={offer} updatedAt={query.dataUpdatedAt} {...slots} />;
}

function ConfiguredOffer({ offer, updatedAt, creditCheck, addToCompare }: Slots & { offer: ShownOffer; updatedAt: number }) {
  const { search } = useLocation();
  const { data: profile } = useProfile();
  const seller = hasFeature(profile?.features, 'fees-visibility');
  const quotations = hasFeature(profile?.features, 'quotations');
  const [limits, setLimits] = useState<CreditLimits | null>(null);
  const cfg = useConfigurator(offer, search, seller, limits);
  const [variationOpen, setVariationOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);

  const { sel, setSel, child } = cfg;
  const rate = cfg.liveRate;
  // The whole configuration goes to the wizard, with the rate shown here: the server prices it again and
  // refuses to save another one (docs/pricing.md).
  const quoteQuery =
    child && rate !== null
      ? writeQuoteConfig({
          offer: child.ref,
          duration: sel.duration,
          deposit: sel.deposit,
          distance: sel.distance,
          bundle: sel.bundle ?? undefined,
          accessories: [...sel.accessories],
          colors: [...sel.colors],
          services: { ...sel.services },
          rate,
        })
      : '';
  // The commission's rate only when the agent moved it: otherwise the comparison prices the configuration itself.
  const moved = cfg.commissionResult && cfg.configured?.ok && cfg.commissionResult.monthlyRate !== cfg.configured.rate.total;
  const compareItem =
    child && rate !== null
      ? compareItemOf(offer.code, child, {
          accessories: [...sel.accessories],
          colors: [...sel.colors],
          services: { ...sel.services },
          ...(moved ? { rate } : {}),
        })
      : null;
  const bundles = [...new Set(offer.child.data.map((c) => c.bundle).filter((b): b is string => !!b))];
  const level = cfg.sustainability?.index ?? null;
  const message = cfg.sustainability ? (t.sustainability[cfg.sustainability.message] ?? '') : t.sustainability.none;

  return (
    <AppPage title={t.title} className="offer-detail-page">
      <div className="od-layout">
        <section className="od-main">
          {/* Offline, the data's age: the device's catalogue copy's, or the saved answer's. */}
          {offer.fromDevice ? (
            <p className="pending-banner" role="status" data-testid="offer-from-device">
              {t.fromDevice} {t.copyAge(updatedText(offer.asOf ?? updatedAt))}
            </p>
          ) : (
            <DataAge updatedAt={offer.asOf ?? updatedAt} />
          )}
          <OfferHead offer={offer} child={child} sel={sel} expired={cfg.expired} onChange={() => setVariationOpen(true)} />

          {addToCompare?.(compareItem)}

          <Configurator offer={offer} sel={sel} setSel={setSel} child={child} />

          {cfg.commissionOn && cfg.commissionResult && cfg.bounds && <CommissionPanel cfg={cfg} result={cfg.commissionResult} bounds={cfg.bounds} />}

          <Later>
            {child && creditCheck?.({ offer, child, monthlyRate: rate ?? 0, onResult: setLimits })}

            <OfferTabs offer={offer} seller={seller} />
          </Later>
        </section>
      </div>

      <PriceBar
        level={level}
        rate={child ? rate : null}
        message={message}
        quotations={quotations}
        available={Boolean(child)}
        quoteQuery={quoteQuery}
        onPrint={() => setPrintOpen(true)}
      />

      <VariationModal
        open={variationOpen}
        onClose={() => setVariationOpen(false)}
        offer={offer}
        sel={sel}
        onApply={(s) => setSel((x) => ({ ...x, ...s }))}
        bundles={bundles}
      />
      {child && rate !== null && <PrintModal open={printOpen} onClose={() => setPrintOpen(false)} offer={child.ref} price={rate} sel={sel} />}
    </AppPage>
  );
}
