import copyIcon from 'ionicons-svg/copy-outline.svg?raw';
import linkIcon from 'ionicons-svg/link-outline.svg?raw';
import mailIcon from 'ionicons-svg/mail-outline.svg?raw';
import shareIcon from 'ionicons-svg/share-social-outline.svg?raw';
import whatsappIcon from 'ionicons-svg/logo-whatsapp.svg?raw';
import { useState } from 'react';
import { formatDateIt, formatDateTimeIt } from '@core/format';
import type { Proposal } from '@core/schemas/quotations';
import type { QuotationShare } from '@core/schemas/share';
import { proposalValidUntil, shareMessage, whatsappUrl } from '@core/share';
import { ApiError } from '../../api/client';
import { isNativeShell } from '../../api/origin';
import { useProfile } from '../../api/profile';
import { shareTokenFor } from '../../api/share-links';
import { it } from '../../i18n/quotation';
import { usePendingWrites } from '../../offline/hooks';
import { useConfirm } from '../../ui/confirm';
import { Icon } from '../../ui/icon';
import { Button } from '../../ui/button';
import { Note } from '../../ui/text';
import { Spinner } from '../../ui/spinner';
import { shareLink, useCreateShare, useEmailShare, useRevokeShare, useShares } from './api/shares';
import { useShareFollow } from './use-share-follow';

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : it.common.serverError);

/**
 * 'Condividi con il cliente' (docs/adr/0133-customer-link.md): the quotation's customer links, made on this device and sent
 * by WhatsApp, email, the device's share sheet or a copy; what the customer did through each, followed
 * live while one is open; revoking. Shown once the quotation has its code (the credit check recorded).
 */
