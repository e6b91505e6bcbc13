import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, users } from '../../db/schema';
import { demoPicture, encodePng } from '../../lib/png';
import { sniffImage } from '../../lib/images';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers });
const putProfile = (headers: Record<string, string>, payload: object) => t.inject({ method: 'PUT', url: '/api/v1/agent/profile', headers, payload });
const validProfile = {
  business_name: 'Conti Auto Srl',
  name: 'Sara Conti',
  email: 'sara.conti@demo.it',
  phone: '+39 333 1234567',
  title: 'Agente',
  contact_info: '',
};

describe('PUT agent/profile', () => {
  it('updates the profile and answers with it', async () => {
    const s = await t.login('sara.conti@demo.it');
    const res = await putProfile(s.headers, validProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ business_name: 'Conti Auto Srl', phone: '+39 333 1234567' });
    expect((await profile(s.headers)).json().data.business_name).toBe('Conti Auto Srl');
  });

  it('requires business_name and email, and a valid phone when given', async () => {
    const s = await t.login('sara.conti@demo.it');
    const res = await putProfile(s.headers, { ...validProfile, business_name: '  ', email: '', phone: '12' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: { http_code: 422, message: 'Si sono verificati degli errori, controllare i dati inseriti' },
      errors: { business_name: ['Questo campo è obbligatorio'], email: ['Questo campo è obbligatorio'], phone: ['Indicare un numero di telefono valido'] },
    });
    const emptyPhone = await putProfile(s.headers, { ...validProfile, phone: '' });
    expect(emptyPhone.statusCode).toBe(200);
  });

  it('refuses an email another user has', async () => {
    const s = await t.login('sara.conti@demo.it');
    const res = await putProfile(s.headers, { ...validProfile, email: 'Agente@demo.it' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Questo indirizzo email è già in uso']);
  });
});

describe('PATCH password', () => {
  const patch = (headers: Record<string, string>, payload: object) => t.inject({ method: 'PATCH', url: '/api/v1/password', headers, payload });

  it('checks the rules', async () => {
    const s = await t.login('elena.galli@demo.it');
    const res = await patch(s.headers, { password: '', new_password: 'corta', confirm_password: 'altra' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      password: ["Indicare l'attuale password"],
      new_password: ['La nuova password deve contenere almeno 8 caratteri'],
    });
    const mismatch = await patch(s.headers, { password: 'Demo2026!', new_password: 'NuovaPass1', confirm_password: 'NuovaPass2' });
    expect(mismatch.json().errors.confirm_password).toEqual(['Le due password non coincidono']);
  });

  it('refuses the current password as the new one, with the form’s message, and keeps the other logins', async () => {
    const other = await t.login('elena.galli@demo.it');
    const s = await t.login('elena.galli@demo.it');
    const res = await patch(s.headers, { password: 'Demo2026!', new_password: 'Demo2026!', confirm_password: 'Demo2026!' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.new_password).toEqual(['La nuova password deve essere diversa da quella attuale']);
    expect((await profile(other.headers)).statusCode).toBe(200);
  });

  it('refuses a wrong current password as a field error', async () => {
    const s = await t.login('elena.galli@demo.it');
    const res = await patch(s.headers, { password: 'sbagliata', new_password: 'NuovaPass1', confirm_password: 'NuovaPass1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(["L'attuale password non è corretta"]);
  });

  it('changes the password, keeps this login and ends the others', async () => {
    const other = await t.login('elena.galli@demo.it');
    const s = await t.login('elena.galli@demo.it');
    const res = await patch(s.headers, { password: 'Demo2026!', new_password: 'NuovaPass1', confirm_password: 'NuovaPass1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Aggiornamento avvenuto con successo');
    expect((await profile(s.headers)).statusCode).toBe(200);
    expect((await profile(other.headers)).statusCode).toBe(401);
    await t.login('elena.galli@demo.it', 'NuovaPass1');
    const old = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'elena.galli@demo.it', password: 'Demo2026!' } });
    expect(old.statusCode).toBe(401);
  });
});

describe('API key', () => {
  it('is shown once, works as X-Api-Key, and the previous key stops working', async () => {
    const s = await t.login('completo@demo.it');
    const first = await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers });
    expect(first.statusCode).toBe(200);
    const key1: string = first.json().data.apiKey;
    expect(key1).toMatch(/^pnk_[\w-]{40,}$/);
    const viaKey = await profile({ 'x-api-key': key1 });
    expect(viaKey.statusCode).toBe(200);
    expect(viaKey.json().data.email).toBe('completo@demo.it');
    // The profile never shows the key again, only its prefix.
    expect(viaKey.json().data.apiKey).toBe(`${key1.slice(0, 10)}…`);
    expect(JSON.stringify(viaKey.json())).not.toContain(key1);

    const second = await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers });
    const key2: string = second.json().data.apiKey;
    expect(key2).not.toBe(key1);
    expect((await profile({ 'x-api-key': key1 })).statusCode).toBe(401);
    expect((await profile({ 'x-api-key': key2 })).statusCode).toBe(200);
  });

  it('is revoked without a new one: it stops working at once; only a personal login revokes', async () => {
    const s = await t.login('completo@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(200);
    const byKey = await t.inject({ method: 'DELETE', url: '/api/v1/agent/service/api', headers: { 'x-api-key': key } });
    expect(byKey.statusCode).toBe(403);
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(200);

    const res = await t.inject({ method: 'DELETE', url: '/api/v1/agent/service/api', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('Chiave API revocata: non funziona più');
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers: s.headers })).json().data.apiKey).toBeNull();
    // Idempotent: a second revoke says there is no key.
    const again = await t.inject({ method: 'DELETE', url: '/api/v1/agent/service/api', headers: s.headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.message).toBe('Non hai una chiave API attiva');
  });

  it('cannot be used to mint a new key or change the password', async () => {
    const s = await t.login('completo@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    const res = await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(403);
    const pw = await t.inject({
      method: 'PATCH',
      url: '/api/v1/password',
      headers: { 'x-api-key': key },
      payload: { password: 'Demo2026!', new_password: 'x'.repeat(9), confirm_password: 'x'.repeat(9) },
    });
    expect(pw.statusCode).toBe(403);
  });
});

