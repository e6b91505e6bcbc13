import { zodResolver } from '@hookform/resolvers/zod';
import callIcon from 'ionicons-svg/call-outline.svg?raw';
import checkIcon from 'ionicons-svg/checkmark-circle-outline.svg?raw';
import downloadIcon from 'ionicons-svg/download-outline.svg?raw';
import mailIcon from 'ionicons-svg/mail-outline.svg?raw';
import uploadIcon from 'ionicons-svg/cloud-upload-outline.svg?raw';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { formatDateIt, formatDateTimeIt, formatDistance, formatEuro, formatMonthly, formatMonths, formatPrice } from '@core/format';
import { paintedImage } from '@core/paint';
import { type PublicProposal, type ShareAccept, ShareAcceptDetailsSchema, ShareAcceptSchema, type ShareCodeSent } from '@core/schemas/share';
import { SIGN_CODE } from '@core/signing';
import { ApiError } from '../../api/client';
import { serverUrl } from '../../api/origin';
import { CarPicture } from '../../ui/car-picture';
import { it } from '../../i18n/customer-link';
import { links } from '../../routes';
import { applyServerErrors, CheckboxField, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { SubmitButton } from '../../ui/form-base';
import { Icon } from '../../ui/icon';
import { Button } from '../../ui/button';
import { IonContent } from '../../ui/ionic/content';
import { IonPage } from '../../ui/ionic/page';
import { Spinner } from '../../ui/spinner';
import { Note } from '../../ui/text';
import { useThemeClass } from '../../ui/use-theme-class';
import { pdfUrl, useAcceptProposal, usePublicProposal, useRequestSignCode, useUploadDocument } from './api/public-proposal';
import './customer-link.css';

const t = it.customerLink;

/**
 * /p/{token} (docs/adr/0133-customer-link.md): the customer's page, outside the agent's shell and without a session. Phone
 * first: the proposal (car, configuration, rate, deposit, duration, km, services, validity), its PDF,
 * the documents to upload and the acceptance, with the agent's contacts, logo and theme when rebranded.
 * A wrong, expired or revoked link gets one neutral page.
 */
export default function CustomerLinkPage() {
  const { token = '' } = useParams();
  const { data: proposal, error, isPending, refetch, isFetching } = usePublicProposal(token);
  useThemeClass(proposal?.agent.theme);
  if (isPending) {
    return (
      <Shell>
        <div className="cl-loading">
          <Spinner name="dots" />
        </div>
      </Shell>
    );
  }
  if (!proposal) {
    const status = error instanceof ApiError ? error.status : -1;
    const message = status === 0 ? t.offline : status === 429 ? t.tooMany : status === 404 ? t.gone : t.gone;
    return (
      <Shell>
        <section className="cl-card cl-gone" data-testid="link-gone" role="status">
          <h1>{status === 0 || status === 429 ? t.pageTitle : t.goneTitle}</h1>
          <p>{message}</p>
          {(status === 0 || status === 429 || status >= 500) && (
            <Button fill="outline" disabled={isFetching} onClick={() => void refetch()}>
              {t.retry}
            </Button>
          )}
        </section>
      </Shell>
    );
  }
  return (
    <Shell agent={proposal.agent}>
      <ProposalBody token={token} proposal={proposal} />
    </Shell>
  );
}

function Shell({ agent, children }: { agent?: PublicProposal['agent']; children: React.ReactNode }) {
  const name = agent ? agent.business_name || agent.name : '';
  return (
    <IonPage className="customer-link">
      <IonContent className="cl-content">
        {/* The agent's logo when their account is rebranded (spec §2); else their name: the portal's own logo speaks to agents. */}
        <header className="cl-bar">
          {agent?.logo && <img className="cl-logo" src={serverUrl(agent.logo)} alt="" height={32} data-testid="cl-logo" />}
          <span className="cl-agent-name">{name || it.appName}</span>
        </header>
        <main className="cl-main">{children}</main>
      </IonContent>
    </IonPage>
  );
}

function ProposalBody({ token, proposal: p }: { token: string; proposal: PublicProposal }) {
  const car = `${p.car.brand} ${p.car.model}`.trim();
  const agentName = p.agent.business_name || p.agent.name;
  return (
    <>
      <section className="cl-card cl-hero" data-testid="cl-proposal">
        <p className="cl-eyebrow">{t.pageTitle}</p>
        <h1>{car || p.title}</h1>
        {p.car.version && <p className="cl-version">{p.car.version}</p>}
        {p.car.image && <CarPicture className="cl-car" src={paintedImage(p.car.image, p.color)} alt={car} eager />}
        <div className="cl-price" data-testid="cl-price">
          <span>{t.monthly}</span>
          <strong>{formatMonthly(p.price)}</strong>
          <small>{t.vatExcluded}</small>
        </div>
        <dl className="cl-facts">
          <div>
            <dt>{t.deposit}</dt>
            <dd data-testid="cl-deposit">{formatEuro(p.deposit)}</dd>
          </div>
          <div>
            <dt>{t.duration}</dt>
            <dd data-testid="cl-duration">{formatMonths(p.duration)}</dd>
          </div>
          <div>
            <dt>{t.distance}</dt>
            <dd data-testid="cl-distance">{formatDistance(p.distance)}</dd>
          </div>
          <div>
            <dt>{t.color}</dt>
            <dd>{p.color ? p.color.description : t.standardColor}</dd>
          </div>
          {p.bundle && (
            <div>
              <dt>{t.bundle}</dt>
              <dd>{p.bundle}</dd>
            </div>
          )}
        </dl>
        <p className="cl-meta">
          {p.title}
          {p.code ? ` · ${p.code}` : ''} · {t.intro(p.customer_name)}
        </p>
        <Status proposal={p} />
      </section>

      <section className="cl-card">
        <h2>{t.services}</h2>
        <Lines lines={p.services} price={(x) => (x > 0 ? t.perMonth(formatEuro(x)) : t.included)} />
        {p.accessories.length > 0 && (
          <>
            <h2>{t.accessories}</h2>
            <Lines lines={p.accessories} price={formatPrice} />
          </>
        )}
        {p.equipped_optionals && (
          <details className="cl-optionals">
            <summary>{t.optionals}</summary>
            <p>{p.equipped_optionals}</p>
          </details>
        )}
        <p className="cl-valid" data-testid="cl-valid">
          {t.validUntil(formatDateIt(p.valid_until))}
        </p>
        {p.pdf_ready ? (
          <Button expand="block" href={pdfUrl(token)} download={`${p.title}.pdf`} data-testid="cl-pdf">
            <Icon icon={downloadIcon} slot="start" />
            {t.downloadPdf}
          </Button>
        ) : (
          <Note className="cl-pdf-wait" data-testid="cl-pdf-wait">
            {t.pdfPreparing}
          </Note>
        )}
      </section>

      {(p.can_upload || p.documents.some((d) => d.files.length > 0)) && <Documents token={token} proposal={p} />}
      {(p.can_accept || p.acceptance) && <Accept token={token} proposal={p} />}

      <section className="cl-card cl-contact" data-testid="cl-agent">
        <h2>{t.contactTitle}</h2>
        <p className="cl-agent">
          <strong>{p.agent.name}</strong>
          {p.agent.business_name && p.agent.business_name !== p.agent.name && <span>{p.agent.business_name}</span>}
        </p>
        <div className="cl-contact-actions">
          {p.agent.phone && (
            <Button fill="outline" href={`tel:${p.agent.phone.replace(/\s+/g, '')}`}>
              <Icon icon={callIcon} slot="start" />
              {p.agent.phone}
            </Button>
          )}
          {p.agent.email && (
            <Button fill="outline" href={`mailto:${p.agent.email}`}>
              <Icon icon={mailIcon} slot="start" />
              {p.agent.email}
            </Button>
          )}
        </div>
        <p className="cl-private">{t.privateNote}</p>
      </section>
      <footer className="cl-footer">{agentName ? t.from(agentName) : it.appName}</footer>
    </>
  );
}

function Lines({ lines, price }: { lines: PublicProposal['services']; price: (euros: number) => string }) {
  if (!lines.length) return <p className="muted">{t.none}</p>;
  return (
    <ul className="cl-lines">
      {lines.map((l) => (
        <li key={l.description}>
          <span>{l.description}</span>
          <span>{price(l.price)}</span>
        </li>
      ))}
    </ul>
  );
}

function Status({ proposal: p }: { proposal: PublicProposal }) {
  if (p.acceptance) return null;
  const text = !p.still_valid ? t.changed : p.status === 'LOST' ? t.closed : p.status === 'WON' ? t.wonByAgent : null;
  return text ? (
    <p className="cl-banner" role="status" data-testid="cl-status">
      {text}
    </p>
  ) : null;
}

function Documents({ token, proposal: p }: { token: string; proposal: PublicProposal }) {
  const upload = useUploadDocument(token);
  const [slot, setSlot] = useState<string | null>(null);
  const [notPdf, setNotPdf] = useState<string | null>(null);
  function pick(fileType: string, file: File | undefined) {
    if (!file) return;
    setSlot(fileType);
    const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    setNotPdf(pdf ? null : fileType);
    if (!pdf) return upload.reset();
    upload.mutate({ fileType, file });
  }
  return (
    <section className="cl-card" data-testid="cl-documents">
      <h2>{t.documentsTitle}</h2>
      <p className="muted">{t.documentsHint}</p>
      {p.documents_required && p.can_accept === false && !p.acceptance && <p className="muted">{t.documentsRequired}</p>}
      {p.documents.map((d) => {
        const error =
          slot === d.file_type
            ? notPdf === d.file_type
              ? t.onlyPdf
              : upload.error
                ? upload.error instanceof ApiError
                  ? upload.error.message
                  : t.uploadFailed
                : null
            : null;
        const busy = upload.isPending && slot === d.file_type;
        return (
          <div key={d.file_type} className="cl-doc" data-slot={d.file_type}>
            <div className="cl-doc-head">
              <h3>
                {d.files.length > 0 && <Icon icon={checkIcon} className="cl-doc-done" aria-label={t.uploaded} />}
                {d.title}
              </h3>
              <p className="muted">{d.description}</p>
              {d.link && (
                <a href={serverUrl(d.link)} target="_blank" rel="noopener">
                  {t.template}
                </a>
              )}
            </div>
            {d.files.length > 0 && (
              <ul className="cl-files">
                {d.files.map((f) => (
                  <li key={`${f.name}-${f.created_at}`}>{f.name}</li>
                ))}
              </ul>
            )}
            {p.can_upload && (
              // The browser's own file button speaks its language and style: a label drawn as a button opens it.
              <label className={`cl-upload${upload.isPending ? ' cl-upload-busy' : ''}`}>
                <input
                  className="cl-file"
                  type="file"
                  accept="application/pdf,.pdf"
                  disabled={upload.isPending}
                  aria-label={`${t.choosePdf}: ${d.title}`}
                  data-testid={`cl-upload-${d.file_type}`}
                  onChange={(e) => {
                    pick(d.file_type, e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
                <Icon icon={uploadIcon} />
                <span aria-hidden="true">{busy ? t.uploading : d.files.length ? t.chooseAnother : t.choosePdf}</span>
              </label>
            )}
            {error && (
              <Note color="danger" role="alert" className="cl-error">
                {error}
              </Note>
            )}
          </div>
        );
      })}
    </section>
  );
}

/**
 * 'Accetta' and the signature (docs/adr/0060-signing-with-a-one-time-code.md): the name and the consent, then a
 * one-time code sent to the customer's e-mail, typed back to sign. One form and one submit function: without a
 * code sent it asks for one, with one it accepts.
 */
function Accept({ token, proposal: p }: { token: string; proposal: PublicProposal }) {
  const accept = useAcceptProposal(token);
  const requestCode = useRequestSignCode(token);
  const [sent, setSent] = useState<ShareCodeSent | null>(null);
  // The code is checked once it has been sent; until then the name and the consent only.
  const codeSent = useRef(false);
  const [withCode, withoutCode] = useState(() => [zodResolver(ShareAcceptSchema), zodResolver(ShareAcceptDetailsSchema)] as const)[0];
  const form = useForm<ShareAccept>({
    resolver: (values, context, options) => (codeSent.current ? withCode : (withoutCode as unknown as typeof withCode))(values, context, options),
    defaultValues: { name: '', consent: false as unknown as true, code: '' },
  });
  if (p.acceptance) {
    return (
      <section className="cl-card cl-accepted" data-testid="cl-accepted" role="status">
        <h2>
          <Icon icon={checkIcon} /> {p.acceptance.signed ? t.signedTitle : t.acceptTitle}
        </h2>
        <p>{(p.acceptance.signed ? t.signed : t.accepted)(formatDateTimeIt(p.acceptance.accepted_at), p.acceptance.name)}</p>
      </section>
    );
  }
  const onError = (err: unknown) => applyServerErrors(err, form.setError);
  const sendCode = () =>
    requestCode.mutate(undefined, {
      onSuccess: (answer) => {
        codeSent.current = true;
        setSent(answer);
        form.setValue('code', '');
      },
      onError,
    });
  const submit = (values: ShareAccept) => (sent ? accept.mutate(values, { onError }) : sendCode());
  const busy = accept.isPending || requestCode.isPending;
  return (
    <section className="cl-card" data-testid="cl-accept">
      <h2>{t.acceptTitle}</h2>
      <p className="muted">{t.acceptHint}</p>
      <form noValidate onSubmit={form.handleSubmit(submit, scrollToFirstError)}>
        <fieldset className="plain-fieldset" disabled={Boolean(sent)}>
          <TextField control={form.control} name="name" label={t.name} autocomplete="name" />
          <CheckboxField control={form.control} name="consent">
            <span className="cl-consent">{t.consent}</span>
          </CheckboxField>
        </fieldset>
        <p className="cl-privacy-link">
          <a href={links.legal('informativa-privacy')} target="_blank" rel="noopener">
            {t.privacy}
          </a>
        </p>
        {sent && (
          <div className="cl-code" data-testid="cl-code">
            <p role="status" data-testid="cl-code-sent">
              {t.codeSent(sent.sent_to, SIGN_CODE.ttlMs / 60_000)}
            </p>
            <TextField
              control={form.control}
              name="code"
              label={t.code}
              autocomplete="one-time-code"
              inputmode="numeric"
              maxlength={SIGN_CODE.digits}
              helperText={t.codeHelp}
              data-testid="cl-code-input"
            />
            <Button fill="clear" size="small" disabled={busy || sent.resends_left <= 0} onClick={sendCode} data-testid="cl-code-resend">
              {t.resend}
            </Button>
          </div>
        )}
        <FormError error={sent ? (accept.error ?? requestCode.error) : requestCode.error} />
        <SubmitButton expand="block" disabled={busy} data-testid="cl-accept-submit">
          {busy ? <Spinner name="dots" /> : sent ? t.sign : t.accept}
        </SubmitButton>
      </form>
    </section>
  );
}
