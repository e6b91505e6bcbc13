import { and, eq, isNull } from 'drizzle-orm';
import type { Profile } from '@core/schemas/auth';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';
import type { AuthUser } from '../../lib/auth';

/** The public address of an agent's logo (versioned, so a new upload is not hidden by caches); null without one. */
export const logoUrl = (u: { code: string; logo: string | null; updatedAt: Date }) =>
  u.logo ? `/api/v1/agent/logo/${u.code}?v=${u.updatedAt.getTime()}` : null;

/** The spec's Profile, built from the user row; never includes secrets (the API key shows its prefix only). */
export async function toProfile(db: Db, user: AuthUser): Promise<Profile> {
  const [key] = await db
    .select({ prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
  let mainAgent: string | null = null;
  if (user.role === 1) mainAgent = user.businessName;
  else if (user.parentId) {
    const [parent] = await db.select({ businessName: users.businessName }).from(users).where(eq(users.id, user.parentId));
    mainAgent = parent?.businessName ?? null;
  }
  return {
    id: user.id,
    code: user.code,
    email: user.email,
    name: user.name,
    business_name: user.businessName,
    phone: user.phone,
    title: user.title,
    contact_info: user.contactInfo,
    role: user.role,
    roleName: user.roleName,
    status: user.status,
    termsAccepted: user.termsAccepted,
    group_type: user.groupType,
    group_name: user.groupName,
    group_code: user.groupCode,
    group_fee_type: user.groupFeeType,
    main_agent_business_name: mainAgent,
    created_at: user.createdAt.toISOString(),
    logo: logoUrl(user),
    bot_uuid: user.botUuid,
    preferences: user.preferences,
    features: [...user.features].map(([slug, f]) => ({ slug, enabled: f.level, limit: f.limit })),
    apiKey: key ? `${key.prefix}…` : null,
  };
}
