// The auth server tests' common ground: one test app per file and helpers on it. Each auth-*.test.ts
// calls `authTestApp()` at its top.
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { mails, settings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';

export function authTestApp() {
  const u = {} as { t: TestApp };
  beforeAll(async () => {
    u.t = await createTestApp();
  });
  afterAll(() => u.t.close());

  const profile = (headers: Record<string, string>) => u.t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers });

  /** The same access token, expired a minute ago (signed with the server's own secret). */
  async function expiredAccess(access: string) {
    const [row] = await u.t.database.db.select().from(settings).where(eq(settings.key, 'auth_secret'));
    const claims = decodeJwt(access);
    const past = Math.floor(Date.now() / 1000) - 60;
    return new SignJWT({ fam: claims.fam })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(row!.value));
  }

  /** The link in the last mail sent to `to` (after the mails sent after answers have gone). */
  const lastMailLink = async (to: string, pattern: RegExp) => {
    await u.t.app.authService.idle();
    const rows = await u.t.database.db.select().from(mails).where(eq(mails.to, to));
    const match = rows.at(-1)?.text.match(pattern);
    if (!match?.[1]) throw new Error(`no mail for ${to}`);
    return match[1];
  };
  return { u, profile, expiredAccess, lastMailLink };
}
