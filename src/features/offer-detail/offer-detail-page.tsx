import { IonButton } from '../../ui/ionic/button';
import { IonContent } from '../../ui/ionic/content';
import { LazyModal } from '../../ui/ionic/lazy-modal';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import printOutline from 'ionicons-svg/print-outline.svg?raw';
import warningOutline from 'ionicons-svg/warning-outline.svg?raw';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { hasFeature } from '@core/features';
import { formatDistance, formatEuro, formatMonthly, formatPrice } from '@core/format';
import { toEuros } from '@core/money';
import { childChoices, nearestChild, OCCUPATIONS, type Selection, writeQuoteConfig } from '@core/offer-detail';
import { clampQuantity, effectiveRate, servicePrice } from '@core/pricing';
import type { ChildOfferData, OfferDetail } from '@core/schemas/offer-detail';
import { sustainabilityColor } from '@core/sustainability';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/offer-detail';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { ModalHeader } from '../../ui/modal-header';
import { useOffer } from './api/get-offer';
import { usePrintOffer } from './api/print-offer';
import { OfferTabs } from './components/offer-tabs';
import { type CreditLimits, useConfigurator } from './use-configurator';
import './offer-detail.css';
import { Icon } from '../../ui/icon';
import { useOpenedOnce } from '../../ui/use-opened-once';
import { serverUrl } from '../../api/origin';

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

