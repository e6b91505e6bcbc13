import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type FeatureSlug, isAllowedLevel } from '@core/features';
import { MESSAGES } from '@core/i18n-messages';
import { catalogueVersionSql } from '../db/catalogue-version';
import type { Db } from '../db/client';
import { apiKeys, tokenFamilies, userFeatures, users } from '../db/schema';
import type { AccessClaims, TokenService } from '../modules/auth/tokens';
import { sha256 } from './crypto';
import { AppError, forbidden, unauthorized } from './errors';

export type AuthUser = typeof users.$inferSelect & {
  features: Map<string, { level: number; limit: number | null }>;
};

export type AuthContext = {
  user: AuthUser;
  /**
   * The offer catalogue's version as this request began (db/catalogue-version.ts), read with the user;
   * absent where the context is made otherwise (the search then reads it itself).
   */
  catalogueVersion?: string;
  /** The login this request belongs to; null when it came with an API key. */
  familyId: string | null;
  via: 'token' | 'apiKey';
  can(feature: FeatureSlug): boolean;
};

/** Route-level access rules: every route is private unless it says `public: true`. */
export type RouteAccess = {
  public?: boolean;
  feature?: FeatureSlug | FeatureSlug[];
  role?: number;
  /** Reachable before the terms are accepted (profile, terms, logout). */
  beforeTerms?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

type FeatureRow = { slug: string; level: number; limit: number | null };

const featuresOf = sql<
  FeatureRow[]
>`coalesce((select json_agg(json_build_object('slug', f.slug, 'level', f.level, 'limit', f."limit")) from ${userFeatures} f where f.user_id = ${users.id}), '[]'::json)`;

function toAuthUser(row: { user: typeof users.$inferSelect; features: FeatureRow[] | string }): AuthUser {
  const list: FeatureRow[] = typeof row.features === 'string' ? (JSON.parse(row.features) as FeatureRow[]) : row.features;
  return { ...row.user, features: new Map(list.map((f) => [f.slug, { level: f.level, limit: f.limit }])) };
}

/** The user and their features in one query. */
export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const [row] = await db.select({ user: users, features: featuresOf }).from(users).where(eq(users.id, userId));
  return row ? toAuthUser(row) : null;
}

/**
 * The statement every token-carrying request runs (tokenUser below), prepared once per database: the
 * user, their features, whether the login is open, and the catalogue's version, in one round trip.
 */
const tokenUserStatements = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();
function prepareTokenUser(db: Db) {
  const open = sql<boolean>`exists (select 1 from ${tokenFamilies} where ${tokenFamilies.id} = ${sql.placeholder('familyId')} and ${tokenFamilies.revokedAt} is null
    and ${tokenFamilies.createdAt} > now() - make_interval(secs => ${sql.placeholder('maxAge')}::int))`;
  return db
    .select({ user: users, features: featuresOf, open, catalogueVersion: catalogueVersionSql })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_token_user');
}

/**
 * loadAuthUser for an access token, null unless its login (token family) is still open and younger
 * than the absolute session lifetime: one query on every request.
 */
async function loadTokenUser(db: Db, claims: AccessClaims, sessionMaxAgeSeconds: number): Promise<{ user: AuthUser; catalogueVersion: string } | null> {
  let statement = tokenUserStatements.get(db);
  if (!statement) tokenUserStatements.set(db, (statement = prepareTokenUser(db)));
  const [row] = await statement.execute({ userId: claims.userId, familyId: claims.familyId, maxAge: sessionMaxAgeSeconds });
  return row?.open ? { user: toAuthUser(row), catalogueVersion: row.catalogueVersion } : null;
}

export const userCan = (user: AuthUser, feature: FeatureSlug) => isAllowedLevel(user.features.get(feature)?.level);

function statusError(user: AuthUser): AppError | null {
  if (user.status === 'SUSPENDED') return forbidden(MESSAGES.accountSuspended);
  if (user.status === 'PENDING_ACTIVATION') return forbidden(MESSAGES.accountPending);
  return null;
}

export const authPlugin = fp(async function authPlugin(app: FastifyInstance, opts: { db: Db; tokens: TokenService }) {
  const { db, tokens } = opts;
  app.decorateRequest('auth', null);

  async function resolve(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext | null> {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey) {
      const [key] = await db
        .select({ userId: apiKeys.userId })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, sha256(apiKey)), isNull(apiKeys.revokedAt)));
      if (!key) throw unauthorized('Chiave API non valida o disattivata');
      // No catalogue version here: an API key's search reads it itself (a request with a token reads it with its user).
      const user = await loadAuthUser(db, key.userId);
      return user ? { user, familyId: null, via: 'apiKey', can: (f) => userCan(user, f) } : null;
    }
    const header = request.headers.authorization ?? '';
    const access = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    let claims = access ? await tokens.verifyAccess(access) : ('invalid' as const);
    if (claims === 'expired' || (claims === 'invalid' && !access)) {
      // The spec's client replaces its tokens from any response that carries new ones.
      const refresh = request.headers['x-refresh-token'];
      const rotated = typeof refresh === 'string' && refresh ? await tokens.rotate(refresh) : null;
      if (!rotated) return null;
      reply.header('X-Access-Token', rotated.access_token);
      reply.header('X-Refresh-Token', rotated.refresh_token);
      claims = rotated;
    }
    if (typeof claims === 'string') return null;
    const found = await loadTokenUser(db, claims, tokens.sessionMaxAge);
    if (!found) return null;
    const { user, catalogueVersion } = found;
    return { user, catalogueVersion, familyId: claims.familyId, via: 'token', can: (f) => userCan(user, f) };
  }

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config ?? {};
    if (access.public) return;
    const ctx = await resolve(request, reply);
    if (!ctx) throw unauthorized();
    const blocked = statusError(ctx.user);
    if (blocked) throw blocked;
    if (!ctx.user.termsAccepted && !access.beforeTerms && ctx.via === 'token') throw forbidden(MESSAGES.termsRequired);
    if (access.role !== undefined && ctx.user.role !== access.role) throw forbidden();
    const needed = access.feature === undefined ? [] : Array.isArray(access.feature) ? access.feature : [access.feature];
    if (needed.some((f) => !ctx.can(f))) throw forbidden(MESSAGES.featureDisabled);
    request.auth = ctx;
  });
});

/** For handlers of private routes: the hook above guarantees the context. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
