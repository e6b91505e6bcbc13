import { IonButton } from '../../ui/ionic/button';
import { IonNote } from '../../ui/ionic/text';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ContractualCategory } from '@core/categories';
import { hasFeature } from '@core/features';
import type { Answers } from '@core/prescoring/questions';
import { messageFor } from '@core/prescoring/messages';
import { EXPIRED_OFFER_MESSAGE, isShownExpired, PROPOSAL_ERRORS, type ProposalErrorCode } from '@core/quotation';
import { isQuoteEditable, quoteCustomer, quoteValuesOf } from '@core/quote-form';
import type { Proposal, ProposalSave } from '@core/schemas/quotations';
import { ApiError, saveBlob } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/quotation';
import { outbox } from '../../offline';
import { db } from '../../offline/db';
import { links } from '../../routes';
import { LoadingPage } from '../../shell/guards';
import { AppPage } from '../../shell/layout';
import { downloadProposalPdf, quotationKeys, saveSustainability, setQuotationStatus, streamToken, updateQuote, uploadDocument, useProposal } from './api/quotations';
import { QuoteForm } from './quote-form';
import { type SavedCheck, savedCheckOf } from './saved-check';
import { QuotationSidebar } from './sidebar';
import { CustomerSummary } from './start-page';
import { DocumentsStep, SaveAnswers, StatusStep, SustainabilityStep } from './steps';
import { Tracker } from './tracker';
import { serverUrl } from '../../api/origin';
import './quotation.css';

/** The PDF can be downloaded from this tracker step on (the spec's configured value, 2). */
const PDF_STEP = 2;
const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A complete credit check of the customer and its result for this quotation's offer, as the slot reports it. */
export type SustainabilityCheck = {
  contractualCategory: ContractualCategory;
  step: string | null;
  answers: Answers;
  response: { chance: number | null; description: string | null };
};

/**
 * What the sustainability slot gets (App.tsx fills it with the single-offer credit check, §2: "a second,
 * single-offer variant of the check runs on the offer detail and quotation pages"): the customer's
 * category, the quoted offer's rate and deposit, and where to report the check (null while incomplete).
 */
export interface SustainabilitySlotProps {
  proposal: Proposal;
  category: ContractualCategory;
  /** The check already saved on the proposal (null if none): the slot starts from its answers. */
  saved: SavedCheck | null;
  offerData: { monthly_rate: number; deposit: number };
  /** Whom the check is about: answers stored in the browser for anyone else are not used. */
  subject: string;
  onCheck: (check: SustainabilityCheck | null) => void;
}

/**
 * /quotations/:quotation (§2, §4): opens by quotation code or proposal id; a proposal created
 * offline opens at its client id (pending, or rejected with the server's message) until the
 * server's id arrives, then moves there.
 */
export default function QuotationPage({ sustainability }: { sustainability?: (props: SustainabilitySlotProps) => ReactNode }) {
  const { quotation = '' } = useParams();
  if (CLIENT_ID.test(quotation)) return <PendingProposal clientId={quotation} />;
  return <ProposalView id={quotation} sustainability={sustainability} />;
}

function PendingProposal({ clientId }: { clientId: string }) {
  const mapped = useLiveQuery(() => db.idMap.get(clientId), [clientId]);
  const entry = useLiveQuery(() => db.outbox.where('clientId').equals(clientId).first(), [clientId]);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void outbox.serverId(clientId).finally(() => setChecked(true));
  }, [clientId]);
  if (mapped) return <Navigate to={links.quotation(mapped.serverId)} replace />;
  const body = entry?.body as ProposalSave | undefined;
  return (
    <AppPage title={it.quotation.pageTitle} className="quotation-page">
      <h1>{it.quotation.pageTitle}</h1>
      <Tracker current={2} />
      {entry?.status === 'rejected' ? (
        <div className="wizard-alert" role="alert" data-testid="pending-rejected">
          {it.quotation.pendingRejected(entry.code && entry.code in PROPOSAL_ERRORS ? PROPOSAL_ERRORS[entry.code as ProposalErrorCode] : (entry.error ?? it.quotation.unknownError))}
        </div>
      ) : entry ? (
        <p className="pending-banner" data-testid="pending-banner">
          {it.quotation.pending}
        </p>
      ) : checked ? (
        <p>{it.quotation.notFound}</p>
      ) : null}
      {body && (
        <CustomerSummary
          values={{
            first_name: body.first_name ?? '',
            last_name: body.last_name ?? '',
            email: body.email ?? '',
            phone: body.phone ?? '',
            fiscal_code: body.fiscal_code ?? '',
            zip_code: body.zip_code ?? '',
            address: body.address ?? '',
            city: body.city ?? '',
            employee_category: (body.employee_category ?? 'tempo-indeterminato') as never,
            vat_number: body.vat_number ?? '',
            business_name: body.business_name ?? '',
            notes: body.notes ?? '',
          }}
        />
      )}
    </AppPage>
  );
}

