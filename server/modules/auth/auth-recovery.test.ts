import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { authThrottle, mails, oneTimeTokens } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { authTestApp } from './auth.fixtures';

const { u, profile, lastMailLink } = authTestApp();
let t: TestApp;
beforeAll(() => void ({ t } = u));

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

describe('password recovery hardening', () => {
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
