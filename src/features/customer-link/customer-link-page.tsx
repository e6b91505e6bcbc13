import callIcon from 'ionicons-svg/call-outline.svg?raw';
import downloadIcon from 'ionicons-svg/download-outline.svg?raw';
import mailIcon from 'ionicons-svg/mail-outline.svg?raw';
import { useParams } from 'react-router-dom';
import { formatDateIt, formatDistance, formatEuro, formatMonthly, formatMonths, formatPrice } from '@core/format';
import { paintedImage } from '@core/paint';
import { type PublicProposal } from '@core/schemas/share';
import { ApiError } from '../../api/client';
import { serverUrl } from '../../api/origin';
import { CarPicture } from '../../ui/car-picture';
import { it } from '../../i18n/customer-link';
import { Icon } from '../../ui/icon';
import { Button } from '../../ui/button';
import { IonContent } from '../../ui/ionic/content';
import { IonPage } from '../../ui/ionic/page';
import { Spinner } from '../../ui/spinner';
import { Note } from '../../ui/text';
import { useThemeClass } from '../../ui/use-theme-class';
import { pdfUrl, usePublicProposal } from './api/public-proposal';
import './customer-link.css';
import { Accept } from './customer-accept';
import { Documents } from './customer-documents';

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
