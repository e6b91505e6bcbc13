// Signing through the customer's link with a one-time code (docs/adr/0060-signing-with-a-one-time-code.md):
// 'Accetta' sends a 6-digit code to the customer's e-mail on file; the acceptance carries it back. Only a
// salted hash of the code is stored, with the PDF it signs; a code lasts 10 minutes and allows 5 tries, and a
// link gets at most 5 codes an hour. What the acceptance records (time, IP, user agent, channel, the PDF's
// SHA-256) is written by share.ts and drawn on the PDF's last page (pdf-signature.ts).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { ShareCodeSent } from '@core/schemas/share';
import { maskEmail, newSignCode, SIGN_CODE, SIGN_MESSAGES, signCodeEmail } from '@core/signing';
import type { Db, Queryable } from '../../db/client';
import { shareCodes } from '../../db/schema';
import { AppError, conflict, invalid } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { Throttle } from '../../lib/throttle';
import type { ProposalPdfJobs } from './pdf-jobs';
import { offerOf, type ShareResolved } from './share-view';

const refuse = (message: string) => invalid({ code: [message] }, message);
const hashOf = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('base64url');

/** What a right code hands to the acceptance: the PDF it signs and how the code travelled. */
export type CheckedCode = { id: number; channel: 'email'; sentTo: string; pdfKey: string; pdf: Buffer; pdfSha256: string };

export class ShareSigning {
  private readonly codeThrottle: Throttle;

  constructor(
    private readonly db: Db,
    private readonly pdfJobs: ProposalPdfJobs,
  ) {
    this.codeThrottle = new Throttle(db, 3600_000);
  }

  /**
   * Sends a new code for the link's proposal as its PDF now is (409 while it is being made) to the
   * customer's address on file. A new code replaces the one before.
   */
  async send(r: ShareResolved, mailer: Mailer, now: Date): Promise<ShareCodeSent> {
    const email = r.row.customer.email?.trim();
    if (!email) throw refuse(SIGN_MESSAGES.noEmail);
    const pdfKey = r.row.pdfPath;
    if (!pdfKey) {
      await this.pdfJobs.pdfOf(r.row); // queues a quotation that has neither PDF nor job
      throw conflict(SIGN_MESSAGES.pdfPreparing);
    }
    const key = `share-code:${r.share.id}`;
    if (!(await this.codeThrottle.attempt({ [key]: SIGN_CODE.perHour }))) throw new AppError(429, SIGN_MESSAGES.tooManyCodes);
    const code = newSignCode(randomInt);
    const salt = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + SIGN_CODE.ttlMs);
    await this.db.insert(shareCodes).values({ shareId: r.share.id, codeHash: `${salt}$${hashOf(salt, code)}`, sentTo: email, pdfKey, expiresAt });
    const offer = await offerOf(this.db, r.row);
    const c = r.row.customer;
    const mail = signCodeEmail({
      customerName: c.business_name || `${c.first_name} ${c.last_name}`,
      car: offer ? `${offer.c.brand} ${offer.c.model}` : 'la tua auto',
      code,
      agentName: r.owner.businessName || r.owner.name,
    });
    await mailer.send({ to: email, ...mail, secrets: [code] });
    const used = await this.codeThrottle.peek(key);
    return { channel: 'email', sent_to: maskEmail(email), expires_at: expiresAt.toISOString(), resends_left: Math.max(0, SIGN_CODE.perHour - used) };
  }

  /**
   * The link's newest code against `code`: a try is taken first (atomically, so parallel guesses share the
   * five), then compared. Refused with the reason in Italian: none asked for, expired, wrong (with the
   * tries left), too many tries, or a proposal whose PDF changed since the code was sent.
   */
  async check(r: ShareResolved, code: string, now: Date): Promise<CheckedCode> {
    const [last] = await this.db.select().from(shareCodes).where(eq(shareCodes.shareId, r.share.id)).orderBy(desc(shareCodes.id)).limit(1);
    if (!last || last.usedAt) throw refuse(SIGN_MESSAGES.notRequested);
    if (last.attempts >= SIGN_CODE.maxTries) throw refuse(SIGN_MESSAGES.tooManyTries);
    if (last.expiresAt.getTime() <= now.getTime()) throw refuse(SIGN_MESSAGES.expired);
    const [taken] = await this.db
      .update(shareCodes)
      .set({ attempts: sql`${shareCodes.attempts} + 1` })
      .where(sql`${shareCodes.id} = ${last.id} and ${shareCodes.attempts} < ${SIGN_CODE.maxTries}`)
      .returning({ attempts: shareCodes.attempts });
    if (!taken) throw refuse(SIGN_MESSAGES.tooManyTries);
    const [salt = '', hash = ''] = last.codeHash.split('$');
    if (!sameText(hashOf(salt, code), hash)) {
      const left = SIGN_CODE.maxTries - taken.attempts;
      throw refuse(left > 0 ? SIGN_MESSAGES.wrong(left) : SIGN_MESSAGES.tooManyTries);
    }
    if (r.row.pdfPath !== last.pdfKey) throw refuse(SIGN_MESSAGES.changed);
    const pdf = await this.pdfJobs.pdfOf(r.row);
    if (!pdf) throw refuse(SIGN_MESSAGES.changed);
    return {
      id: last.id,
      channel: last.channel,
      sentTo: last.sentTo,
      pdfKey: last.pdfKey,
      pdf,
      pdfSha256: createHash('sha256').update(pdf).digest('hex'),
    };
  }

  /** Marks the code used, in the acceptance's transaction. */
  async use(tx: Queryable, codeId: number) {
    await tx
      .update(shareCodes)
      .set({ usedAt: sql`now()` })
      .where(eq(shareCodes.id, codeId));
  }
}

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
