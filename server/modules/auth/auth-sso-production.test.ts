import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, beforeAll } from 'vitest';
import { DEMO_SSO, loadConfig } from '../../config';
import { tokenFamilies } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { authTestApp } from './auth.fixtures';

const { u, profile, expiredAccess } = authTestApp();
let t: TestApp;
beforeAll(() => void ({ t } = u));

describe('absolute session lifetime', () => {
  it('ends a login 90 days after sign-in however often it was refreshed', async () => {
    const s = await t.login('agente@demo.it');
    const family = String(decodeJwt(s.access).fam);
    await t.database.db
      .update(tokenFamilies)
      .set({ createdAt: sql`now() - interval '89 days'` })
      .where(eq(tokenFamilies.id, family));
    const fresh = await profile({ authorization: `Bearer ${await expiredAccess(s.access)}`, 'x-refresh-token': s.refresh });
    expect(fresh.statusCode).toBe(200);
    await t.database.db
      .update(tokenFamilies)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(tokenFamilies.id, family));
    expect((await profile({ authorization: `Bearer ${String(fresh.headers['x-access-token'])}` })).statusCode).toBe(401);
    const refreshed = await profile({ authorization: `Bearer ${await expiredAccess(s.access)}`, 'x-refresh-token': String(fresh.headers['x-refresh-token']) });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.headers['x-access-token']).toBeUndefined();
  });

  it('reads SESSION_MAX_AGE', () => {
    expect(loadConfig({}).sessionMaxAge).toBe(90 * 24 * 3600);
    expect(loadConfig({ SESSION_MAX_AGE: '3600' }).sessionMaxAge).toBe(3600);
  });
});

describe('single sign-on', () => {
  const sso = (claims: { sub: string; jti: string; lifetime?: number; issuer?: string; secret?: string }) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(claims.issuer ?? t.config.sso.issuer)
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(now)
      .setExpirationTime(now + (claims.lifetime ?? 120))
      .sign(new TextEncoder().encode(claims.secret ?? t.config.sso.secret));
  };

  it('logs in once per token and keeps users without accepted terms at the terms step', async () => {
    const token = await sso({ sub: 'nuovo@demo.it', jti: 'a1' });
    const res = await t.inject({ method: 'POST', url: '/api/v1/sso', payload: { token } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.termsAccepted).toBe(false);
    const headers = { authorization: `Bearer ${data.access_token}` };
    expect((await profile(headers)).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/v1/config', headers })).statusCode).toBe(200);

    const replay = await t.inject({ method: 'POST', url: '/api/v1/sso', payload: { token } });
    expect(replay.statusCode).toBe(401);

    const noTerms = await t.inject({ method: 'POST', url: '/api/v1/agent/terms', headers, payload: { terms: false } });
    expect(noTerms.statusCode).toBe(422);
    const accept = await t.inject({ method: 'POST', url: '/api/v1/agent/terms', headers, payload: { terms: true } });
    expect(accept.statusCode).toBe(200);
    expect((await profile(headers)).json().data.termsAccepted).toBe(true);
  });

  it('refuses wrong signatures, issuers and long-lived tokens', async () => {
    for (const token of [
      await sso({ sub: 'agente@demo.it', jti: 'b1', secret: 'another-secret-of-enough-length' }),
      await sso({ sub: 'agente@demo.it', jti: 'b2', issuer: 'someone-else' }),
      await sso({ sub: 'agente@demo.it', jti: 'b3', lifetime: 3600 }),
      await sso({ sub: 'sconosciuto@demo.it', jti: 'b4' }),
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/sso', payload: { token } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('production fails closed', () => {
  const prod = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', ...env });
  const other = { SSO_ISSUER: 'idp.example.it', SSO_SECRET: 'a-real-secret-of-the-identity-provider' };

  it('turns single sign-on off while its issuer or secret is the published demo one, and seeds no demo users', () => {
    expect(prod().sso.enabled).toBe(false);
    expect(prod({ SSO_ISSUER: DEMO_SSO.issuer, SSO_SECRET: other.SSO_SECRET }).sso.enabled).toBe(false);
    expect(prod({ SSO_ISSUER: other.SSO_ISSUER, SSO_SECRET: DEMO_SSO.secret }).sso.enabled).toBe(false);
    expect(prod({ SSO_ISSUER: other.SSO_ISSUER }).sso.enabled).toBe(false);
    expect(prod(other).sso.enabled).toBe(true);
    expect(loadConfig({}).sso.enabled).toBe(true);
    expect(prod().seedDemo).toBe('never');
    expect(prod({ SEED_DEMO: 'auto' }).seedDemo).toBe('auto');
    expect(loadConfig({}).seedDemo).toBe('auto');
  });

  it('refuses a token signed with the demo secret on a production server (403, in Italian)', async () => {
    const { buildApp } = await import('../../app');
    const production = await buildApp({ config: { ...t.config, env: 'production', sso: prod().sso }, database: t.database, logger: false });
    try {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(DEMO_SSO.issuer)
        .setSubject('capogruppo@demo.it')
        .setJti('prod-1')
        .setIssuedAt(now)
        .setExpirationTime(now + 120)
        .sign(new TextEncoder().encode(DEMO_SSO.secret));
      const res = await production.inject({ method: 'POST', url: '/api/v1/sso', payload: { token } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('L’accesso unico (SSO) non è disponibile: il server non è configurato per accettarlo');
    } finally {
      await production.close();
    }
  });
});

describe('errors and maintenance', () => {
  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.http_code).toBe(404);
  });

  it('answers 503 in maintenance, except the health check', async () => {
    const m = await createTestApp({ maintenance: true });
    try {
      const res = await m.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'agente@demo.it', password: 'Demo2026!' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Il servizio è in manutenzione, riprova più tardi');
      expect((await m.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});