export default function OfferDetailPage({ creditCheck }: { creditCheck?: (props: CreditCheckSlotProps) => ReactNode } = {}) {
  const { code = '' } = useParams();
  const { search } = useLocation();
  const { data: profile } = useProfile();
  const query = useOffer(code);
  // The page's first full render (the whole configurator) runs as a transition, in slices a phone can
  // interleave with input, instead of one long task when the offer arrives.
  const offer = useDeferredValue(query.data);
  const seller = hasFeature(profile?.features, 'fees-visibility');
  const quotations = hasFeature(profile?.features, 'quotations');
  const [limits, setLimits] = useState<CreditLimits | null>(null);
  const cfg = useConfigurator(offer, search, seller, limits);
  const [variationOpen, setVariationOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);

  if (!offer || !cfg.sel) {
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

  const { sel, setSel, child } = cfg;
  const rate = cfg.liveRate;
  // The whole configuration goes to the wizard, with the rate shown here: the server prices it again and
  // refuses to save another one (docs/pricing.md).
  const quoteQuery =
    child && rate !== null
      ? writeQuoteConfig({ offer: child.ref, duration: sel.duration, deposit: sel.deposit, distance: sel.distance, bundle: sel.bundle ?? undefined, accessories: [...sel.accessories], colors: [...sel.colors], services: { ...sel.services }, rate })
      : '';
  const bundles = [...new Set(offer.child.data.map((c) => c.bundle).filter((b): b is string => !!b))];
  const level = cfg.sustainability?.index ?? null;
  const message = cfg.sustainability ? (t.sustainability[cfg.sustainability.message] ?? '') : t.sustainability.none;

  return (
    <AppPage title={t.title} className="offer-detail-page">
      <div className="od-layout">
        <section className="od-main">
          {'fromDevice' in offer && offer.fromDevice && (
            <p className="pending-banner" role="status" data-testid="offer-from-device">
              {t.fromDevice}
            </p>
          )}
          <header className="od-head">
            <img src={serverUrl(offer.image)} alt={`${offer.brand} ${offer.model}`} width={320} height={160} />
            <div>
              <h1>
                {offer.brand} {offer.model}{' '}
                {cfg.expired && (
                  <span className="od-expired" title={t.expiredTooltip} data-testid="offer-expired">
                    <Icon icon={warningOutline} aria-label={t.expired} /> {t.expired}
                    <span className="od-tooltip" role="tooltip">
                      {t.expiredTooltip}
                    </span>
                  </span>
                )}
              </h1>
              <p className="od-version">{offer.version}</p>
              <p className="od-broker">
                {offer.broker.name} · {offer.product.name}
                {offer.tag && <span className="od-tag">{offer.tag}</span>}
              </p>
            </div>
          </header>

          <section className="od-price-block" data-testid="price-block">
            <dl>
              <div>
                <dt>{t.duration}</dt>
                <dd data-testid="sel-duration">{t.months(child?.duration ?? sel.duration)}</dd>
              </div>
              <div>
                <dt>{t.distance}</dt>
                <dd data-testid="sel-distance">{formatDistance(child?.distance ?? sel.distance)}</dd>
              </div>
              <div>
                <dt>{t.deposit}</dt>
                <dd data-testid="sel-deposit">{(child?.deposit ?? sel.deposit) > 0 ? formatEuro(child?.deposit ?? sel.deposit, { decimals: 0 }) : t.noDeposit}</dd>
              </div>
            </dl>
            <IonButton fill="outline" size="small" onClick={() => setVariationOpen(true)} data-testid="change-variation">
              <Icon slot="start" icon={createOutline} />
              {t.change}
            </IonButton>
            {/* On phones the price bar drops its note to stay small: the note is said here instead. */}
            <p className="od-note od-price-note">{t.feeMayVary}</p>
          </section>

          <Configurator offer={offer} sel={sel} setSel={setSel} child={child} />

          {cfg.commissionOn && cfg.commissionResult && cfg.bounds && (
            <CommissionPanel cfg={cfg} />
          )}

          {child && creditCheck?.({ offer, child, monthlyRate: rate ?? 0, onResult: setLimits })}

          <OfferTabs offer={offer} seller={seller} />
        </section>
      </div>

      <div className={`od-price-bar od-level-${sustainabilityColor(level)}`} data-testid="price-bar">
        <div className="od-price-bar-rate">
          <span className={`od-dot od-dot-${sustainabilityColor(level)}`} aria-hidden="true" />
          <div>
            <strong data-testid="monthly-rate">{child && rate !== null ? formatMonthly(rate) : t.noMatch}</strong> <small>{t.vatExcluded}</small>
            <p className="od-sustainability" data-testid="sustainability-message">
              {message}
            </p>
            <p className="od-note">{t.feeMayVary}</p>
          </div>
        </div>
        <div className="od-price-bar-actions">
          <IonButton fill="outline" onClick={() => setPrintOpen(true)} disabled={!child} data-testid="open-print">
            <Icon slot="start" icon={printOutline} />
            {t.print}
          </IonButton>
          <IonButton fill="outline" disabled={!quotations || !child} title={quotations ? undefined : t.quotationsDisabled} onClick={() => document.querySelector('.od-configurator')?.scrollIntoView({ behavior: 'smooth' })}>
            {t.personalize}
          </IonButton>
          <IonButton disabled={!quotations || !child} href={quotations && child ? links.quotationStart(quoteQuery) : undefined} data-testid="create-quote" title={quotations ? undefined : t.quotationsDisabled}>
            {t.createQuote}
          </IonButton>
          <IonButton fill="outline" disabled={!quotations || !child} href={quotations && child ? links.quotationStart(`${quoteQuery}&quote=1`) : undefined} data-testid="save-quote" title={quotations ? undefined : t.quotationsDisabled}>
            {t.saveQuote}
          </IonButton>
        </div>
      </div>

      <VariationModal open={variationOpen} onClose={() => setVariationOpen(false)} offer={offer} sel={sel} onApply={(s) => setSel((x) => ({ ...x, ...s }))} bundles={bundles} />
      {child && rate !== null && <PrintModal open={printOpen} onClose={() => setPrintOpen(false)} offer={child.ref} price={rate} sel={sel} />}
    </AppPage>
  );
}

type SelPatch = Pick<Selection, 'duration' | 'deposit' | 'distance' | 'bundle'>;

function SideModal({ open, onClose, title, children, testId }: { open: boolean; onClose: () => void; title: string; children: ReactNode; testId: string }) {
  if (!useOpenedOnce(open)) return null;
  return (
    <LazyModal className="od-side-modal" isOpen={open} onDidDismiss={onClose} data-testid={testId}>
      <ModalHeader title={title} onClose={onClose} />
      <IonContent className="ion-padding">{children}</IonContent>
    </LazyModal>
  );
}

/** Duration, deposit and km per year; the selects (the change-offer control) only with more than one child offer. */
function VariationModal({ open, onClose, offer, sel, onApply, bundles }: { open: boolean; onClose: () => void; offer: OfferDetail; sel: Selection; onApply: (s: SelPatch) => void; bundles: string[] }) {
  const [draft, setDraft] = useState<SelPatch>(sel);
  // Each opening starts from the current selection.
  useEffect(() => {
    if (open) setDraft({ duration: sel.duration, deposit: sel.deposit, distance: sel.distance, bundle: sel.bundle ?? null });
  }, [open, sel.duration, sel.deposit, sel.distance, sel.bundle]);
  const children = offer.child.data;
  const pick = (field: 'duration' | 'deposit' | 'distance', value: number) => {
    const next = { ...draft, [field]: value };
    const near = nearestChild(children, next, field);
    setDraft(near ? { duration: near.duration, deposit: near.deposit, distance: near.distance, bundle: draft.bundle } : next);
  };
  const select = (field: 'duration' | 'deposit' | 'distance', label: string, show: (n: number) => string) => (
    <label className="od-field">
      <span>{label}</span>
      <select value={draft[field]} onChange={(e) => pick(field, Number(e.target.value))} data-testid={`select-${field}`}>
        {childChoices(children, field).map((n) => (
          <option key={n} value={n}>
            {show(n)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <SideModal open={open} onClose={onClose} title={t.detailsTitle} testId="variation-modal">
      {children.length > 1 ? (
        <>
          {select('duration', t.duration, t.months)}
          {select('deposit', t.deposit, (n) => (n > 0 ? formatEuro(n, { decimals: 0 }) : t.noDeposit))}
          {select('distance', t.distance, formatDistance)}
          {bundles.length > 0 && (
            <label className="od-field">
              <span>{t.bundle}</span>
              <select value={draft.bundle ?? ''} onChange={(e) => setDraft({ ...draft, bundle: e.target.value || null })}>
                <option value="">{t.noBundle}</option>
                {bundles.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            </label>
          )}
          <IonButton
            expand="block"
            data-testid="apply-variation"
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            {t.changeOffer}
          </IonButton>
        </>
      ) : (
        <p>
          {t.months(sel.duration)} · {formatDistance(sel.distance)} · {sel.deposit > 0 ? formatEuro(sel.deposit, { decimals: 0 }) : t.noDeposit}
        </p>
      )}
      <p className="od-note">{t.feeMayVary}</p>
    </SideModal>
  );
}

function Configurator({ offer, sel, setSel, child }: { offer: OfferDetail; sel: Selection; setSel: (u: (s: Selection) => Selection) => void; child: ChildOfferData | null }) {
  const extra = offer.services.filter((s) => !s.included);
  const perMonth = (euros: number) => t.perMonth(formatEuro(euros));
  const toggle = (code: string) => setSel((s) => ({ ...s, accessories: s.accessories.includes(code) ? s.accessories.filter((c) => c !== code) : [...s.accessories, code] }));
  // The same fields configure() prices services with (core/offer-detail.ts), so a line shows what it adds.
  const fields = child ? { deposit: child.deposit, distance: child.distance, bundle: child.bundle ?? null, duration: child.duration, monthly_rate: effectiveRate(child) } : {};
  return (
    <section className="od-configurator" aria-labelledby="od-conf-title">
      <h2 id="od-conf-title">{t.configurator}</h2>
      <h3>{t.services}</h3>
      <ul className="od-options">
        {extra.map((s) => {
          const key = String(s.id);
          const on = key in sel.services;
          const qty = clampQuantity(s, sel.services[key]);
          const min = Math.max(s.min_quantity ?? 1, 1);
          const max = s.max_quantity ?? 1;
          return (
            <li key={key} data-testid={`service-${s.code}`}>
              <label>
                <input type="checkbox" checked={on} onChange={() => setSel((x) => { const services = { ...x.services }; if (on) delete services[key]; else services[key] = clampQuantity(s, s.quantity ?? 1) || 1; return { ...x, services }; })} />
                <span>{s.name}</span>
              </label>
              {on && max > 1 && (
                <span className="od-qty">
                  <button type="button" aria-label={t.less} disabled={qty <= min} onClick={() => setSel((x) => ({ ...x, services: { ...x.services, [key]: Math.max(min, qty - 1) } }))}>−</button>
                  <span aria-label={t.quantity}>{qty}</span>
                  <button type="button" aria-label={t.more} disabled={qty >= max} onClick={() => setSel((x) => ({ ...x, services: { ...x.services, [key]: Math.min(max, qty + 1) } }))}>+</button>
                </span>
              )}
              <span className="od-price">{perMonth(toEuros(servicePrice(s, { tag: offer.tag, offer: fields, quantity: on ? qty : s.quantity })))}</span>
            </li>
          );
        })}
      </ul>
      <h3>{t.accessories}</h3>
      <ul className="od-options">
        {offer.optionalAccessories.filter((a) => a.price > 0).length === 0 && <li>{t.noOptions}</li>}
        {offer.optionalAccessories
          .filter((a) => a.price > 0)
          .map((a) => (
            <li key={a.code} data-testid={`accessory-${a.code}`}>
              <label>
                <input type="checkbox" checked={sel.accessories.includes(a.code)} onChange={() => toggle(a.code)} />
                <span>{a.description}</span>
              </label>
              <span className="od-price">{formatPrice(a.price)}</span>
            </li>
          ))}
      </ul>
      <h3>{t.colors}</h3>
      <ul className="od-options od-colors" aria-label={t.colors}>
        {offer.colors.map((c) => (
          <li key={c.code} data-testid={`color-${c.code}`}>
            <label>
              <input type="radio" name="od-color" checked={sel.colors.includes(c.code)} onChange={() => setSel((s) => ({ ...s, colors: [c.code] }))} />
              <span className="od-swatch" style={{ background: c.hex ? `#${c.hex}` : '#ccc' }} aria-hidden="true" />
              <span>{c.description}</span>
            </label>
            <span className="od-price">{formatPrice(c.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CommissionPanel({ cfg }: { cfg: ReturnType<typeof useConfigurator> }) {
  const r = cfg.commissionResult!;
  const b = cfg.bounds!;
  const min = toEuros(b.commission.min);
  const max = toEuros(b.commission.max);
  const value = cfg.commission ?? toEuros(r.commission);
  return (
    <section className="od-commission" data-testid="commission-panel">
      <h2>{t.commission.title}</h2>
      <p className="od-commission-value">
        {t.commission.potential}:{' '}
        {r.changed && (
          <s data-testid="commission-original">{formatEuro(r.originalDisplayCommission, { decimals: 0 })}</s>
        )}{' '}
        <strong data-testid="commission-value">{formatEuro(r.displayCommission, { decimals: 0 })}</strong>
      </p>
      {/* Without any commission flag both ranges are a single point: nothing to move. */}
      {(min < max || b.rate.min < b.rate.max) && (
        <>
      <label className="od-field">
        <span>
          {t.commission.slider} ({t.commission.bounds(formatEuro(min, { decimals: 0 }), formatEuro(max, { decimals: 0 }))})
        </span>
        <input type="range" min={min} max={max} step={1} value={Math.min(max, Math.max(min, value))} disabled={min === max} onChange={(e) => cfg.setCommission(Number(e.target.value))} data-testid="commission-slider" />
      </label>
      <label className="od-field">
        <span>
          {t.commission.override} ({t.commission.bounds(formatEuro(toEuros(b.rate.min)), formatEuro(toEuros(b.rate.max)))})
        </span>
        <input
          type="number"
          inputMode="decimal"
          step="0.01"
          min={toEuros(b.rate.min)}
          max={toEuros(b.rate.max)}
          value={cfg.override ?? ''}
          placeholder={String(toEuros(r.monthlyRate))}
          onChange={(e) => cfg.setOverride(e.target.value === '' ? null : Number(e.target.value))}
          data-testid="rate-override"
        />
      </label>
        </>
      )}
      {(cfg.commission !== null || cfg.override !== null) && (
        <IonButton fill="clear" size="small" onClick={() => cfg.setCommission(null)}>
          {t.commission.reset}
        </IonButton>
      )}
    </section>
  );
}

/** Customer name, occupation, 'Stampa Offerta' (the spec: no validation). */
function PrintModal({ open, onClose, offer, price, sel }: { open: boolean; onClose: () => void; offer: string; price: number; sel: Selection }) {
  const [name, setName] = useState('');
  const [occupation, setOccupation] = useState('');
  const printer = usePrintOffer();
  return (
    <SideModal open={open} onClose={onClose} title={t.printTitle} testId="print-modal">
      <label className="od-field">
        <span>{t.customerName}</span>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} data-testid="print-name" />
      </label>
      <label className="od-field">
        <span>{t.occupation}</span>
        <select value={occupation} onChange={(e) => setOccupation(e.target.value)} data-testid="print-occupation">
          <option value="">{t.chooseOccupation}</option>
          {OCCUPATIONS.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
      <IonButton
        expand="block"
        disabled={printer.isPending}
        onClick={() =>
          printer.mutate({
            offer,
            price,
            name,
            ...(occupation ? { occupation: occupation as (typeof OCCUPATIONS)[number] } : {}),
            accessories: [...sel.accessories],
            colors: [...sel.colors],
            services: { ...sel.services },
          })
        }
      >
        {t.printButton}
      </IonButton>
      {printer.isError && (
        <p className="form-error" role="alert">
          {t.printFailed}
        </p>
      )}
      <p className="od-note">{t.feeMayVary}</p>
    </SideModal>
  );
}
