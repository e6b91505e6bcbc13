import { Button } from '../../ui/button';
import { Text } from '../../ui/text';
import { DataAge } from '../../ui/data-age';
import { Later } from '../../ui/later';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { hasFeature } from '@core/features';
import { emptyQuote, type QuoteFormValues } from '@core/quote-form';
import type { ProposalSave } from '@core/schemas/quotations';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/quotation';
import { links, type ScreenPrefetch } from '../../routes';
import { AppPage } from '../../shell/layout';
import { useCreateProposal, useCreateQuote } from './api/proposal-writes';
import { offerPreviewQuery, useOfferPreview } from './api/quotations';
import { askIfMissing } from '../../api/query-client';
import { CustomerForm, type CustomerValues } from './customer-form';
import { readOfferConfig } from './offer-config';
import { QuoteForm } from './quote-form';
import { QuotationSidebar } from './sidebar';
import { CustomerSummary } from './customer-summary';
import { Tracker } from './tracker';
import { ErrorAlert, isProposalError, type WizardError } from './wizard-error';
import './quotation.css';

/** The configuration priced by the server, asked for while the app starts (App.tsx, prefetchScreen): the form opens at once. */
export const prefetch: ScreenPrefetch = (_params, search) => {
  const config = readOfferConfig(search);
  return config ? askIfMissing(offerPreviewQuery(config)) : Promise.resolve();
};

/**
 * /quotation/ (§2 "Quotation wizard", steps 1 and 2): personal data, then the read-only
 * confirmation; confirming creates the proposal through the outbox and opens /quotations/{id}
 * (or /quotations/{client id} while it waits to be sent). With `quote=1` (or its button) the same
 * offer is quoted with the simple form instead ('Salva preventivo'): POST quote, then /quotations/{code}.
 */
