import { Button } from '../../ui/button';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { hasFeature } from '@core/features';
import { EXPIRED_OFFER_MESSAGE, isShownExpired } from '@core/quotation';
import type { Proposal } from '@core/schemas/quotations';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/quotation';
import { links } from '../../routes';
import { LoadingPage } from '../../shell/guards';
import { DataAge } from '../../ui/data-age';
import { AppPage } from '../../shell/layout';
import { useSaveSustainability, useSetQuotationStatus, useUpdateQuote } from './api/proposal-writes';
import { useProposal } from './api/quotations';
import { PdfButton } from './pdf-button';
import { QuoteSection } from './quote-section';
import { savedCheckOf } from './saved-check';
import { QuotationSidebar, type SidebarData } from './sidebar';
import { DocumentsStep, StatusStep, SustainabilityStep } from './steps';
import { SharePanel } from './share-panel';
import { SlotStep, type SustainabilitySlot } from './sustainability-slot';
import { Tracker } from './tracker';
import { usePdfStream } from './use-pdf-stream';

type View = 'sustainability' | 'documents' | 'status';
const viewFor = (p: Proposal): View =>
  p.step <= 1 ? 'sustainability' : p.step === 3 && !p.quotation.data.hasAttachments ? 'documents' : p.step >= 4 ? 'status' : 'documents';

/** A saved proposal, by quotation code or proposal id: its steps (credit check, documents, status) and the sidebar. */
export function ProposalView({ id, sustainability }: { id: string; sustainability?: SustainabilitySlot | undefined }) {
  const { data: proposal, error, fetchStatus } = useProposal(id);
  usePdfStream(proposal);
  // The spec: a proposal fetch that returns no data goes to /quotations.
  if (error instanceof ApiError && error.status === 404) return <Navigate to="/quotations" replace />;
  // Offline and never opened on this device: say so, instead of a spinner that waits for the network.
  if (!proposal && fetchStatus === 'paused') {
    return (
      <AppPage title={it.quotation.pageTitle} className="quotation-page">
        <p className="pending-banner" role="status" data-testid="proposal-not-on-device">
          {it.quotation.notOnDevice}
        </p>
      </AppPage>
    );
  }
  if (!proposal) return <LoadingPage />;
  return <ProposalSteps id={id} proposal={proposal} sustainability={sustainability} />;
}

function ProposalSteps({ id, proposal, sustainability }: { id: string; proposal: Proposal; sustainability?: SustainabilitySlot | undefined }) {
  const { refetch, dataUpdatedAt } = useProposal(id);
  const { data: profile } = useProfile();
  const navigate = useNavigate();
  const [view, setView] = useState<View | null>(null);
  // The quote form's success after creating (§2 Redirects: to /quotations/{code}) or editing.
  const savedCode = (useLocation().state as { quoteSaved?: string } | null)?.quoteSaved ?? null;
  const [saved, setSaved] = useState<string | null>(savedCode ? it.quotation.quote.saved(savedCode) : null);
  const check = useSaveSustainability(proposal.id);
  const status = useSetQuotationStatus(proposal.id);
  const update = useUpdateQuote(proposal.quotation.data.code ?? '');
  // A write left in the outbox (offline) says so; a refused status change gives the server's reason.
  const queued = [check, status, update].some((m) => m.data?.state === 'queued');
  const message = status.error ? (status.error instanceof ApiError ? status.error.message : it.common.serverError) : queued ? it.quotation.queued : null;

  // The step shown is the one the page opened at until the agent moves: a change from elsewhere (the
  // customer's link, followed live: docs/adr/0134-customer-accepts-agent-follows.md) fills the step on screen instead of moving the agent to
  // another; only an outcome (accepted, rejected) brings the status step forward by itself.
  const [opened] = useState(() => viewFor(proposal));
  const current = view ?? (proposal.status !== 'OPEN' ? 'status' : opened);
  const locked = isShownExpired(proposal.stillValid, proposal.step) || !proposal.stillValid;
  const saveCheck = (c: Parameters<typeof check.mutate>[0]) => check.mutate(c, { onSuccess: () => setView('documents') });

  return (
    <AppPage title={proposal.title} className="quotation-page">
      <h1>{proposal.title}</h1>
      <Tracker current={current === 'sustainability' ? 3 : current === 'documents' ? 4 : 5} />
      <div className="quotation-layout">
        <section className="quotation-main">
          <DataAge updatedAt={dataUpdatedAt} />
          {!proposal.stillValid && (
            <div className="wizard-alert" role="alert" data-testid="expired">
              {proposal.expiredMessage ?? EXPIRED_OFFER_MESSAGE}
            </div>
          )}
          {message && (
            <p className="pending-banner" role="status">
              {message}
            </p>
          )}
          {saved && (
            <p className="success-banner" role="status" data-testid="quote-saved">
              {saved}
            </p>
          )}
          <QuoteSection proposal={proposal} open={current === 'sustainability'} update={update} onSaved={setSaved} onRefused={() => void refetch()} />
          {current === 'sustainability' &&
            (sustainability ? (
              <SlotStep proposal={proposal} disabled={locked} slot={sustainability} saving={check} onSave={saveCheck} />
            ) : (
              <SustainabilityStep
                category={proposal.contractual_category}
                saved={savedCheckOf(proposal)}
                disabled={locked}
                saving={check}
                onSave={(answers, step) => saveCheck({ contractualCategory: proposal.contractual_category, answers, step })}
              />
            ))}
          {current === 'documents' && (
            <DocumentsStep
              proposal={proposal}
              disabled={!proposal.stillValid || !proposal.quotation.data.code}
              strict={hasFeature(profile?.features, 'strict-upload')}
              onBack={() => setView('sustainability')}
              onNext={() => setView('status')}
            />
          )}
          {current === 'status' && (
            <StatusStep
              proposal={proposal}
              busy={status.isPending}
              onBack={() => setView('documents')}
              onStatus={(s) => status.mutate(s, { onSuccess: () => void refetch() })}
            />
          )}
          {proposal.quotation.data.code && <SharePanel proposal={proposal} />}
          {current !== 'sustainability' && proposal.step <= 1 && (
            <Button fill="clear" onClick={() => navigate(links.offers())}>
              {it.quotation.goToOffers}
            </Button>
          )}
        </section>
        <QuotationSidebar data={sidebarData(proposal)} pdfButton={<PdfButton proposal={proposal} />} />
      </div>
    </AppPage>
  );
}

function sidebarData(proposal: Proposal): SidebarData {
  const c = proposal.customer;
  const o = proposal.quotation.data.offer;
  return {
    number: proposal.number,
    code: proposal.quotation.data.code,
    price: proposal.price,
    car: { brand: o.brand, model: o.model, version: o.version, image: o.image },
    duration: proposal.duration,
    distance: proposal.distance,
    deposit: proposal.deposit,
    services: proposal.selectedServices,
    equippedOptionals: proposal.equippedOptionals,
    accessories: proposal.accessories,
    color: proposal.offer_color,
    notes: proposal.notes,
    commission: proposal.commission,
    customerName: c.business_name || `${c.first_name} ${c.last_name}`,
  };
}
