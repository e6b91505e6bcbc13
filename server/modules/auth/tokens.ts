import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { DEFAULT_SESSION_MAX_AGE } from '../../config';
import type { Db } from '../../db/client';
import { apiKeys, refreshTokens, tokenFamilies } from '../../db/schema';
import { hmac, randomToken, sha256 } from '../../lib/crypto';

/**
 * Access tokens are short-lived JWTs naming the user and the login (family); refresh tokens
 * are opaque, stored hashed and rotate on every use. The successor of a refresh token is
 * derived from it (HMAC), so parallel requests that present the same token within the grace
 * window all get the same successor instead of tripping reuse detection; a token presented
 * after the window is a reuse and revokes the whole family (docs/adr/0100-access-and-refresh-tokens.md).
 */
export const REUSE_GRACE_SECONDS = 30;

export type TokenPair = { access_token: string; refresh_token: string; expires_in: number };
export type AccessClaims = { userId: number; familyId: string };
const VERIFIED_TOKENS = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /** Access tokens whose signature was checked, with their expiry (at most VERIFIED_TOKENS). */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly accessTtl: number,
    private readonly refreshTtl: number,
    /** Absolute lifetime of a login in seconds (SESSION_MAX_AGE), however often it is refreshed. */
    readonly sessionMaxAge: number = DEFAULT_SESSION_MAX_AGE,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(userId: number, familyId: string): Promise<string> {
    return new SignJWT({ fam: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtl)
      .sign(this.key);
  }

  /** 'expired' lets the caller fall back to the refresh token; anything else wrong is 'invalid'. */
  async verifyAccess(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    // A token's signature is checked once: every request carries it, and the check is most of what
    // authentication costs in this process. Its expiry is checked on every use, as jose does.
    const known = this.verified.get(token);
    if (known) return known.exp > Math.floor(Date.now() / 1000) ? known.claims : 'expired';
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.fam !== 'string' || payload.exp === undefined) return 'invalid';
      const claims = { userId, familyId: payload.fam };
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.clear();
      this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch (err) {
      return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }

  /**
   * A short-lived token for one purpose and one resource (e.g. the proposal PDF stream, which an
   * EventSource opens without headers): it carries the audience, so it is useless as an access token.
   */
  async signScoped(userId: number, audience: string, ttlSeconds: number): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  async verifyScoped(token: string, audience: string): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience });
      const userId = Number(payload.sub);
      return Number.isInteger(userId) ? userId : null;
    } catch {
      return null;
    }
  }

  async startSession(userId: number): Promise<TokenPair> {
    const familyId = randomUUID();
    const refresh = randomToken();
    await this.db.insert(tokenFamilies).values({ id: familyId, userId });
    await this.db.insert(refreshTokens).values({ tokenHash: sha256(refresh), familyId, expiresAt: this.refreshExpiry() });
    return { access_token: await this.signAccess(userId, familyId), refresh_token: refresh, expires_in: this.accessTtl };
  }

  /**
   * Rotates a refresh token; null when it is unknown, expired, revoked, reused after the grace
   * window, or its login is older than the absolute session lifetime (SESSION_MAX_AGE: rotating
   * does not make a login last for ever).
   */
  async rotate(refresh: string): Promise<(TokenPair & AccessClaims) | null> {
    const hash = sha256(refresh);
    const [row] = await this.db
      .select({
        familyId: refreshTokens.familyId,
        rotatedAt: refreshTokens.rotatedAt,
        expiresAt: refreshTokens.expiresAt,
        userId: tokenFamilies.userId,
        revokedAt: tokenFamilies.revokedAt,
        startedAt: tokenFamilies.createdAt,
      })
      .from(refreshTokens)
      .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hash));
    if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) return null;
    if (row.startedAt.getTime() + this.sessionMaxAge * 1000 <= Date.now()) return null;
    const now = Date.now();
    if (row.rotatedAt && now - row.rotatedAt.getTime() > REUSE_GRACE_SECONDS * 1000) {
      await this.revokeFamily(row.familyId, 'refresh token reuse');
      return null;
    }
    const successor = hmac(this.secret, refresh);
    if (!row.rotatedAt) {
      await this.db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(now) })
        .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.rotatedAt)));
    }
    await this.db
      .insert(refreshTokens)
      .values({ tokenHash: sha256(successor), familyId: row.familyId, expiresAt: this.refreshExpiry() })
      .onConflictDoNothing();
    return {
      access_token: await this.signAccess(row.userId, row.familyId),
      refresh_token: successor,
      expires_in: this.accessTtl,
      userId: row.userId,
      familyId: row.familyId,
    };
  }

  async revokeFamily(familyId: string, reason: string) {
    await this.db
      .update(tokenFamilies)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
  }

  /**
   * Ends every login of the user (but `keep`, the one asking) and revokes their API keys: after a
   * password reset or change and on suspension, so nothing issued before keeps working, and a later
   * reactivation revives none of it.
   */
  async revokeAccess(userId: number, reason: string, keep: string | null = null) {
    const now = new Date();
    await this.db
      .update(tokenFamilies)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt), keep ? ne(tokenFamilies.id, keep) : undefined));
    await this.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  }

  private refreshExpiry() {
    return new Date(Date.now() + this.refreshTtl * 1000);
  }
}
