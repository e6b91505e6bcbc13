import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { authThrottle, refreshTokens, users } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { authTestApp } from './auth.fixtures';

const { u, profile, expiredAccess } = authTestApp();
let t: TestApp;
beforeAll(() => void ({ t } = u));

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
    // An invited agent who has not activated the account is told so, whatever password they try (they have none).
    const pending = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'chiara.moretti@demo.it', password: 'Demo2026!' } });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.message).toBe('Il tuo account non è ancora attivo: controlla la tua email per attivarlo');
    const guess = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'chiara.moretti@demo.it', password: 'altra' } });
    expect(guess.json().error.message).toBe(pending.json().error.message);
  });

  it('locks an address out after 5 failures in 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'davide.greco@demo.it', password: `wrong${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'davide.greco@demo.it', password: 'Demo2026!' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/Troppi tentativi/);
    // When the 15 minutes that started with the first failure are over, and not later.
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('holds the limit under parallel guesses: of 40 at once, at most 5 are checked', async () => {
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

  it('does not let a forged X-Forwarded-For escape the per-IP limit: no proxy is trusted by default ', async () => {
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
