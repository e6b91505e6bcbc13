import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, userFeatures, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let leader: Record<string, string>;
let leaderSud: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  leader = (await t.login('capogruppo@demo.it')).headers;
  leaderSud = (await t.login('capogruppo.sud@demo.it')).headers;
});
afterAll(() => t.close());

const member = (over: object = {}) => ({
  business_name: 'Nuova Agenzia',
  name: 'Mario Rossi',
  title: 'Agente',
  email: `nuovo.${Math.random().toString(36).slice(2, 8)}@example.it`,
  phone: '333 1234567',
  fee_type: 'FLAT_PERCENTAGE',
  fee_value: 30,
  parent_id: null,
  ...over,
});
const members = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v1/agent/members', headers });
const create = (headers: Record<string, string>, payload: object) => t.inject({ method: 'POST', url: '/api/v1/agent', headers, payload });

describe('GET agent/members', () => {
  it('lists the whole subtree in tree order with levels', async () => {
    const res = await members(leader);
    expect(res.statusCode).toBe(200);
    const list: { email: string; level: number; status: string }[] = res.json().data;
    const emails = list.map((m) => m.email);
    expect(emails).toEqual(
      expect.arrayContaining(['sara.conti@demo.it', 'paolo.marini@demo.it', 'elena.galli@demo.it', 'andrea.rizzi@demo.it', 'chiara.moretti@demo.it']),
    );
    expect(emails).not.toContain('davide.greco@demo.it');
    const elena = list.find((m) => m.email === 'elena.galli@demo.it')!;
    expect(elena.level).toBe(2);
    // Elena (under Sara) comes right after Sara.
    expect(emails.indexOf('elena.galli@demo.it')).toBe(emails.indexOf('sara.conti@demo.it') + 1);
    expect(list.find((m) => m.email === 'andrea.rizzi@demo.it')!.status).toBe('SUSPENDED');
  });

  it('is for group leaders with the network feature only', async () => {
    expect((await members((await t.login('sara.conti@demo.it')).headers)).statusCode).toBe(403);
    expect((await members((await t.login('completo@demo.it')).headers)).statusCode).toBe(403);
  });
});

describe('POST agent', () => {
  it('creates a pending member under the leader and mails the activation link', async () => {
    const input = member();
    const res = await create(leader, input);
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ status: 'PENDING_ACTIVATION', level: 1, fee_type: 'FLAT_PERCENTAGE', fee_value: 30, role: 0 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.parentId).toBe(t.ids.get('leader'));
    expect(row?.groupCode).toBe('NET-NORD');
    expect(row?.passwordHash).toBeNull();
    const features = await t.database.db.select().from(userFeatures).where(eq(userFeatures.userId, m.id));
    expect(features.map((f) => f.slug)).not.toContain('network');
    const sent = await t.database.db.select().from(mails).where(eq(mails.to, input.email));
    expect(sent.at(-1)?.text).toMatch(/\/account\/activate\/[\w-]+/);
  });

  it('places the member under a chosen parent of the same network', async () => {
    const res = await create(leader, member({ parent_id: t.ids.get('sub1') }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ parent_id: t.ids.get('sub1'), level: 2 });
    const foreign = await create(leader, member({ parent_id: t.ids.get('sud1') }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.parent_id).toEqual(['Agente padre non valido']);
  });

  it('answers per-field errors as arrays', async () => {
    const res = await create(leader, { business_name: '', email: 'non-una-mail', phone: '', fee_type: '', fee_value: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      business_name: ['Questo campo è obbligatorio'],
      email: ["L'indirizzo email indicato non è valido"],
      phone: ['Questo campo è obbligatorio'],
      fee_type: ['Questo campo è obbligatorio'],
      fee_value: ['Questo campo è obbligatorio'],
    });
    const taken = await create(leader, member({ email: 'Sara.Conti@demo.it' }));
    expect(taken.json().errors.email).toEqual(['Questo indirizzo email è già in uso']);
  });

  it('keeps percentages within 0..100 and the fixed fee to leaders whose group uses it', async () => {
    const over = await create(leader, member({ fee_type: 'HIERARCHICAL_PERCENTAGE', fee_value: 101 }));
    expect(over.json().errors.fee_value).toEqual(['Inserisci un valore compreso tra 0 e 100']);
    const negative = await create(leader, member({ fee_value: -1 }));
    expect(negative.json().errors.fee_value).toEqual(['Inserisci un valore compreso tra 0 e 100']);
    const edge = await create(leader, member({ fee_type: 'HIERARCHICAL_PERCENTAGE', fee_value: 100 }));
    expect(edge.statusCode).toBe(200);
    // capogruppo@demo.it's group uses FIXED_VALUE: euro amounts above 100 are fine.
    const fixed = await create(leader, member({ fee_type: 'FIXED_VALUE', fee_value: 250 }));
    expect(fixed.statusCode).toBe(200);
    // capogruppo.sud@demo.it's group does not.
    const notAllowed = await create(leaderSud, member({ fee_type: 'FIXED_VALUE', fee_value: 50 }));
    expect(notAllowed.statusCode).toBe(422);
    expect(notAllowed.json().errors.fee_type).toEqual(['Tipo di compenso non disponibile per la tua rete']);
  });

  it('enforces the sub-agent limit of feature network-sub-agent', async () => {
    const leaderId = t.ids.get('leader2')!;
    const current = (await members(leaderSud)).json().data.length as number;
    await t.database.db
      .update(userFeatures)
      .set({ limit: current + 1 })
      .where(eq(userFeatures.userId, leaderId));
    const s = await t.login('capogruppo.sud@demo.it');
    expect((await create(s.headers, member())).statusCode).toBe(200);
    const over = await create(s.headers, member());
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toBe('Hai raggiunto il numero massimo di sub-agenti della tua rete');
    await t.database.db.update(userFeatures).set({ limit: 10 }).where(eq(userFeatures.userId, leaderId));
  });
});