type View = 'sustainability' | 'documents' | 'status';
const viewFor = (p: Proposal): View => (p.step <= 1 ? 'sustainability' : p.step === 3 && !p.quotation.data.hasAttachments ? 'documents' : p.step >= 4 ? 'status' : 'documents');

function ProposalView({ id, sustainability }: { id: string; sustainability?: ((props: SustainabilitySlotProps) => ReactNode) | undefined }) {
  const { data: proposal, error, refetch, fetchStatus } = useProposal(id);
  const { data: profile } = useProfile();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [view, setView] = useState<View | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  // The quote form's success after creating (§2 Redirects: to /quotations/{code}) or editing.
  const savedCode = (useLocation().state as { quoteSaved?: string } | null)?.quoteSaved ?? null;
  const [saved, setSaved] = useState<string | null>(savedCode ? it.quotation.quote.saved(savedCode) : null);
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

  const current = view ?? viewFor(proposal);
  const put = (p: Proposal) => qc.setQueryData(quotationKeys.proposal(id), p);
  const fromResult = (r: Awaited<ReturnType<typeof saveSustainability>>) => {
    if (r.state === 'sent') put((r.data as { data: Proposal }).data);
    else setMessage(it.quotation.queued);
  };
  const expired = isShownExpired(proposal.stillValid, proposal.step);
  const c = proposal.customer;
  const o = proposal.quotation.data.offer;
  const code = proposal.quotation.data.code;
  const quoteEditable = Boolean(code) && isQuoteEditable({ kind: proposal.kind, status: proposal.status, sustainabilityAnswers: proposal.sustainability?.answers ?? null });

  return (
    <AppPage title={proposal.title} className="quotation-page">
      <h1>{proposal.title}</h1>
      <Tracker current={current === 'sustainability' ? 3 : current === 'documents' ? 4 : 5} />
      <div className="quotation-layout">
        <section className="quotation-main">
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
          {editing && code ? (
            <section data-testid="quote-edit">
              <h2>{it.quotation.quote.editTitle}</h2>
              <QuoteForm
                initial={quoteValuesOf(c)}
                offerType={o.customerType}
                submitLabel={it.quotation.quote.save}
                // Confirmed meanwhile (the server said so): the fields lock, the server's message stays.
                disabled={!quoteEditable}
                onCancel={() => setEditing(false)}
                onSave={async (values) => {
                  const customer = quoteCustomer(values);
                  if (!customer) return;
                  // PUT quote/{code} (§7): saving again updates the quote by its code.
                  const r = await updateQuote(code, customer).catch((err: unknown) => {
                    void refetch();
                    throw err;
                  });
                  if (r.state === 'sent') {
                    put((r.data as { data: Proposal }).data);
                    setSaved(it.quotation.quote.updated);
                  } else setMessage(it.quotation.queued);
                  setEditing(false);
                }}
              />
            </section>
          ) : (
            <details className="customer-details" open={current === 'sustainability'}>
              <summary>
                {c.first_name} {c.last_name} · {quoteEditable ? it.quotation.quote.title : it.quotation.readOnly}
              </summary>
              <CustomerSummary values={c} />
              {quoteEditable && (
                <IonButton
                  size="small"
                  fill="outline"
                  onClick={() => {
                    setSaved(null);
                    setEditing(true);
                  }}
                  data-testid="edit-quote"
                >
                  {it.quotation.quote.edit}
                </IonButton>
              )}
            </details>
          )}
          {current === 'sustainability' &&
            (sustainability ? (
              <SlotStep
                proposal={proposal}
                disabled={expired || !proposal.stillValid}
                slot={sustainability}
                onSave={async (check) => {
                  const r = await saveSustainability(String(proposal.id), check);
                  fromResult(r);
                  setView('documents');
                }}
              />
            ) : (
              <SustainabilityStep
                category={proposal.contractual_category}
                saved={savedCheckOf(proposal)}
                disabled={expired || !proposal.stillValid}
                onSave={async (answers, step) => {
                  const r = await saveSustainability(String(proposal.id), { contractualCategory: proposal.contractual_category, answers, step });
                  fromResult(r);
                  setView('documents');
                }}
              />
            ))}
          {current === 'documents' && (
            <DocumentsStep
              proposal={proposal}
              disabled={!proposal.stillValid || !proposal.quotation.data.code}
              strict={hasFeature(profile?.features, 'strict-upload')}
              onBack={() => setView('sustainability')}
              onNext={() => setView('status')}
              onUpload={async (fileType, file) => {
                const r = await uploadDocument(proposal.quotation.data.code!, fileType, file);
                if (r.state === 'sent') put((r.data as { data: Proposal }).data);
                return r.state;
              }}
            />
          )}
          {current === 'status' && (
            <StatusStep
              proposal={proposal}
              busy={busy}
              onBack={() => setView('documents')}
              onStatus={async (status) => {
                setBusy(true);
                try {
                  fromResult(await setQuotationStatus(String(proposal.id), status));
                  void refetch();
                } catch (err) {
                  setMessage(err instanceof ApiError ? err.message : it.common.serverError);
                } finally {
                  setBusy(false);
                }
              }}
            />
          )}
          {current !== 'sustainability' && proposal.step <= 1 && (
            <IonButton fill="clear" onClick={() => navigate(links.offers())}>
              {it.quotation.goToOffers}
            </IonButton>
          )}
        </section>
        <QuotationSidebar
          data={{
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
          }}
          pdfButton={<PdfButton proposal={proposal} />}
        />
      </div>
    </AppPage>
  );
}