describe('changing the login email', () => {
  const paolo = { business_name: 'Marini Car', name: 'Paolo Marini', email: 'paolo.nuovo@example.it', phone: '', title: '', contact_info: '' };
  const emailOf = async (id: number) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

  it('needs the current password, then tells the old address', async () => {
    const s = await t.login('paolo.marini@demo.it');
    const id = t.ids.get('sub2')!;
    const missing = await putProfile(s.headers, paolo);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual(["Indicare l'attuale password"]);
    const wrong = await putProfile(s.headers, { ...paolo, current_password: 'Sbagliata2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(["L'attuale password non è corretta"]);
    expect(await emailOf(id)).toBe('paolo.marini@demo.it');

    const ok = await putProfile(s.headers, { ...paolo, current_password: 'Demo2026!' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe('paolo.nuovo@example.it');
    const told = await t.database.db.select().from(mails).where(eq(mails.to, 'paolo.marini@demo.it'));
    expect(told.at(-1)?.subject).toBe('Email di accesso cambiata sul Portale Noleggio');
    expect(told.at(-1)?.text).toContain('paolo.nuovo@example.it');
    // Other fields keep needing no password.
    expect((await putProfile(s.headers, { ...paolo, business_name: 'Marini Car Srl' })).statusCode).toBe(200);
  });

  it('is refused with an API key (403), which may still edit the other fields', async () => {
    const s = await t.login('completo@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    const mine = { business_name: 'Verdi Noleggi Srl', name: '', email: 'completo@demo.it', phone: '', title: '', contact_info: '' };
    const res = await putProfile({ 'x-api-key': key }, { ...mine, email: 'ladro@example.it', current_password: 'Demo2026!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Per cambiare l’email di accesso entra con la tua password: con una chiave API non è possibile');
    expect(await emailOf(t.ids.get('full')!)).toBe('completo@demo.it');
    expect((await putProfile({ 'x-api-key': key }, mine)).statusCode).toBe(200);
  });
});

describe('password rules and revocation', () => {
  const patch = (headers: Record<string, string>, payload: object) => t.inject({ method: 'PATCH', url: '/api/v1/password', headers, payload });
  const change = (password: string, next: string) => ({ password, new_password: next, confirm_password: next });

  it('refuses a common new password', async () => {
    const s = await t.login('davide.greco@demo.it');
    for (const weak of ['password', 'Password1', '12345678']) {
      const res = await patch(s.headers, change('Demo2026!', weak));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.new_password).toEqual(['Questa password è troppo comune e facile da indovinare: scegline un’altra']);
    }
  });

  it('revokes the API key along with the other logins', async () => {
    const s = await t.login('capogruppo.sud@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    expect((await patch(s.headers, change('Demo2026!', 'Ricambio2026'))).statusCode).toBe(200);
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(401);
    expect((await profile(s.headers)).statusCode).toBe(200);
  });

  it('checks at most 5 wrong current passwords per user in 15 minutes, also in parallel', async () => {
    const s = await t.login('agente@demo.it');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => patch(s.headers, change(`Sbagliata${i}`, 'Ricambio2026'))));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(answers.find((r) => r.statusCode === 429)?.json().error.message).toBe(
      'Troppi tentativi con una password attuale non corretta. Riprova tra 15 minuti.',
    );
    // The right one is not checked either until the window is over; nor is an email change's.
    expect((await patch(s.headers, change('Demo2026!', 'Ricambio2026'))).statusCode).toBe(429);
    const email = { business_name: 'Rossi', name: '', email: 'agente.nuovo@example.it', phone: '', title: '', contact_info: '', current_password: 'Demo2026!' };
    expect((await putProfile(s.headers, email)).statusCode).toBe(429);
  });
});

describe('logo', () => {
  const upload = (headers: Record<string, string>, file: Buffer, filename: string, field = 'logo') => {
    const body = multipartBody([{ name: field, value: file, filename, type: 'image/png' }]);
    return t.inject({ method: 'POST', url: '/api/v1/agent/logo', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('stores an image checked by content and serves it with its type', async () => {
    const s = await t.login('completo@demo.it');
    const png = demoPicture(1, 120, 60);
    const res = await upload(s.headers, png, '../../etc/passwd.png');
    expect(res.statusCode).toBe(200);
    const logo: string = res.json().data.logo;
    expect(logo).toMatch(/^\/api\/v1\/agent\/logo\/AG\d+\?v=\d+$/);
    const served = await t.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a text file renamed .png', async () => {
    const s = await t.login('completo@demo.it');
    const res = await upload(s.headers, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.logo).toEqual(['Sono consentiti solo file di tipo immagine (png, jpg, gif, ...)']);
  });

  it('refuses an image of 3 MB', async () => {
    const s = await t.login('completo@demo.it');
    const big = Buffer.concat([demoPicture(0, 32, 32), Buffer.alloc(3 * 1024 * 1024, 1)]);
    expect(sniffImage(big)?.ext).toBe('png');
    const res = await upload(s.headers, big, 'grande.png');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.logo).toEqual(['Il file deve pesare meno di 2MB']);
  });

  it('asks for a file when none is sent', async () => {
    const s = await t.login('completo@demo.it');
    const res = await upload(
      s.headers,
      encodePng(2, 2, () => [0, 0, 0]),
      'a.png',
      'altro',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.logo).toEqual(['Seleziona un file']);
    const json = await t.inject({ method: 'POST', url: '/api/v1/agent/logo', headers: s.headers, payload: {} });
    expect(json.statusCode).toBe(422);
  });

  it('is removed: the profile has no logo and its address answers 404', async () => {
    const s = await t.login('completo@demo.it');
    const logo: string = (await upload(s.headers, demoPicture(2, 120, 60), 'logo.png')).json().data.logo;
    expect((await t.inject({ method: 'GET', url: logo })).statusCode).toBe(200);
    const res = await t.inject({ method: 'DELETE', url: '/api/v1/agent/logo', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toBeNull();
    expect((await profile(s.headers)).json().data.logo).toBeNull();
    expect((await t.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
    // Removing no logo is no error: the answer is the same profile.
    expect((await t.inject({ method: 'DELETE', url: '/api/v1/agent/logo', headers: s.headers })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: '/api/v1/agent/logo' })).statusCode).toBe(401);
  });

  it('answers 404 for an agent without a logo', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/agent/logo/AG0001' });
    expect(res.statusCode).toBe(404);
  });
});

describe('preferences and landing page', () => {
  it('stores the theme', async () => {
    const s = await t.login('completo@demo.it');
    const res = await t.inject({ method: 'PUT', url: '/api/v1/agent/preferences', headers: s.headers, payload: { theme: 'partner' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preferences).toEqual([{ name: 'theme', value: 'partner' }]);
    const bad = await t.inject({ method: 'PUT', url: '/api/v1/agent/preferences', headers: s.headers, payload: { theme: 'neon' } });
    expect(bad.statusCode).toBe(422);
    await t.inject({ method: 'PUT', url: '/api/v1/agent/preferences', headers: s.headers, payload: { theme: 'dark' } });
  });

  it('saves the landing page and publishes it only when enabled', async () => {
    const s = await t.login('agente@demo.it');
    const code: string = (await profile(s.headers)).json().data.code;
    const empty = await t.inject({ method: 'GET', url: '/api/v1/agent/landing', headers: s.headers });
    expect(empty.json().data).toEqual({ enabled: false, title: '', intro: '', contact_email: '', contact_phone: '' });
    const noTitle = await t.inject({
      method: 'PUT',
      url: '/api/v1/agent/landing',
      headers: s.headers,
      payload: { enabled: true, title: '', contact_phone: 'abc' },
    });
    expect(noTitle.json().errors).toMatchObject({ title: ['Questo campo è obbligatorio'], contact_phone: ['Indicare un numero di telefono valido'] });
    expect((await t.inject({ method: 'GET', url: `/api/v1/landing/${code}` })).statusCode).toBe(404);
    const ok = await t.inject({
      method: 'PUT',
      url: '/api/v1/agent/landing',
      headers: s.headers,
      payload: { enabled: true, title: 'Noleggio senza pensieri', intro: 'Ciao!', contact_email: 'marco@example.it', contact_phone: '02 1234567' },
    });
    expect(ok.statusCode).toBe(200);
    const pub = await t.inject({ method: 'GET', url: `/api/v1/landing/${code}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({ title: 'Noleggio senza pensieri', contact_phone: '02 1234567', business_name: 'Marco Bianchi' });
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document built from the route schemas', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/agent/profile'].put.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['business_name', 'email']),
    );
    expect(doc.paths['/api/v1/agent/{code}'].put).toBeTruthy();
    expect(doc.paths['/api/v1/agent/logo'].post.requestBody.content['multipart/form-data']).toBeTruthy();
    expect(doc.paths['/api/v1/login'].post.security).toEqual([]);
    const html = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    // Swagger UI from our own origin, started by a script file: no inline script, no CDN.
    expect(html.body).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(html.body).not.toMatch(/<script>|https?:\/\//);
    const start = await t.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(start.body).toContain("url: '/api/v1/openapi.json'");
    expect((await t.inject({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/docs/package.json' })).statusCode).toBe(404);
    expect(String(html.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