describe('PUT agent/{code}', () => {
  it('updates a member of the network', async () => {
    const list: { code: string; email: string }[] = (await members(leader)).json().data;
    const paolo = list.find((m) => m.email === 'paolo.marini@demo.it')!;
    const res = await t.inject({
      method: 'PUT',
      url: `/api/v1/agent/${paolo.code}`,
      headers: leader,
      payload: member({
        email: 'paolo.marini@demo.it',
        business_name: 'Marini Car Srl',
        fee_type: 'HIERARCHICAL_PERCENTAGE',
        fee_value: 45,
        parent_id: t.ids.get('sub1'),
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ business_name: 'Marini Car Srl', fee_value: 45, level: 2 });
  });

  it('refuses to put a member under itself or its own sub-agents', async () => {
    const list: { code: string; email: string }[] = (await members(leader)).json().data;
    const sara = list.find((m) => m.email === 'sara.conti@demo.it')!;
    const res = await t.inject({
      method: 'PUT',
      url: `/api/v1/agent/${sara.code}`,
      headers: leader,
      payload: member({ email: 'sara.conti@demo.it', parent_id: t.ids.get('sub3') }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.parent_id).toEqual(['Agente padre non valido']);
  });
});

describe('PATCH agent/{id}/toggle', () => {
  const toggle = (headers: Record<string, string>, id: number) => t.inject({ method: 'PATCH', url: `/api/v1/agent/${id}/toggle`, headers });

  it('suspends and reactivates; a suspended member cannot log in', async () => {
    const id = t.ids.get('sub2')!;
    const off = await toggle(leader, id);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('SUSPENDED');
    const login = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'paolo.marini@demo.it', password: 'Demo2026!' } });
    expect(login.statusCode).toBe(403);
    const on = await toggle(leader, id);
    expect(on.json().data.status).toBe('ACTIVATED');
  });

  it('cannot toggle a member still pending activation', async () => {
    const res = await toggle(leader, t.ids.get('sub5')!);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/non ha ancora attivato/);
  });
});