/**
 * The sustainability step around the slot's credit check: the check reports its answers and the result
 * for this offer; recording them on the proposal moves on to the documents.
 */
function SlotStep({ proposal, disabled, slot, onSave }: { proposal: Proposal; disabled: boolean; slot: (props: SustainabilitySlotProps) => ReactNode; onSave: (check: SustainabilityCheck) => Promise<void> }) {
  const [check, setCheck] = useState<SustainabilityCheck | null>(null);
  const offerData = useMemo(() => ({ monthly_rate: proposal.price, deposit: proposal.deposit }), [proposal.price, proposal.deposit]);
  // Read once: the slot starts from the saved answers when the step opens, not again after each save.
  const [saved] = useState(() => savedCheckOf(proposal));
  return (
    <div data-testid="sustainability-step">
      <h2>{it.quotation.sustainabilityTitle}</h2>
      <p className="muted">{it.quotation.sustainabilitySlotHint}</p>
      {/* Until the check reports its result again (offline, answers being changed), the one on record. */}
      {saved?.response && !check && (
        <p className="saved-check" data-testid="saved-check">
          {it.quotation.savedCheck(messageFor(saved.response.description, 'offer'))}
        </p>
      )}
      {slot({ proposal, category: proposal.contractual_category, saved, offerData, subject: `proposal:${proposal.id}`, onCheck: setCheck })}
      <SaveAnswers disabled={disabled || !check} onSave={() => (check ? onSave(check) : Promise.resolve())} />
    </div>
  );
}

/**
 * The download button's three states (§4 "PDF availability"): enabled when the PDF is ready, the
 * proposal still valid and the step reached; disabled while it is generated; disabled until the step.
 */
function PdfButton({ proposal }: { proposal: Proposal }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reached = proposal.step >= PDF_STEP;
  const ready = proposal.has_pdf && proposal.stillValid && reached;
  const tip = !reached ? it.quotation.pdf.completeStep : !proposal.stillValid ? it.quotation.pdf.expired : !proposal.has_pdf ? it.quotation.pdf.preparing : it.quotation.pdf.download;
  return (
    <span className="pdf-button-wrap" title={tip} data-testid="pdf-button-wrap" data-state={ready ? 'ready' : !reached ? 'step' : 'preparing'}>
      <IonButton
        expand="block"
        disabled={!ready || busy}
        data-testid="pdf-download"
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            const { blob } = await downloadProposalPdf(String(proposal.id));
            saveBlob(blob, `Preventivo-${Date.now()}.pdf`);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : it.common.serverError);
          } finally {
            setBusy(false);
          }
        }}
      >
        {it.quotation.pdf.download}
      </IonButton>
      {!ready && <IonNote className="pdf-tip">{tip}</IonNote>}
      {error && (
        <IonNote color="danger" role="alert">
          {error}
        </IonNote>
      )}
    </span>
  );
}

/**
 * While the PDF is generated, listens to GET proposals/sync/{id} (server-sent events). EventSource
 * sends no headers, so an authenticated call first gets a 2-minute token for this proposal's stream.
 */
function usePdfStream(proposal: Proposal | undefined) {
  const qc = useQueryClient();
  const id = proposal?.id;
  const waiting = Boolean(proposal && !proposal.has_pdf && proposal.step >= PDF_STEP);
  useEffect(() => {
    if (!waiting || id === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      try {
        const token = await streamToken(id);
        if (stopped) return;
        source = new EventSource(serverUrl(`/api/v1/proposals/sync/${id}?token=${encodeURIComponent(token)}`));
        source.addEventListener('update', (e) => {
          const p = JSON.parse((e as MessageEvent<string>).data) as Proposal;
          for (const key of [quotationKeys.proposal(String(p.id)), ...(p.quotation.data.code ? [quotationKeys.proposal(p.quotation.data.code)] : [])]) qc.setQueryData(key, p);
          if (p.has_pdf) source?.close();
        });
        // A dropped stream (expired token, server restart) is reopened with a fresh token.
        source.onerror = () => {
          source?.close();
          if (!stopped) retry = setTimeout(() => void open(), 5000);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void open(), 10_000);
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [waiting, id, qc]);
}