export default function QuotationStartPage({ manualOffer }: { manualOffer?: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [config] = useState(() => readOfferConfig(search));
  const offer = useOfferPreview(config);
  // The rate the agent was shown on the detail; the server refuses to save any other (docs/pricing.md).
  const shownRate = config?.rate ?? offer.data?.monthly_rate;
  const additionalServices = Object.entries(config?.services ?? {}).map(([id, quantity]) => ({ id, quantity }));
  const [values, setValues] = useState<CustomerValues | null>(null);
  const [phase, setPhase] = useState<'form' | 'confirm'>('form');
  const create = useCreateProposal();
  const quote = useCreateQuote();
  const sending = create.isPending;
  const [error, setError] = useState<WizardError | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [simple, setSimple] = useState(() => new URLSearchParams(search).get('quote') === '1');
  // The manual offer (account spec §2 "Embedded in the quotation flow") is reachable from
  // every quotation start, not only when no offer was ever configured on this device (docs/adr/0135-requests-for-unlisted-cars.md).
  const [manualOpen, setManualOpen] = useState(false);
  const { data: profile } = useProfile();
  const canRequest = hasFeature(profile?.features, 'offer-request');

  const backToOffer = () => navigate(offer.data ? `/offers/${encodeURIComponent(offer.data.code)}` : links.offers());

  if (!config) {
    return (
      <AppPage title={it.quotation.pageTitle}>
        <h1>{it.quotation.startTitle}</h1>
        <p data-testid="no-offer">{it.quotation.noOffer}</p>
        <Link to={links.offers()}>{it.quotation.goToOffers}</Link>
        {/* The car is not listed: the manual offer form (a slot composed in App.tsx). */}
        {manualOffer}
      </AppPage>
    );
  }

  function confirm() {
    if (!values || !config) return;
    setError(null);
    const body: ProposalSave = {
      ...values,
      offer: config.offer,
      accessories: config.accessories,
      colors: config.colors,
      additionalServices,
      ...(shownRate !== undefined ? { newMonthlyRate: shownRate } : {}),
      consent: values.consent,
      business_name: values.business_name,
    };
    create.mutate(
      { body, customerName: `${values.first_name} ${values.last_name}` },
      {
        onSuccess: (result) => navigate(links.quotation(result.state === 'sent' ? String(result.data.id) : result.clientId), { replace: true }),
        onError: (err) => {
          setPhase('form');
          setFormKey((k) => k + 1);
          if (err instanceof ApiError && isProposalError(err.code)) setError({ code: err.code, fields: err.errors });
          else
            setError({ code: null, message: err instanceof ApiError ? err.message : it.common.serverError, fields: err instanceof ApiError ? err.errors : {} });
        },
      },
    );
  }

  async function saveQuote(values: QuoteFormValues) {
    if (!config) return;
    const { quotePayload } = await import('@core/quote-payload');
    const body = quotePayload(values, {
      ref: config.offer,
      monthly_rate: shownRate,
      deposit: offer.data?.deposit ?? config.deposit,
      duration: offer.data?.duration ?? config.duration,
      distance: offer.data?.distance ?? config.distance,
      accessories: config.accessories,
      colors: config.colors,
      additionalServices,
    });
    if (!body) return; // the form's checks passed, so the payload builds
    const result = await quote.mutateAsync({ body, customerName: values.business_name || `${values.first_name} ${values.last_name}` });
    // §2 Redirects: creating a quote goes to /quotations/{code} (its client id while it waits to be sent).
    if (result.state === 'sent') navigate(links.quotation(result.data), { replace: true, state: { quoteSaved: result.data } });
    else navigate(links.quotation(result.clientId), { replace: true });
  }

  // The form starts on the offer's customer type, so it waits for the offer (or for its failure, or offline).
  const offerSettled = Boolean(offer.data) || offer.isError || offer.fetchStatus === 'paused';
  const incompatible = error?.code === 'Customer type not compatible with offer';
  const o = offer.data;
  // The server refused the configuration itself (its price no longer holds, an option is gone): say why, up front.
  const refused = offer.error instanceof ApiError && offer.error.status >= 400 && offer.error.status < 500 ? offer.error.message : null;
  return (
    <AppPage title={simple ? it.quotation.quote.title : it.quotation.pageTitle} className="quotation-page">
      <h1>{simple ? it.quotation.quote.title : it.quotation.startTitle}</h1>
      {!simple && <Tracker current={phase === 'form' ? 1 : 2} />}
      <div className="quotation-layout">
        <section className="quotation-main">
          {o ? (
            <DataAge updatedAt={offer.dataUpdatedAt} />
          ) : (
            // Offline on an offer whose price the device never asked for: the form works, and the write waits.
            offer.fetchStatus === 'paused' && (
              <p className="data-age" role="status" data-testid="wizard-offline">
                {it.quotation.offlineStart}
              </p>
            )
          )}
          {refused && (
            <div className="wizard-alert" role="alert" data-testid="config-refused">
              {refused} <Link to={config.offer ? `/offers/${encodeURIComponent(config.offer)}` : links.offers()}>{it.quotation.backToOffer}</Link>
            </div>
          )}
          {simple && offerSettled && (
            <div data-testid="quote-step">
              <p className="muted">{it.quotation.quote.intro}</p>
              <QuoteForm
                initial={emptyQuote(o?.customerType ?? null)}
                offerType={o?.customerType ?? null}
                submitLabel={it.quotation.quote.save}
                onSave={saveQuote}
              />
              <Button fill="clear" size="small" onClick={() => setSimple(false)} data-testid="to-wizard">
                {it.quotation.quote.toWizard}
              </Button>
            </div>
          )}
          {!simple && phase === 'form' && offerSettled && (
            <p className="quote-switch">
              <span className="muted">{it.quotation.quote.openHint}</span>{' '}
              <Button fill="outline" size="small" onClick={() => setSimple(true)} data-testid="open-quote-form">
                {it.quotation.quote.open}
              </Button>
            </p>
          )}
          {/* Until the offer is known the form cannot start (its customer type): a placeholder as tall as the
              window keeps what follows (the manual offer, the footer) from showing and then jumping down. */}
          {!offerSettled && (
            <p className="wizard-loading muted" role="status" aria-busy="true" data-testid="wizard-loading">
              {it.common.loading}
            </p>
          )}
          {!simple && <ErrorAlert error={error} offerLink={o ? `/offers/${encodeURIComponent(o.code)}` : links.offers()} onClose={() => setError(null)} />}
          {!simple && phase === 'form' && offerSettled && (
            <CustomerForm
              key={formKey}
              initial={values}
              offerType={o?.customerType ?? null}
              disabled={incompatible}
              onBack={backToOffer}
              onSubmit={(v) => {
                setValues(v);
                setError(null);
                setPhase('confirm');
              }}
              serverErrors={error?.fields ?? null}
              // The spec's general form error (§5); its CAP alert (§8) only for a CAP that was typed and refused.
              onInvalid={(fields, typed) =>
                setError(
                  fields.includes('zip_code') && typed.zip_code.trim()
                    ? { code: 'Invalid zip code', fields: {} }
                    : { code: null, message: it.common.formErrors, fields: {} },
                )
              }
            />
          )}
          {!simple && phase === 'confirm' && values && (
            <div data-testid="confirm-step">
              <h2>{it.quotation.confirmTitle}</h2>
              <p className="muted">{it.quotation.confirmHint}</p>
              <CustomerSummary values={values} />
              <div className="wizard-actions">
                <Button fill="outline" onClick={() => setPhase('form')} disabled={sending}>
                  {it.quotation.back}
                </Button>
                <Button onClick={confirm} disabled={sending} data-testid="confirm">
                  {it.quotation.confirm}
                </Button>
              </div>
            </div>
          )}
          {manualOffer &&
            canRequest &&
            phase === 'form' &&
            offerSettled &&
            (manualOpen ? (
              manualOffer
            ) : (
              <section className="manual-offer-entry" data-testid="manual-offer-entry">
                <h2>{it.quotation.manual.title}</h2>
                <p className="muted">{it.quotation.manual.intro}</p>
                <Button fill="outline" onClick={() => setManualOpen(true)} data-testid="open-manual-offer">
                  {it.quotation.manual.open}
                </Button>
              </section>
            ))}
        </section>
        {o && (
          <Later>
            <QuotationSidebar
              data={{
                number: null,
                code: null,
                price: o.monthly_rate,
                car: { brand: o.brand, model: o.model, version: o.version, image: o.image },
                duration: o.duration,
                distance: o.distance,
                deposit: o.deposit,
                services: o.selectedServices,
                equippedOptionals: o.equippedOptionals,
                accessories: o.accessories,
                color: o.offer_color,
                notes: values?.notes ?? '',
                commission: o.commission,
              }}
            />
          </Later>
        )}
        {offer.isError && (
          <Text color="medium">
            <p>{it.quotation.noOffer}</p>
          </Text>
        )}
      </div>
    </AppPage>
  );
}