describe('member logins', () => {
  const profile = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers });
  const codeOf = async (email: string) => ((await members(leader)).json().data as { code: string; email: string }[]).find((m) => m.email === email)!.code;
  const activationLink = async (to: string) => {
    const rows = await t.database.db.select().from(mails).where(eq(mails.to, to));
    return rows.at(-1)?.text.match(/\/account\/activate\/([\w-]+)/)?.[1] ?? '';
  };

  it("refuses the leader's change of an active member's login email", async () => {
    const res = await t.inject({
      method: 'PUT',
      url: `/api/v1/agent/${await codeOf('elena.galli@demo.it')}`,
      headers: leader,
      payload: member({ email: 'elena.altra@example.it', parent_id: t.ids.get('sub1') }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(["L'email di accesso di un agente attivo può cambiarla solo l'agente stesso, dal proprio profilo"]);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, t.ids.get('sub3')!));
    expect(row?.email).toBe('elena.galli@demo.it');
  });

  it('lets the leader correct a pending member: the activation link goes to the new address, the old one stops working', async () => {
    const created = (await create(leader, member({ email: 'refuso@example.it' }))).json().data;
    const oldLink = await activationLink('refuso@example.it');
    const res = await t.inject({ method: 'PUT', url: `/api/v1/agent/${created.code}`, headers: leader, payload: member({ email: 'giusto@example.it' }) });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/v1/account/activate/${oldLink}` })).statusCode).toBe(404);
    const newLink = await activationLink('giusto@example.it');
    // Activation refuses a common password too.
    const weak = await t.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token: newLink, password: 'Password1', confirm_password: 'Password1', terms: true },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual(['Questa password è troppo comune e facile da indovinare: scegline un’altra']);
    const ok = await t.inject({
      method: 'POST',
      url: '/api/v1/account/activate',
      payload: { token: newLink, password: 'Benvenuto2026', confirm_password: 'Benvenuto2026', terms: true },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a suspension ends the sessions and the API key, and reactivating revives none of them', async () => {
    const s = await t.login('davide.greco@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    await t.inject({ method: 'POST', url: '/api/v1/account/password/forgot', payload: { email: 'davide.greco@demo.it' } });
    await t.app.authService.idle();
    const resetMail = (await t.database.db.select().from(mails).where(eq(mails.to, 'davide.greco@demo.it'))).at(-1);
    const resetToken = resetMail?.text.match(/\/account\/password\/([\w-]+)/)?.[1] ?? '';
    expect(resetToken).not.toBe('');
    const id = t.ids.get('sud1')!;
    const sud = (path: number) => t.inject({ method: 'PATCH', url: `/api/v1/agent/${path}/toggle`, headers: leaderSud });
    expect((await sud(id)).json().data.status).toBe('SUSPENDED');
    expect((await sud(id)).json().data.status).toBe('ACTIVATED');
    expect((await profile(s.headers)).statusCode).toBe(401);
    expect((await profile({ 'x-refresh-token': s.refresh })).statusCode).toBe(401);
    expect((await profile({ 'x-api-key': key })).statusCode).toBe(401);
    const reset = await t.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      payload: { token: resetToken, password: 'Ricambio2026', confirm_password: 'Ricambio2026' },
    });
    expect(reset.statusCode).toBe(404);
    expect((await profile((await t.login('davide.greco@demo.it')).headers)).statusCode).toBe(200);
  });
});

describe('scope', () => {
  it("a leader cannot see or touch another network's members (404)", async () => {
    const greco = t.ids.get('sud1')!;
    expect((await t.inject({ method: 'PATCH', url: `/api/v1/agent/${greco}/toggle`, headers: leader })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, greco));
    const put = await t.inject({ method: 'PUT', url: `/api/v1/agent/${row!.code}`, headers: leader, payload: member({ email: 'davide.greco@demo.it' }) });
    expect(put.statusCode).toBe(404);
    expect(row?.status).toBe('ACTIVATED');
    // Nor the leader of the other network, nor themselves.
    expect((await t.inject({ method: 'PATCH', url: `/api/v1/agent/${t.ids.get('leader2')}/toggle`, headers: leader })).statusCode).toBe(404);
    expect((await t.inject({ method: 'PATCH', url: `/api/v1/agent/${t.ids.get('leader')}/toggle`, headers: leader })).statusCode).toBe(404);
  });
});
