import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { MESSAGES } from '@core/i18n-messages';
import type { Db } from '../../db/client';
import { loginAttempts, oneTimeTokens, users } from '../../db/schema';
import type { Config } from '../../config';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { refuseCommonPassword } from '../../lib/password-policy';
import { Throttle } from '../../lib/throttle';
import type { TokenPair, TokenService } from './tokens';

const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 30;
const ACTIVATION_TTL_MS = 7 * 24 * 3600 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
/** Reset emails per account per hour: the form cannot be used to flood someone's inbox. */
const MAX_RESET_MAILS_PER_HOUR = 3;
const SSO_MAX_LIFETIME_S = 300;

type Purpose = 'activation' | 'password_reset' | 'sso';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly config: Config,
  ) {
    this.throttle = new Throttle(db, LOCKOUT_WINDOW_MS);
    this.resetMails = new Throttle(db, 60 * 60 * 1000);
  }

  private readonly throttle: Throttle;
  private readonly resetMails: Throttle;

  async login(emailInput: string, password: string, ip: string): Promise<{ userId: number; tokens: TokenPair }> {
    const email = emailInput.trim().toLowerCase();
    const keys = [`login-email:${email}`, `login-ip:${ip}`];
    // Counted before the check, atomically: parallel guesses cannot all pass the limit (lib/throttle.ts).
    const limits = { [keys[0]!]: MAX_FAILURES_PER_EMAIL, [keys[1]!]: MAX_FAILURES_PER_IP };
    if (!(await this.throttle.attempt(limits))) throw tooManyRequests(MESSAGES.tooManyLoginAttempts, await this.throttle.retryAfter(limits));

    const [user] = await this.db.select().from(users).where(eq(users.email, email));
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    await this.db.insert(loginAttempts).values({ email, ip, success: ok });
    if (ok) await this.throttle.giveBack(keys);
    // An invited agent who has not activated the account yet has no password to check: tell them what to do
    // instead of the generic refusal (docs/adr/0058-pending-account-at-sign-in.md). Counted as a failure all the same.
    if (user?.status === 'PENDING_ACTIVATION' && user.passwordHash === null) throw forbidden(MESSAGES.accountPending);
    if (!user || !ok) throw new AppError(401, MESSAGES.invalidCredentials);
    if (user.status === 'SUSPENDED') throw forbidden(MESSAGES.accountSuspended);
    if (user.status === 'PENDING_ACTIVATION') throw forbidden(MESSAGES.accountPending);
    return { userId: user.id, tokens: await this.tokens.startSession(user.id) };
  }

  async logout(familyId: string | null) {
    if (familyId) await this.tokens.revokeFamily(familyId, 'logout');
  }

  /**
   * Creates a single-use token and returns it in clear (for the emailed link). Only the newest
   * activation or reset link of a user works: issuing one retires the earlier ones.
   */
  async issueOneTimeToken(purpose: Purpose, userId: number | null, ttlMs: number): Promise<string> {
    const token = randomToken();
    if (userId !== null) await this.retireOneTimeTokens(purpose, userId);
    await this.db.insert(oneTimeTokens).values({ tokenHash: sha256(token), purpose, userId, expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  }

  /** Marks every unused link of this kind of the user as used (they stop working). */
  async retireOneTimeTokens(purpose: Purpose, userId: number) {
    await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  }

  private async findOneTimeToken(purpose: Purpose, token: string) {
    const [row] = await this.db
      .select()
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.tokenHash, sha256(token)),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, new Date()),
        ),
      );
    return row ?? null;
  }

  /** Marks a token used; false when another request used it first. */
  private async consume(token: string): Promise<boolean> {
    const used = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.tokenHash, sha256(token)), isNull(oneTimeTokens.usedAt)))
      .returning({ h: oneTimeTokens.tokenHash });
    return used.length === 1;
  }

  async sendActivation(userId: number) {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    const token = await this.issueOneTimeToken('activation', userId, ACTIVATION_TTL_MS);
    await this.mailer.send({
      to: user.email,
      subject: 'Attiva il tuo account sul Portale Noleggio',
      text: `Ciao ${user.name || user.businessName},\n\nper attivare il tuo account apri questo link e scegli la tua password:\n${this.config.publicUrl}/account/activate/${token}\n\nIl link scade tra 7 giorni.`,
    });
  }

  async checkActivation(token: string): Promise<{ email: string }> {
    const row = await this.findOneTimeToken('activation', token);
    const [user] = row?.userId ? await this.db.select().from(users).where(eq(users.id, row.userId)) : [];
    if (!row || !user || user.status !== 'PENDING_ACTIVATION') throw new AppError(404, MESSAGES.invalidToken);
    return { email: user.email };
  }

  async activate(token: string, password: string): Promise<{ userId: number; tokens: TokenPair }> {
    refuseCommonPassword(password, 'password');
    const row = await this.findOneTimeToken('activation', token);
    if (!row?.userId || !(await this.consume(token))) throw new AppError(404, MESSAGES.invalidToken);
    const updated = await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), status: 'ACTIVATED', termsAccepted: true, updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.status, 'PENDING_ACTIVATION')))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError(404, MESSAGES.invalidToken);
    return { userId: row.userId, tokens: await this.tokens.startSession(row.userId) };
  }

  /**
   * Always answers the same way and in the same time, so the form cannot be used to find out who
   * has an account: the answer goes out before any work that depends on the address (the lookup,
   * the link, the mail), which runs afterwards; `onError` hears of its failures.
   */
  forgotPassword(emailInput: string, onError: (err: unknown) => void) {
    const job = this.sendResetLink(emailInput.trim().toLowerCase()).catch(onError);
    this.background.add(job);
    void job.finally(() => this.background.delete(job));
  }

  /** Settles when the work started after earlier answers (reset mails) is done: for shutdown and tests. */
  async idle() {
    await Promise.allSettled([...this.background]);
  }

  private readonly background = new Set<Promise<unknown>>();

  private async sendResetLink(email: string) {
    const [user] = await this.db.select().from(users).where(eq(users.email, email));
    if (!user || user.status !== 'ACTIVATED') return;
    // Past the limit no mail is sent, and the latest link keeps working (counted atomically: the
    // requests' work runs in parallel after their answers).
    if (!(await this.resetMails.attempt({ [`reset-mail:${user.id}`]: MAX_RESET_MAILS_PER_HOUR }))) return;
    const token = await this.issueOneTimeToken('password_reset', user.id, RESET_TTL_MS);
    await this.mailer.send({
      to: user.email,
      subject: 'Recupero password del Portale Noleggio',
      text: `Ciao ${user.name || user.businessName},\n\nabbiamo ricevuto una richiesta di recupero della password. Per sceglierne una nuova apri questo link:\n${this.config.publicUrl}/account/password/${token}\n\nIl link scade tra un'ora. Se non hai chiesto tu il recupero, ignora questa email. Un link richiesto prima di questo non funziona più.`,
    });
  }

  async resetPassword(token: string, password: string) {
    refuseCommonPassword(password, 'password');
    const row = await this.findOneTimeToken('password_reset', token);
    if (!row?.userId || !(await this.consume(token))) throw new AppError(404, MESSAGES.invalidToken);
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    // A reset means the old password may be known to someone else: every session and API key ends.
    await this.tokens.revokeAccess(row.userId, 'password reset');
  }

  /**
   * Single sign-on: the identity provider signs a JWT (HS256, shared secret SSO_SECRET) with
   * iss = SSO_ISSUER, sub = the agent's email, a unique jti and at most 5 minutes of life.
   * Each jti is accepted once.
   */
  async ssoLogin(token: string): Promise<{ userId: number; tokens: TokenPair }> {
    if (!this.config.sso.enabled) throw forbidden(MESSAGES.ssoDisabled);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(this.config.sso.secret), {
        algorithms: ['HS256'],
        issuer: this.config.sso.issuer,
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      }));
    } catch {
      throw unauthorized(MESSAGES.ssoInvalid);
    }
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > SSO_MAX_LIFETIME_S) throw unauthorized(MESSAGES.ssoInvalid);
    const jtiHash = sha256(`sso:${payload.jti}`);
    const inserted = await this.db
      .insert(oneTimeTokens)
      .values({ tokenHash: jtiHash, purpose: 'sso', userId: null, expiresAt: new Date((payload.exp ?? 0) * 1000), usedAt: new Date() })
      .onConflictDoNothing()
      .returning({ h: oneTimeTokens.tokenHash });
    if (inserted.length === 0) throw unauthorized(MESSAGES.ssoInvalid);
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(users.email, String(payload.sub).toLowerCase()));
    if (!user) throw unauthorized(MESSAGES.ssoInvalid);
    if (user.status === 'SUSPENDED') throw forbidden(MESSAGES.accountSuspended);
    if (user.status === 'PENDING_ACTIVATION') {
      // Signing on through the identity provider proves the address: the account becomes active.
      await this.db.update(users).set({ status: 'ACTIVATED' }).where(eq(users.id, user.id));
    }
    return { userId: user.id, tokens: await this.tokens.startSession(user.id) };
  }

  async acceptTerms(userId: number) {
    await this.db.update(users).set({ termsAccepted: true, updatedAt: new Date() }).where(eq(users.id, userId));
  }
}
