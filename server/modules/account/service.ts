import { and, eq, isNull, ne } from 'drizzle-orm';
import { MESSAGES } from '@core/i18n-messages';
import type { ApiKey, LandingPage, Preferences, ProfileUpdate } from '@core/schemas/account';
import { LOGO_MAX_BYTES } from '@core/schemas/account';
import type { Db } from '../../db/client';
import { apiKeys, landingPages, tokenFamilies, users } from '../../db/schema';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { invalid, notFound } from '../../lib/errors';
import { sniffImage, UploadStore } from '../../lib/images';
import { logoUrl } from '../agents/profile';

/** Postgres unique violation: two requests raced for the same email. */
export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

export const API_KEY_PREFIX = 'pnk_';

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadStore,
  ) {}

  async emailTaken(email: string, exceptUserId: number | null): Promise<boolean> {
    const where = exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email);
    const rows = await this.db.select({ id: users.id }).from(users).where(where);
    return rows.length > 0;
  }

  async updateProfile(userId: number, input: Required<ProfileUpdate>) {
    const email = input.email.toLowerCase();
    if (await this.emailTaken(email, userId)) throw invalid({ email: [MESSAGES.emailTaken] });
    try {
      await this.db
        .update(users)
        .set({ businessName: input.business_name, name: input.name, email, phone: input.phone, title: input.title, contactInfo: input.contact_info, updatedAt: new Date() })
        .where(eq(users.id, userId));
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ email: [MESSAGES.emailTaken] });
      throw err;
    }
  }

  /** Checks the current password, sets the new one and ends every other login of the user. */
  async changePassword(userId: number, currentFamily: string | null, current: string, next: string) {
    const [user] = await this.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    if (!(await verifyPassword(current, user.hash))) throw invalid({ password: [MESSAGES.currentPasswordWrong] });
    await this.db.update(users).set({ passwordHash: await hashPassword(next), updatedAt: new Date() }).where(eq(users.id, userId));
    // The old password may be known to someone else: every other login ends, this one stays.
    const others = currentFamily ? and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt), ne(tokenFamilies.id, currentFamily)) : and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt));
    await this.db.update(tokenFamilies).set({ revokedAt: new Date(), revokedReason: 'password changed' }).where(others);
  }

  /** A new personal key: returned in clear once, stored as sha256 with a short readable prefix; the old one stops working. */
  async createApiKey(userId: number): Promise<ApiKey> {
    const apiKey = `${API_KEY_PREFIX}${randomToken(32)}`;
    const prefix = apiKey.slice(0, 10);
    const createdAt = new Date();
    await this.db.transaction(async (tx) => {
      await tx.update(apiKeys).set({ revokedAt: createdAt }).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      await tx.insert(apiKeys).values({ userId, keyHash: sha256(apiKey), prefix, createdAt });
    });
    return { apiKey, prefix, created_at: createdAt.toISOString() };
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
    await this.db.insert(landingPages).values({ userId, ...values }).onConflictDoUpdate({ target: landingPages.userId, set: values });
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

  async logoOf(code: string): Promise<{ data: Buffer; contentType: string } | null> {
    const [user] = await this.db.select({ logo: users.logo }).from(users).where(eq(users.code, code));
    if (!user?.logo) return null;
    const data = await this.uploads.read(user.logo);
    const kind = data ? sniffImage(data) : null;
    return data && kind ? { data, contentType: kind.contentType } : null;
  }
}
