// The customer's link to a quotation (docs/adr/0133-customer-link.md, core/share.ts): the agent creates, lists, revokes and
// emails links; the customer, with the token alone, sees the proposal, downloads its PDF, uploads the
// documents and accepts it. Only the token's SHA-256 is stored; a wrong, expired or revoked token gets
// one neutral 404; every customer action is announced to the agent's open quotation page (NOTIFY).
import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { formatDateIt } from '@core/format';
import { MESSAGES } from '@core/i18n-messages';
import type { PushPayload } from '@core/push';
import { EXPIRED_OFFER_MESSAGE, proposalTitle } from '@core/quotation';
import type { PublicProposal, QuotationShare, ShareAccept, ShareCodeSent } from '@core/schemas/share';
import { isShareToken, proposalValidUntil, shareEmail, sharePath, shareState } from '@core/share';
import { SIGN_MESSAGES } from '@core/signing';
import type { Database, Db } from '../../db/client';
import { quotationDocuments, quotations, quotationShares, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { sha256 } from '../../lib/crypto';
import { conflict, invalid, notFound, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { Throttle } from '../../lib/throttle';
import type { QuotationDocuments } from './documents';
import type { ProposalPdfJobs } from './pdf-jobs';
import type { ProposalPresenter } from './presenter';
import type { QuotationRow } from './shared';
import { ShareSigning } from './share-signing';
import { customerView, offerOf, presentShare, type ShareResolved, type ShareRow } from './share-view';

/** NOTIFY channel of what customers do through their links: payload `{ id, kind, at }` (the quotation's id). */
export const QUOTATION_ACTIVITY_CHANNEL = 'quotation_activity';
export type ActivityKind = 'opened' | 'document' | 'accepted';

/** Links a quotation may have open at once: enough for every way of sending one, not a flood. */
export const MAX_ACTIVE_SHARES = 10;
/** A visit is counted once, however often the page reloads or polls within this time. */
const VISIT_GAP_MS = 10 * 60_000;
/** Emails of one link per hour. */
const EMAILS_PER_HOUR = 5;

/**
 * The public routes' limits per client IP, in a 15-minute window: requests of any kind, and tokens
 * that lead nowhere (guessing). Past either, the IP gets 429 before any token is looked at.
 */
export const SHARE_LIMITS = { windowMs: 15 * 60_000, requestsPerIp: 300, missesPerIp: 20 } as const;

/**
 * What one link may upload (docs/adr/0054-customer-link-uploads.md): documents in all (of the quotation's
 * MAX_DOCUMENTS_PER_QUOTATION) and in an hour. A customer uploads a handful; more is someone else with the link.
 */
export const SHARE_UPLOADS = { perLink: 15, perHour: 10 } as const;
export const SHARE_UPLOAD_MESSAGES = {
  perLink: `Con questo link sono già stati caricati ${SHARE_UPLOADS.perLink} documenti: per caricarne altri contatta il tuo consulente`,
  perHour: 'Hai caricato molti documenti in poco tempo: riprova tra un’ora',
} as const;

/** The one answer for a token that is wrong, expired or revoked: nothing says which. */
export const shareGone = () => notFound(MESSAGES.invalidToken);

const CLOSED = 'Questa proposta non è più attiva: per informazioni contatta il tuo consulente';
const CHANGED = 'L’offerta di questa proposta è cambiata: contatta il tuo consulente per una nuova proposta';

type Resolved = ShareResolved;

export class QuotationShares {
  private readonly db: Db;
  private readonly ipThrottle: Throttle;
  private readonly mailThrottle: Throttle;
  private readonly uploadThrottle: Throttle;
  private readonly signing: ShareSigning;

  constructor(
    private readonly database: Database,
    private readonly deps: {
      presenter: ProposalPresenter;
      documents: QuotationDocuments;
      pdfJobs: ProposalPdfJobs;
      find: (auth: AuthContext, id: string) => Promise<QuotationRow>;
      /** Told of what the customer does, with the quotation's agent (their devices' notifications). */
      onActivity?: (userId: number, payload: PushPayload) => void;
    },
  ) {
    this.db = database.db;
    this.ipThrottle = new Throttle(this.db, SHARE_LIMITS.windowMs);
    this.mailThrottle = new Throttle(this.db, 3600_000);
    this.uploadThrottle = new Throttle(this.db, 3600_000);
    this.signing = new ShareSigning(this.db, deps.pdfJobs);
  }

  // ------------------------------------------------------------------------------ the agent's side

  async list(auth: AuthContext, id: string): Promise<QuotationShare[]> {
    const row = await this.deps.find(auth, id);
    return this.sharesOf([row.id]).then((m) => m.get(row.id) ?? []);
  }

  /** The links of some quotations with what the customer did through each, newest first. */
  async sharesOf(quotationIds: number[]): Promise<Map<number, QuotationShare[]>> {
    const out = new Map<number, QuotationShare[]>();
    if (!quotationIds.length) return out;
    const docs = this.db
      .select({ shareId: quotationDocuments.shareId, n: count().as('n'), last: max(quotationDocuments.createdAt).as('last') })
      .from(quotationDocuments)
      .where(inArray(quotationDocuments.quotationId, quotationIds))
      .groupBy(quotationDocuments.shareId)
      .as('docs');
    const rows = await this.db
      .select({ s: quotationShares, n: docs.n, last: docs.last })
      .from(quotationShares)
      .leftJoin(docs, eq(docs.shareId, quotationShares.id))
      .where(inArray(quotationShares.quotationId, quotationIds))
      .orderBy(sql`${quotationShares.createdAt} desc`, sql`${quotationShares.id} desc`);
    const now = new Date();
    for (const { s, n, last } of rows) {
      const list = out.get(s.quotationId) ?? [];
      list.push(presentShare(s, Number(n ?? 0), last ? new Date(last as unknown as string) : null, now));
      out.set(s.quotationId, list);
    }
    return out;
  }

  /**
   * A new link for a quotation with its code (the credit check recorded), not rejected, within its
   * validity and with its offer unchanged. The token comes from the agent's device; a replay of the
   * same write (its Idempotency-Key) returns the link it made.
   */
  async create(auth: AuthContext, id: string, token: string, clientKey?: string): Promise<QuotationShare> {
    const row = await this.deps.find(auth, id);
    if (clientKey) {
      const [made] = await this.db
        .select()
        .from(quotationShares)
        .where(and(eq(quotationShares.quotationId, row.id), eq(quotationShares.clientKey, clientKey)));
      if (made) return (await this.one(made.id))!;
    }
    const refuse = (message: string) => invalid({ quotation: [message] }, message);
    if (!row.code) throw refuse('Il preventivo si può condividere con il cliente dopo il credit check');
    if (row.status === 'LOST') throw refuse('Il preventivo è stato rifiutato: non si può condividere');
    const expiresAt = proposalValidUntil(row.createdAt);
    if (expiresAt.getTime() <= Date.now()) throw refuse('Il preventivo è scaduto: crea un nuovo preventivo per condividerlo');
    if (!(await this.deps.presenter.stillValid(row))) throw refuse(EXPIRED_OFFER_MESSAGE);
    const [open] = await this.db
      .select({ n: count() })
      .from(quotationShares)
      .where(and(eq(quotationShares.quotationId, row.id), isNull(quotationShares.revokedAt), gt(quotationShares.expiresAt, new Date())));
    if ((open?.n ?? 0) >= MAX_ACTIVE_SHARES) throw refuse(`Questo preventivo ha già ${MAX_ACTIVE_SHARES} link attivi: revoca quelli che non servono più`);
    const tokenHash = sha256(token);
    const [made] = await this.db
      .insert(quotationShares)
      .values({ quotationId: row.id, tokenHash, createdBy: auth.user.id, clientKey: clientKey ?? null, expiresAt })
      .onConflictDoNothing()
      .returning({ id: quotationShares.id });
    // A token already in use (never by chance: 256 random bits) is refused rather than shared by two links.
    if (!made) throw invalid({ token: ['Il link non è valido'] }, 'Il link non è valido');
    return (await this.one(made.id))!;
  }

  /** Revoking takes effect at once (every public call checks it); revoking again changes nothing. */
  async revoke(auth: AuthContext, id: string, shareId: number): Promise<QuotationShare> {
    const share = await this.ownShare(auth, id, shareId);
    await this.db
      .update(quotationShares)
      .set({ revokedAt: sql`coalesce(${quotationShares.revokedAt}, now())` })
      .where(eq(quotationShares.id, share.id));
    return (await this.one(share.id))!;
  }

  /** Emails the link to the customer's address on file. The token comes from the device that made the link. */
  async email(auth: AuthContext, id: string, shareId: number, token: string, mailer: Mailer, publicUrl: string): Promise<QuotationShare> {
    const share = await this.ownShare(auth, id, shareId);
    if (!sameHash(sha256(token), share.tokenHash))
      throw invalid({ token: ['Il link non corrisponde a questo invio'] }, 'Il link non corrisponde a questo invio');
    if (shareState(share) !== 'active')
      throw invalid({ share: ['Il link è scaduto o revocato: creane uno nuovo'] }, 'Il link è scaduto o revocato: creane uno nuovo');
    const [row] = await this.db.select().from(quotations).where(eq(quotations.id, share.quotationId));
    const customer = row!.customer;
    if (!customer.email) throw invalid({ email: ['Il cliente non ha un indirizzo email'] }, 'Il cliente non ha un indirizzo email');
    const mailLimit = { [`share-mail:${share.id}`]: EMAILS_PER_HOUR };
    if (!(await this.mailThrottle.attempt(mailLimit))) {
      throw tooManyRequests('Hai già inviato questo link più volte: riprova tra un’ora', await this.mailThrottle.retryAfter(mailLimit));
    }
    const [owner] = await this.db.select().from(users).where(eq(users.id, row!.ownerId));
    const offer = await offerOf(this.db, row!);
    const link = `${publicUrl.replace(/\/+$/, '')}${sharePath(token)}`;
    const mail = shareEmail({
      customerName: customer.business_name || `${customer.first_name} ${customer.last_name}`,
      car: offer ? `${offer.c.brand} ${offer.c.model}` : 'la tua auto',
      link,
      agentName: owner ? owner.businessName || owner.name : '',
      agentContacts: owner ? [owner.email, owner.phone].filter(Boolean).join(' · ') : '',
      validUntil: formatDateIt(share.expiresAt.toISOString()),
    });
    await mailer.send({ to: customer.email, ...mail, secrets: [token] });
    await this.db.update(quotationShares).set({ emailedAt: new Date() }).where(eq(quotationShares.id, share.id));
    return (await this.one(share.id))!;
  }

  private async ownShare(auth: AuthContext, id: string, shareId: number): Promise<ShareRow> {
    const row = await this.deps.find(auth, id);
    const [share] = await this.db
      .select()
      .from(quotationShares)
      .where(and(eq(quotationShares.id, shareId), eq(quotationShares.quotationId, row.id)));
    if (!share) throw notFound('Link non trovato');
    return share;
  }

  private async one(shareId: number): Promise<QuotationShare | null> {
    const [s] = await this.db.select({ q: quotationShares.quotationId }).from(quotationShares).where(eq(quotationShares.id, shareId));
    if (!s) return null;
    return (await this.sharesOf([s.q])).get(s.q)?.find((x) => x.id === shareId) ?? null;
  }

  // ------------------------------------------------------------------------------ the customer's side

  /**
   * Counts the request against its IP's limits; 429 past them, before the token is looked at. Called
   * first by every public route (share-routes.ts).
   */
  async admit(ip: string) {
    const misses = { [`share-miss:${ip}`]: SHARE_LIMITS.missesPerIp };
    if ((await this.ipThrottle.peek(`share-miss:${ip}`)) >= SHARE_LIMITS.missesPerIp) throw await this.tooMany(misses);
    const requests = { [`share-ip:${ip}`]: SHARE_LIMITS.requestsPerIp };
    if (!(await this.ipThrottle.attempt(requests))) throw await this.tooMany(requests);
  }

  /** The link's quotation and agent, or the neutral 404 (a miss counted against the IP). */
  private async resolve(token: string, ip: string): Promise<Resolved> {
    const found = isShareToken(token)
      ? (
          await this.db
            .select({ share: quotationShares, row: quotations, owner: users })
            .from(quotationShares)
            .innerJoin(quotations, eq(quotations.id, quotationShares.quotationId))
            .innerJoin(users, eq(users.id, quotations.ownerId))
            .where(
              and(
                eq(quotationShares.tokenHash, sha256(token)),
                isNull(quotationShares.revokedAt),
                gt(quotationShares.expiresAt, sql`now()`),
                eq(users.status, 'ACTIVATED'),
              ),
            )
        )[0]
      : undefined;
    if (!found) {
      await this.ipThrottle.take([`share-miss:${ip}`]);
      throw shareGone();
    }
    return found;
  }

  /** GET share/{token}: the proposal as the customer sees it; a visit is recorded and announced. */
  async view(token: string, ip: string): Promise<PublicProposal> {
    const r = await this.resolve(token, ip);
    const counted = await this.db
      .update(quotationShares)
      .set({
        openCount: sql`${quotationShares.openCount} + 1`,
        lastOpenedAt: sql`now()`,
        firstOpenedAt: sql`coalesce(${quotationShares.firstOpenedAt}, now())`,
      })
      .where(
        and(
          eq(quotationShares.id, r.share.id),
          sql`(${quotationShares.lastOpenedAt} is null or ${quotationShares.lastOpenedAt} < now() - make_interval(secs => ${VISIT_GAP_MS / 1000}))`,
        ),
      )
      .returning({ id: quotationShares.id });
    if (counted.length) await this.announce(r.row, 'opened');
    return customerView(this.db, this.deps.presenter, r);
  }

  /** GET share/{token}/pdf: the proposal's PDF; 409 while it is still being made. */
  async pdf(token: string, ip: string): Promise<{ pdf: Buffer; name: string }> {
    const r = await this.resolve(token, ip);
    const pdf = await this.deps.pdfJobs.pdfOf(r.row);
    if (!pdf) throw conflict('Il PDF della proposta è in preparazione, riprova tra qualche istante');
    return { pdf, name: `Preventivo-${r.row.code ?? r.row.id}.pdf` };
  }

  /** POST share/{token}/documents: one PDF for a slot, with exactly the agent upload's checks. */
  async upload(token: string, ip: string, readForm: () => Promise<{ fileType: string; file: { filename: string; data: Buffer } }>): Promise<PublicProposal> {
    const r = await this.resolve(token, ip);
    // Before the file is read (docs/adr/0054-customer-link-uploads.md): only while the proposal is open (not
    // accepted, not rejected) and its offer unchanged, and within the link's own limits.
    if (r.row.status !== 'OPEN') throw invalid({ quotation: [CLOSED] }, CLOSED);
    if (!(await this.deps.presenter.stillValid(r.row))) throw invalid({ quotation: [CHANGED] }, CHANGED);
    const [held] = await this.db.select({ n: count() }).from(quotationDocuments).where(eq(quotationDocuments.shareId, r.share.id));
    if ((held?.n ?? 0) >= SHARE_UPLOADS.perLink) throw invalid({ file: [SHARE_UPLOAD_MESSAGES.perLink] }, SHARE_UPLOAD_MESSAGES.perLink);
    const uploadLimit = { [`share-upload:${r.share.id}`]: SHARE_UPLOADS.perHour };
    if (!(await this.uploadThrottle.attempt(uploadLimit))) {
      throw tooManyRequests(SHARE_UPLOAD_MESSAGES.perHour, await this.uploadThrottle.retryAfter(uploadLimit));
    }
    const { fileType, file } = await readForm();
    await this.deps.documents.save(r.row, fileType, file, { shareId: r.share.id });
    await this.announce(r.row, 'document');
    return customerView(this.db, this.deps.presenter, r);
  }

  /** The proposal as it stands, refused when it can take no acceptance (closed, changed, documents missing); null once accepted. */
  private async acceptable(r: Resolved): Promise<PublicProposal | null> {
    const view = await customerView(this.db, this.deps.presenter, r);
    if (view.acceptance) return null;
    if (r.row.status !== 'OPEN' || !view.still_valid) {
      const message = view.still_valid ? CLOSED : CHANGED;
      throw invalid({ quotation: [message] }, message);
    }
    if (!view.can_accept) {
      const message = 'Carica tutti i documenti richiesti prima di accettare la proposta';
      throw invalid({ documents: [message] }, message);
    }
    return view;
  }

  /**
   * POST share/{token}/accept/code: 'Accetta' sends a one-time code to the customer's e-mail on file, for
   * the proposal's PDF as it now is (docs/adr/0060). An accepted proposal takes no more codes (409).
   */
  async requestCode(token: string, ip: string, mailer: Mailer, now: Date): Promise<ShareCodeSent> {
    const r = await this.resolve(token, ip);
    if (!(await this.acceptable(r))) throw conflict('La proposta è già stata accettata');
    return this.signing.send(r, mailer, now);
  }

  /**
   * POST share/{token}/accept: the customer accepts (name typed, consent given) and signs with the code from
   * their e-mail; time, IP, user agent, the code's channel and the SHA-256 of the PDF signed are recorded
   * with it, the quotation is won (spec §4: accepting sets WON, the tracker's outcome) and its PDF is made
   * again with the signature's page, in the same transaction (the PDF outbox, docs/adr/0011-pdf-outbox.md).
   * Accepting again answers the proposal as it is.
   */
  async accept(token: string, ip: string, userAgent: string, body: ShareAccept, now: Date): Promise<PublicProposal> {
    const r = await this.resolve(token, ip);
    const view = await this.acceptable(r);
    if (!view) return customerView(this.db, this.deps.presenter, r);
    const signed = await this.signing.check(r, body.code, now);
    const won = await this.db.transaction(async (tx) => {
      const [q] = await tx
        .update(quotations)
        // The PDF signed must still be the quotation's: a change meanwhile (the agent's edit) refuses the code.
        // The signed PDF replaces it, made again with the audit page; until then the links say 'in preparazione'.
        .set({ status: 'WON', version: sql`${quotations.version} + 1`, pdfPath: null, updatedAt: new Date() })
        .where(and(eq(quotations.id, r.row.id), eq(quotations.status, 'OPEN'), eq(quotations.pdfPath, signed.pdfKey)))
        .returning();
      if (!q) return null;
      await tx
        .update(quotationShares)
        .set({
          acceptedAt: now,
          acceptedName: body.name,
          acceptedConsent: body.consent,
          acceptedIp: ip.slice(0, 100),
          acceptedUserAgent: userAgent.slice(0, 500),
          acceptedChannel: signed.channel,
          acceptedSentTo: signed.sentTo,
          acceptedPdfKey: signed.pdfKey,
          acceptedPdfSha256: signed.pdfSha256,
        })
        .where(eq(quotationShares.id, r.share.id));
      await this.signing.use(tx, signed.id);
      await this.deps.pdfJobs.enqueue(tx, q.id, q.version);
      return q;
    });
    if (won) this.deps.pdfJobs.kick();
    // Another request (the agent, or a second link) changed it meanwhile: the proposal as it now is.
    if (!won) {
      const [current] = await this.db.select().from(quotations).where(eq(quotations.id, r.row.id));
      if (current!.status === 'OPEN') throw invalid({ code: [SIGN_MESSAGES.changed] }, SIGN_MESSAGES.changed);
      return customerView(this.db, this.deps.presenter, { ...r, row: current! });
    }
    await this.announce(r.row, 'accepted');
    return customerView(this.db, this.deps.presenter, { ...r, row: won });
  }

  private async tooMany(limits: Record<string, number>) {
    return tooManyRequests(MESSAGES.tooManyRequests, await this.ipThrottle.retryAfter(limits));
  }

  /** To the agent's open quotation page (NOTIFY) and to their devices (Web Push, docs/adr/0062). */
  private async announce(row: QuotationRow, kind: ActivityKind) {
    await this.database.notify(QUOTATION_ACTIVITY_CHANNEL, JSON.stringify({ id: row.id, kind, at: new Date().toISOString() }));
    const c = row.customer;
    this.deps.onActivity?.(row.ownerId, {
      kind,
      quotation: row.id,
      title: proposalTitle(row.id),
      customer: c.business_name || `${c.first_name} ${c.last_name}`.trim(),
    });
  }
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
