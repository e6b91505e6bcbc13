import { and, eq, isNull, ne } from 'drizzle-orm';
import { MESSAGES } from '@core/i18n-messages';
import type { ApiKey, LandingPage, Preferences, ProfileUpdate } from '@core/schemas/account';
import { LOGO_MAX_BYTES } from '@core/schemas/account';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { apiKeys, landingPages, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { forbidden, invalid, notFound, tooManyRequests } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { refuseCommonPassword } from '../../lib/password-policy';
import { Throttle } from '../../lib/throttle';
import type { TokenService } from '../auth/tokens';
import { sniffImage } from '../../lib/images';
import type { FileStore } from '../../lib/storage';
import { logoUrl } from '../agents/profile';

/** Postgres unique violation: two requests raced for the same email. */
export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

export const API_KEY_PREFIX = 'pnk_';

/** Wrong current passwords allowed per user in the throttle's window (as the login's per address). */
const MAX_PASSWORD_CHECKS = 5;
const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000;

export class AccountService {
  private readonly throttle: Throttle;
  constructor(
    private readonly db: Db,
    private readonly uploads: FileStore,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly config: Config,
  ) {
    this.throttle = new Throttle(db, PASSWORD_CHECK_WINDOW_MS);
  }

  async emailTaken(email: string, exceptUserId: number | null): Promise<boolean> {
    const where = exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email);
    const rows = await this.db.select({ id: users.id }).from(users).where(where);
    return rows.length > 0;
  }

  /**
   * The login email is the key to the account (a reset link goes to it): changing it needs the
   * current password and a personal login (not an API key), and the old address is told.
   */
  async updateProfile(auth: AuthContext, input: Required<ProfileUpdate>) {
    const { user } = auth;
    const email = input.email.toLowerCase();
    const emailChanged = email !== user.email;
    if (emailChanged) {
      if (auth.via !== 'token') throw forbidden(MESSAGES.emailChangeNeedsLogin);
      if (await this.emailTaken(email, user.id)) throw invalid({ email: [MESSAGES.emailTaken] });
      if (!input.current_password) throw invalid({ current_password: [MESSAGES.currentPasswordRequired] });
      await this.checkCurrentPassword(user.id, input.current_password, 'current_password');
    }
    try {
      await this.db
        .update(users)
        .set({
          businessName: input.business_name,
          name: input.name,
          email,
          phone: input.phone,
          title: input.title,
          contactInfo: input.contact_info,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ email: [MESSAGES.emailTaken] });
      throw err;
    }
    if (!emailChanged) return;
    await this.mailer.send({
      to: user.email,
      subject: 'Email di accesso cambiata sul Portale Noleggio',
      text: `Ciao ${user.name || user.businessName},\n\nl'email di accesso del tuo account sul Portale Noleggio è stata cambiata da ${user.email} a ${email}. Da ora accedi e ricevi le comunicazioni del portale al nuovo indirizzo.\n\nSe non sei stato tu, scrivi subito a ${this.config.support.email} o chiama ${this.config.support.phone}.`,
    });
  }

  /**
   * Checks the current password, at most 5 wrong ones per user in 15 minutes (counted atomically,
   * as the login's: lib/throttle.ts), so a stolen session cannot be used to guess it.
   */
  private async checkCurrentPassword(userId: number, password: string, field: string) {
    const key = `password-check:${userId}`;
    const limits = { [key]: MAX_PASSWORD_CHECKS };
    if (!(await this.throttle.attempt(limits))) throw tooManyRequests(MESSAGES.tooManyPasswordAttempts, await this.throttle.retryAfter(limits));
    const [row] = await this.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound();
    if (!(await verifyPassword(password, row.hash))) throw invalid({ [field]: [MESSAGES.currentPasswordWrong] });
    await this.throttle.giveBack([key]);
  }

  /**
   * Checks the current password, sets the new one and ends every other login of the user and
   * their API key (docs/adr/0101-passwords-and-credential-changes.md): whoever knew the old password may have made either.
   */
  async changePassword(userId: number, currentFamily: string | null, current: string, next: string) {
    // PasswordChangeSchema refuses it too; here for every caller of the service.
    if (next === current) throw invalid({ new_password: [MESSAGES.passwordSame] });
    refuseCommonPassword(next, 'new_password');
    await this.checkCurrentPassword(userId, current, 'password');
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await this.tokens.revokeAccess(userId, 'password changed', currentFamily);
  }

  /** A new personal key: returned in clear once, stored as sha256 with a short readable prefix; the old one stops working. */
  async createApiKey(userId: number): Promise<ApiKey> {
    const apiKey = `${API_KEY_PREFIX}${randomToken(32)}`;
    const prefix = apiKey.slice(0, 10);
    const createdAt = new Date();
    await this.db.transaction(async (tx) => {
      await tx
        .update(apiKeys)
        .set({ revokedAt: createdAt })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      await tx.insert(apiKeys).values({ userId, keyHash: sha256(apiKey), prefix, createdAt });
    });
    return { apiKey, prefix, created_at: createdAt.toISOString() };
  }

  /** Revokes the user's active key; false when there was none (revoking is idempotent). */
  async revokeApiKey(userId: number): Promise<boolean> {
    const revoked = await this.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return revoked.length > 0;
  }

  async setPreferences(userId: number, current: { name: string; value: string }[], prefs: Preferences) {
    const next = [...current.filter((p) => p.name !== 'theme'), { name: 'theme', value: prefs.theme }];
    await this.db.update(users).set({ preferences: next, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async getLanding(userId: number): Promise<Required<LandingPage>> {
    const [row] = await this.db.select().from(landingPages).where(eq(landingPages.userId, userId));
    return {
      enabled: row?.enabled ?? false,
      title: row?.title ?? '',
      intro: row?.intro ?? '',
      contact_email: row?.contactEmail ?? '',
      contact_phone: row?.contactPhone ?? '',
    };
  }

  async setLanding(userId: number, v: Required<LandingPage>) {
    const values = { enabled: v.enabled, title: v.title, intro: v.intro, contactEmail: v.contact_email, contactPhone: v.contact_phone, updatedAt: new Date() };
    await this.db
      .insert(landingPages)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: landingPages.userId, set: values });
  }

  async publicLanding(code: string) {
    const [row] = await this.db
      .select({ user: users, page: landingPages })
      .from(landingPages)
      .innerJoin(users, eq(users.id, landingPages.userId))
      .where(and(eq(users.code, code), eq(landingPages.enabled, true), eq(users.status, 'ACTIVATED')));
    if (!row) throw notFound();
    return {
      code: row.user.code,
      business_name: row.user.businessName || row.user.name,
      title: row.page.title,
      intro: row.page.intro,
      contact_email: row.page.contactEmail,
      contact_phone: row.page.contactPhone,
      logo: logoUrl(row.user),
    };
  }

  /** Checks the uploaded bytes (type by content, size) and stores the logo under a generated name. */
  async setLogo(userId: number, data: Buffer) {
    if (data.length > LOGO_MAX_BYTES) throw invalid({ logo: [MESSAGES.imageTooBig] });
    const kind = sniffImage(data);
    if (!kind) throw invalid({ logo: [MESSAGES.imageOnly] });
    const key = await this.uploads.save('logos', data, kind);
    await this.db.update(users).set({ logo: key, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  /** Removes the logo: the portal's own shows again. The stored file is left to the store (its key is no longer named). */
  async removeLogo(userId: number) {
    await this.db.update(users).set({ logo: null, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async logoOf(code: string): Promise<{ data: Buffer; contentType: string } | null> {
    const [user] = await this.db.select({ logo: users.logo }).from(users).where(eq(users.code, code));
    if (!user?.logo) return null;
    const data = await this.uploads.read(user.logo);
    const kind = data ? sniffImage(data) : null;
    return data && kind ? { data, contentType: kind.contentType } : null;
  }
}
