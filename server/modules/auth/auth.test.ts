import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SSO, loadConfig } from '../../config';
import { authThrottle, mails, oneTimeTokens, refreshTokens, settings, tokenFamilies, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers });

async function expiredAccess(access: string) {
  const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'auth_secret'));
  const claims = decodeJwt(access);
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ fam: claims.fam })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(row!.value));
}

const lastMailLink = async (to: string, pattern: RegExp) => {
  await t.app.authService.idle();
  const rows = await t.database.db.select().from(mails).where(eq(mails.to, to));
  const match = rows.at(-1)?.text.match(pattern);
  if (!match?.[1]) throw new Error(`no mail for ${to}`);
  return match[1];
};

describe('login', () => {
  it('returns tokens and the profile', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: ' Completo@Demo.it ', password: 'Demo2026!' } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.access_token).toBeTruthy();
    expect(data.refresh_token).toBeTruthy();
    expect(data.user).toMatchObject({ email: 'completo@demo.it', role: 0, termsAccepted: true, business_name: 'Verdi Noleggi Srl' });
    expect(data.user.features.map((f: { slug: string }) => f.slug)).toContain('catalog');
    expect(JSON.stringify(data.user)).not.toMatch(/password/i);
  });

  it('refuses a wrong password with the envelope', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'agente@demo.it', password: 'nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { http_code: 401, message: 'Email o password non corretti' }, errors: {} });
  });

  it('answers missing fields with Italian field errors', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: { http_code: 422, message: 'Si sono verificati degli errori, controllare i dati inseriti' },
      errors: { email: ['Questo campo è obbligatorio'], password: ['Questo campo è obbligatorio'] },
    });
  });

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Richiesta non valida');
  });

  it('refuses suspended and not yet activated users', async () => {
    const suspended = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'andrea.rizzi@demo.it', password: 'Demo2026!' } });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.message).toMatch(/sospeso/);
    const pending = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'chiara.moretti@demo.it', password: 'Demo2026!' } });
    expect(pending.statusCode).toBe(401);
  });

  it('locks an address out after 5 failures in 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'davide.greco@demo.it', password: `wrong${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'davide.greco@demo.it', password: 'Demo2026!' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/Troppi tentativi/);
  });

  it('holds the limit under parallel guesses: of 40 at once, at most 5 are checked (issue 19)', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: { email: 'capogruppo.sud@demo.it', password: `wrong${i}` },
        }),
      ),
    );
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    // Refused guesses were not checked, and do not count: the address stays locked by the 5 checked failures only.
    const [row] = await t.database.db.select().from(authThrottle).where(eq(authThrottle.key, 'login-email:capogruppo.sud@demo.it'));
    expect(row?.attempts).toBe(5);
  });

  it('does not let a forged X-Forwarded-For escape the per-IP limit: no proxy is trusted by default (issue 19)', async () => {
    const guess = (i: number) =>
      t.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '192.0.2.50',
        headers: { 'x-forwarded-for': `10.9.${i}.1` },
        payload: { email: `nessuno${i}@example.it`, password: 'Sbagliata1!' },
      });
    for (let i = 0; i < 30; i++) expect((await guess(i)).statusCode).toBe(401);
    expect((await guess(30)).statusCode).toBe(429);
  });

  it('does not count a successful login as a failure', async () => {
    for (let i = 0; i < 4; i++)
      expect((await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'elena.galli@demo.it', password: `wrong${i}` } })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) await t.login('elena.galli@demo.it');
    expect((await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'elena.galli@demo.it', password: 'wrong' } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'elena.galli@demo.it', password: 'Demo2026!' } })).statusCode).toBe(429);
  });
});