export function SharePanel({ proposal }: { proposal: Proposal }) {
  const id = proposal.id;
  const { data: shares, error } = useShares(id);
  const create = useCreateShare(id);
  const pending = usePendingWrites().filter((e) => e.method === 'POST' && e.path === `quotations/${id}/share`);
  const active = (shares ?? []).filter((s) => s.state === 'active');
  const past = (shares ?? []).filter((s) => s.state !== 'active');
  useShareFollow(id, active.length > 0);
  const expired = proposalValidUntil(new Date(proposal.created_at)).getTime() <= Date.now();
  const closed = proposal.status === 'LOST' || !proposal.stillValid || expired;
  // One revoke prompt for the panel, not one per link's card: a confirmed revoke removes the card, and the
  // prompt outlives it while it closes.
  const { ask, element: prompt } = useConfirm();

  return (
    <section className="share-panel" data-testid="share-panel" aria-labelledby="share-title">
      <h2 id="share-title">
        <Icon icon={linkIcon} /> {it.quotation.share.title}
      </h2>
      <p className="muted">{it.quotation.share.intro}</p>
      {error && !shares && (
        <Note color="danger" role="alert">
          {errorText(error)}
        </Note>
      )}
      {active.map((s) => (
        <ShareCard key={s.id} proposal={proposal} share={s} ask={ask} />
      ))}
      {pending.map((e) => (
        <div key={e.clientId} className="share-card share-card-pending" data-testid="share-queued">
          {e.status === 'rejected' ? (
            <>
              <Note color="danger" role="alert">
                {it.quotation.share.rejected(e.error ?? it.common.serverError)}
              </Note>
              <Button size="small" fill="clear" onClick={() => void import('../../offline').then((m) => m.outbox.discard(e.clientId))}>
                {it.quotation.share.discard}
              </Button>
            </>
          ) : (
            <p role="status">{it.quotation.share.queued}</p>
          )}
        </div>
      ))}
      {expired && active.length === 0 && <p className="muted">{it.quotation.share.expired}</p>}
      {!closed && (
        <Button fill={active.length ? 'outline' : 'solid'} data-testid="share-create" disabled={create.isPending} onClick={() => create.mutate(undefined)}>
          {create.isPending ? <Spinner name="dots" /> : active.length ? it.quotation.share.createAnother : it.quotation.share.create}
        </Button>
      )}
      {create.error && (
        <Note color="danger" role="alert">
          {errorText(create.error)}
        </Note>
      )}
      {past.length > 0 && (
        <details className="share-history" data-testid="share-history">
          <summary>{it.quotation.share.history}</summary>
          <ul>
            {past.map((s) => (
              <li key={s.id} data-share-state={s.state}>
                <strong>{it.quotation.share.states[s.state]}</strong> · {it.quotation.share.sentAt(formatDateIt(s.created_at))}
                <ShareFacts share={s} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {prompt}
    </section>
  );
}

/** What the customer did through one link. */
function ShareFacts({ share: s }: { share: QuotationShare }) {
  const t = it.quotation.share;
  return (
    <ul className="share-facts" data-testid="share-state">
      <li>{s.last_opened_at ? t.opened(formatDateTimeIt(s.last_opened_at), s.open_count) : t.notOpened}</li>
      {s.documents > 0 && <li>{t.documents(s.documents)}</li>}
      {s.accepted_at && (
        <li className="share-accepted" data-testid={s.signature ? 'share-signed' : undefined}>
          {(s.signature ? t.signed : t.accepted)(formatDateTimeIt(s.accepted_at), s.accepted_name ?? '')}
        </li>
      )}
      {s.emailed_at && <li>{t.emailed(formatDateTimeIt(s.emailed_at))}</li>}
    </ul>
  );
}

type ShareOptions = { title?: string; text?: string; url?: string; dialogTitle?: string };
/** The phone's share sheet: Capacitor's Share plugin in the native shells (loaded there only), else the Web Share API, else none. */
function deviceShare(): ((o: ShareOptions) => Promise<unknown>) | null {
  if (isNativeShell()) return (o) => import('@capacitor/share').then(({ Share }) => Share.share(o));
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') return (o) => navigator.share(o);
  return null;
}

function ShareCard({ proposal, share, ask }: { proposal: Proposal; share: QuotationShare; ask: (text: string) => Promise<boolean> }) {
  const t = it.quotation.share;
  const token = shareTokenFor(share.client_key);
  const { data: profile } = useProfile();
  const email = useEmailShare(proposal.id);
  const revoke = useRevokeShare(proposal.id);
  const [note, setNote] = useState<string | null>(null);
  const c = proposal.customer;
  const o = proposal.quotation.data.offer;
  const link = token ? shareLink(token) : null;
  const message = link
    ? shareMessage({
        customerName: c.business_name || c.first_name,
        car: `${o.brand} ${o.model}`.trim(),
        link,
        agentName: profile ? profile.business_name || profile.name : '',
      })
    : '';
  const native = deviceShare();

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setNote(t.copied);
    } catch {
      // No clipboard access (an insecure origin, a refused permission): the field is selected for a manual copy.
      (document.getElementById(`share-link-${share.id}`) as HTMLInputElement | null)?.select();
    }
  };

  return (
    <div className="share-card" data-testid="share-card" data-share-id={share.id}>
      <div className="share-card-head">
        <span className="share-pill" data-state={share.state}>
          {t.states[share.state]}
        </span>
        <span className="muted">
          {t.sentAt(formatDateIt(share.created_at))} · {t.expires(formatDateIt(share.expires_at))}
        </span>
      </div>
      {link ? (
        <>
          <label className="share-link">
            <span>{t.linkLabel}</span>
            <input id={`share-link-${share.id}`} readOnly value={link} data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <div className="share-actions">
            <Button size="small" href={whatsappUrl(c.phone, message)} target="_blank" rel="noopener" data-testid="share-whatsapp">
              <Icon icon={whatsappIcon} slot="start" />
              {t.whatsapp}
            </Button>
            <Button
              size="small"
              fill="outline"
              disabled={!c.email || email.isPending}
              title={c.email ? t.emailTo(c.email) : t.noEmail}
              data-testid="share-email"
              onClick={() =>
                email.mutate(
                  { ref: { id: share.id }, token: token ?? '' },
                  { onSuccess: (r) => setNote(r.state === 'sent' ? t.emailSent(c.email) : t.emailQueued) },
                )
              }
            >
              <Icon icon={mailIcon} slot="start" />
              {t.email}
            </Button>
            <Button size="small" fill="outline" data-testid="share-copy" onClick={() => void copy()}>
              <Icon icon={copyIcon} slot="start" />
              {t.copy}
            </Button>
            {native && (
              <Button
                size="small"
                fill="outline"
                data-testid="share-native"
                onClick={() => void native({ title: proposal.title, text: message, url: link, dialogTitle: t.title }).catch(() => undefined)}
              >
                <Icon icon={shareIcon} slot="start" />
                {t.shareSheet}
              </Button>
            )}
          </div>
        </>
      ) : (
        <p className="muted">{t.elsewhere}</p>
      )}
      <ShareFacts share={share} />
      {note && (
        <p className="share-note" role="status">
          {note}
        </p>
      )}
      {(email.error || revoke.error) && (
        <Note color="danger" role="alert">
          {errorText(email.error ?? revoke.error)}
        </Note>
      )}
      <Button
        size="small"
        fill="clear"
        color="danger"
        data-testid="share-revoke"
        disabled={revoke.isPending}
        onClick={async () => {
          if (await ask(t.revokeConfirm)) revoke.mutate({ id: share.id }, { onSuccess: () => setNote(t.revoked) });
        }}
      >
        {t.revoke}
      </Button>
    </div>
  );
}