describe('session', () => {
  it('needs a token on private routes', async () => {
    const res = await profile({});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.http_code).toBe(401);
  });

  it('serves an expired access token through the refresh token and hands out new tokens', async () => {
    const s = await t.login('agente@demo.it');
    const res = await profile({ authorization: `Bearer ${await expiredAccess(s.access)}`, 'x-refresh-token': s.refresh });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-access-token']).toBeTruthy();
    expect(res.headers['x-refresh-token']).toBeTruthy();
    expect(res.headers['x-refresh-token']).not.toBe(s.refresh);
    const again = await profile({
      authorization: `Bearer ${String(res.headers['x-access-token'])}`,
      'x-refresh-token': String(res.headers['x-refresh-token']),
    });
    expect(again.statusCode).toBe(200);
  });

  it('gives parallel refreshes the same successor, and revokes the family on a late reuse', async () => {
    const s = await t.login('agente@demo.it');
    const expired = await expiredAccess(s.access);
    const [a, b] = await Promise.all([
      profile({ authorization: `Bearer ${expired}`, 'x-refresh-token': s.refresh }),
      profile({ authorization: `Bearer ${expired}`, 'x-refresh-token': s.refresh }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.headers['x-refresh-token']).toBe(b.headers['x-refresh-token']);
    const successor = String(a.headers['x-refresh-token']);

    // Past the grace window, presenting the rotated token again is a reuse: the whole login ends.
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '5 minutes'` })
      .where(sql`rotated_at is not null`);
    const reuse = await profile({ authorization: `Bearer ${expired}`, 'x-refresh-token': s.refresh });
    expect(reuse.statusCode).toBe(401);
    const withSuccessor = await profile({ authorization: `Bearer ${expired}`, 'x-refresh-token': successor });
    expect(withSuccessor.statusCode).toBe(401);
  });

  it('ends the login on logout', async () => {
    const s = await t.login('agente@demo.it');
    const out = await t.inject({ method: 'POST', url: '/api/v1/logout', headers: s.headers });
    expect(out.statusCode).toBe(200);
    expect((await profile(s.headers)).statusCode).toBe(401);
    expect((await profile({ 'x-refresh-token': s.refresh })).statusCode).toBe(401);
  });

  it('refuses a user suspended after logging in', async () => {
    const s = await t.login('sara.conti@demo.it');
    await t.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.email, 'sara.conti@demo.it'));
    const res = await profile(s.headers);
    expect(res.statusCode).toBe(403);
    await t.database.db.update(users).set({ status: 'ACTIVATED' }).where(eq(users.email, 'sara.conti@demo.it'));
  });
});

describe('activation', () => {
  it('activates a pending account through the emailed link, once', async () => {
    const id = t.ids.get('sub5')!;
    await t.app.authService.sendActivation(id);
    const token = await lastMailLink('chiara.moretti@demo.it', /\/account\/activate\/([\w-]+)/);
    const check = await t.inject({ method: 'GET', url: `/api/v1/account/activate/${token}` });
    expect(check.json().data.email).toBe('chiara.moretti@demo.it');

    const noTerms = await t.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token, password: 'NuovaPass1', confirm_password: 'NuovaPass1', terms: false },
    });
    expect(noTerms.statusCode).toBe(422);
    const mismatch = await t.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token, password: 'NuovaPass1', confirm_password: 'Altra', terms: true },
    });
    expect(mismatch.json().errors.confirm_password).toEqual(['Le due password non coincidono']);

    const ok = await t.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token, password: 'NuovaPass1', confirm_password: 'NuovaPass1', terms: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ status: 'ACTIVATED', termsAccepted: true });
    const again = await t.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token, password: 'NuovaPass1', confirm_password: 'NuovaPass1', terms: true },
    });
    expect(again.statusCode).toBe(404);
    await t.login('chiara.moretti@demo.it', 'NuovaPass1');
  });

  it('answers an unknown activation token with 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/account/activate/not-a-token' });
    expect(res.statusCode).toBe(404);
  });
});

describe('password recovery', () => {
  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const old = await t.login('paolo.marini@demo.it');
    const forgot = await t.inject({ method: 'POST', url: '/api/v1/account/password/forgot', payload: { email: 'paolo.marini@demo.it' } });
    expect(forgot.statusCode).toBe(200);
    const token = await lastMailLink('paolo.marini@demo.it', /\/account\/password\/([\w-]+)/);
    const short = await t.inject({ method: 'POST', url: '/api/v1/account/password/reset', payload: { token, password: 'corta', confirm_password: 'corta' } });
    expect(short.json().errors.password).toEqual(['La nuova password deve contenere almeno 8 caratteri']);
    const reset = await t.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      payload: { token, password: 'Ricambio2026', confirm_password: 'Ricambio2026' },
    });
    expect(reset.statusCode).toBe(200);
    const reuse = await t.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      payload: { token, password: 'Ricambio2027', confirm_password: 'Ricambio2027' },
    });
    expect(reuse.statusCode).toBe(404);
    expect((await profile(old.headers)).statusCode).toBe(401);
    await t.login('paolo.marini@demo.it', 'Ricambio2026');
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/account/password/forgot', payload: { email: 'nessuno@demo.it' } });
    expect(res.statusCode).toBe(200);
    await t.app.authService.idle();
    expect(await t.database.db.select().from(mails).where(eq(mails.to, 'nessuno@demo.it'))).toHaveLength(0);
  });

  it('expires reset links after an hour', async () => {
    await t.inject({ method: 'POST', url: '/api/v1/account/password/forgot', payload: { email: 'completo@demo.it' } });
    const token = await lastMailLink('completo@demo.it', /\/account\/password\/([\w-]+)/);
    await t.database.db.execute(sql`update one_time_tokens set expires_at = now() - interval '1 second' where purpose = 'password_reset'`);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      payload: { token, password: 'Ricambio2026', confirm_password: 'Ricambio2026' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends at most 3 reset emails per account and hour, answering the same every time', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await t.inject({ method: 'POST', url: '/api/v1/account/password/forgot', payload: { email: 'sara.conti@demo.it' } })).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await t.app.authService.idle();
    const sent = await t.database.db.select().from(mails).where(eq(mails.to, 'sara.conti@demo.it'));
    expect(sent.filter((m) => m.subject === 'Recupero password del Portale Noleggio')).toHaveLength(3);
  });
});

describe('password recovery hardening (issue 19)', () => {
  const forgot = (email: string) => t.inject({ method: 'POST', url: '/api/v1/account/password/forgot', payload: { email } });
  const reset = (token: string, password: string) =>
    t.inject({ method: 'POST', url: '/api/v1/account/password/reset', payload: { token, password, confirm_password: password } });
  const resetLink = /\/account\/password\/([\w-]+)/;

  it('answers a known address as fast as an unknown one: the mail is sent after the answer', async () => {
    const send = t.app.mailer.send;
    t.app.mailer.send = async (mail) => {
      await new Promise((r) => setTimeout(r, 1500));
      return send(mail);
    };
    try {
      const started = Date.now();
      expect((await forgot('capogruppo.sud@demo.it')).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      t.app.mailer.send = send;
    }
    expect(await lastMailLink('capogruppo.sud@demo.it', resetLink)).toBeTruthy();
  });

  it('keeps only the newest reset link working', async () => {
    await forgot('capogruppo@demo.it');
    const first = await lastMailLink('capogruppo@demo.it', resetLink);
    await forgot('capogruppo@demo.it');
    const second = await lastMailLink('capogruppo@demo.it', resetLink);
    expect(second).not.toBe(first);
    expect((await reset(first, 'Ricambio2026')).statusCode).toBe(404);
    expect((await reset(second, 'Ricambio2026')).statusCode).toBe(200);
  });

  it('refuses a common password, and the link still works for a better one', async () => {
    await forgot('davide.greco@demo.it');
    const token = await lastMailLink('davide.greco@demo.it', resetLink);
    for (const weak of ['password', 'Password1', '12345678']) {
      const res = await reset(token, weak);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual(['Questa password è troppo comune e facile da indovinare: scegline un’altra']);
    }
    expect((await reset(token, 'Ricambio2026')).statusCode).toBe(200);
  });

  it('ends every session and revokes the API key on a reset', async () => {
    await t.database.db.delete(authThrottle);
    const s = await t.login('completo@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(200);
    await t.database.db.delete(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'password_reset'));
    await forgot('completo@demo.it');
    expect((await reset(await lastMailLink('completo@demo.it', resetLink), 'Ricambio2026')).statusCode).toBe(200);
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(401);
    expect((await profile(s.headers)).statusCode).toBe(401);
  });
});

describe('absolute session lifetime (issue 19)', () => {
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

describe('production fails closed (issue 19)', () => {
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
