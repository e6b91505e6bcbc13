import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPage, CustomerDetail, CustomerList, NetworkStatistics } from '@core/schemas/network';
import { customers, customerSnapshot, quotations, users } from '../../db/schema';
import { type AuthContext, loadAuthUser, userCan } from '../../lib/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { QuotationsService } from '../quotations/service';
import { SalesService } from './service';

// Customers, agent page and network figures. Test quotations live in 2020, far from the demo seed
// (the last 14 months), so every figure is known; customer names start with 'Zz' to tell them from the seed's.
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const id: Record<string, number> = {};
const codes: Record<string, string> = {};
const cust: Record<string, number> = {};
let service: SalesService;

async function customer(owner: string, first: string, last: string, fc: string, over: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      ownerId: id[owner]!,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}@x.it`,
      fiscalCode: fc,
      employeeCategory: 'tempo-indeterminato',
      employeeType: 'PRIVATE',
      employeeSecondaryType: 'PRIVATE',
      ...over,
    })
    .returning();
  return row!.id;
}

/** The customer as a quotation keeps it (schema/quotations.ts). */
async function snapshotOf(customerId: number) {
  const [c] = await t.database.db.select().from(customers).where(eq(customers.id, customerId));
  return customerSnapshot(c!);
}

async function q(owner: string, customerId: number, at: string, status: 'OPEN' | 'WON' | 'LOST' = 'OPEN', commission = 100) {
  const createdAt = new Date(at);
  const [row] = await t.database.db
    .insert(quotations)
    .values({
      ownerId: id[owner]!,
      customerId,
      customer: await snapshotOf(customerId),
      offerRef: 'TEST-REF',
      status,
      price: 400,
      basePrice: 400,
      deposit: 3000,
      duration: 36,
      distance: 15000,
      commission,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!.id;
}

const get = (who: string, url: string) => t.inject({ method: 'GET', url: `/api/v1/${url}`, headers: h[who] });
async function ok<T>(who: string, url: string): Promise<T> {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
async function authFor(key: string): Promise<AuthContext> {
  const user = (await loadAuthUser(t.database.db, id[key]!))!;
  return { user, familyId: null, via: 'token', can: (f) => userCan(user, f) } as AuthContext;
}

beforeAll(async () => {
  t = await createTestApp();
  const logins = {
    full: 'completo@demo.it',
    base: 'agente@demo.it',
    leader: 'capogruppo@demo.it',
    sub1: 'sara.conti@demo.it',
    sub2: 'paolo.marini@demo.it',
    sub3: 'elena.galli@demo.it',
    leader2: 'capogruppo.sud@demo.it',
  };
  for (const [k, email] of Object.entries(logins)) {
    h[k] = (await t.login(email)).headers;
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    id[k] = u!.id;
    codes[k] = u!.code;
  }
  service = new SalesService(t.database.db, new QuotationsService(t.database, t.app.files, { error: () => {} }));
  // base has no seed customers: 12 of them for pagination, alphabetical by name.
  for (let i = 0; i < 12; i++) {
    cust[`base${i}`] = await customer('base', `Zzbase${String.fromCharCode(65 + i)}`, 'Cliente', `BSECLN80A01F2${String(10 + i)}X`);
  }
  cust.full = await customer('full', 'Zzmario', 'Rossi', 'RSSMRA85T10A562S', { city: 'Torino' });
  cust.fullBiz = await customer('full', 'Zzanna', 'Neri', '01234567897', {
    businessName: 'Zz Neri Trasporti Srl',
    vatNumber: '01234567897',
    employeeCategory: 'societa-capitale',
    employeeType: 'BUSINESS',
    employeeSecondaryType: 'BUSINESS',
  });
  cust.sub1 = await customer('sub1', 'Zzgiovanni', 'Bianchi', 'BNCGNN80A01F205X', { createdAt: new Date('2020-06-02T10:00:00Z') });
  cust.sub3 = await customer('sub3', 'Zzelena', 'Cliente', 'CLNLNE80A41F205Q');
  cust.leader = await customer('leader', 'Zzcapo', 'Cliente', 'CLNCPA80A01F205K', { createdAt: new Date('2020-06-03T10:00:00Z') });
  cust.leader2 = await customer('leader2', 'Zzsud', 'Cliente', 'CLNSDU80A01F839Z');
  for (let i = 0; i < 7; i++) await q('full', cust.full, `2020-06-${String(10 + i)}T10:00:00Z`, i % 2 ? 'WON' : 'OPEN');
  await q('full', cust.fullBiz, '2020-06-20T10:00:00Z', 'LOST');
  await q('sub1', cust.sub1, '2020-06-15T10:00:00Z', 'WON', 500);
  await q('sub1', cust.sub1, '2020-06-16T10:00:00Z', 'OPEN', 70);
  await q('sub3', cust.sub3, '2020-06-17T10:00:00Z', 'LOST', 30);
  await q('leader', cust.leader, '2020-06-18T10:00:00Z', 'WON', 200);
  await q('leader2', cust.leader2, '2020-06-17T10:00:00Z', 'WON', 900);
});
afterAll(() => t.close());

describe('GET customers', () => {
  it('lists the caller own customers, 10 a page in name order, with the list fields', async () => {
    const p1 = await ok<CustomerList>('base', 'customers');
    expect(p1.total).toBe(12);
    expect(p1.lastPage).toBe(2);
    expect(p1.itemsPerPage).toBe(10);
    expect(p1.items.data).toHaveLength(10);
    expect(p1.items.data[0]!.name).toBe('ZzbaseA Cliente');
    expect(p1.items.data[0]!.agent.code).toBe(codes.base);
    expect(p1.items.data[0]!.category).toEqual({ id: 'tempo-indeterminato', description: expect.any(String) });
    const p2 = await ok<CustomerList>('base', 'customers?page=2');
    expect(p2.currentPage).toBe(2);
    expect(p2.items.data.map((c) => c.name)).toEqual(['ZzbaseK Cliente', 'ZzbaseL Cliente']);
    const past = await ok<CustomerList>('base', 'customers?page=9');
    expect(past.items.data).toEqual([]);
  });

  it('searches by name, business name, fiscal code and VAT number, and counts quotations', async () => {
    const byName = await ok<CustomerList>('full', 'customers?query=zzmario%20ross');
    expect(byName.items.data.map((c) => c.id)).toEqual([cust.full]);
    expect(byName.items.data[0]!.quotations).toBe(7);
    expect(byName.items.data[0]!.last_quotation).toBe('2020-06-16T10:00:00.000Z');
    expect((await ok<CustomerList>('full', 'customers?query=neri%20trasp')).items.data.map((c) => c.id)).toEqual([cust.fullBiz]);
    expect((await ok<CustomerList>('full', 'customers?query=rssmra85t10')).items.data.map((c) => c.id)).toEqual([cust.full]);
    const byVat = await ok<CustomerList>('full', 'customers?query=01234567897');
    expect(byVat.items.data.map((c) => c.id)).toEqual([cust.fullBiz]);
    expect(byVat.items.data[0]!.name).toBe('Zz Neri Trasporti Srl');
    // LIKE wildcards are literal.
    expect((await ok<CustomerList>('full', 'customers?query=%25')).total).toBe(0);
  });

  it('scopes: an agent sees their own, a leader the network, agent_id narrows within the scope', async () => {
    const names = async (who: string, extra = '') => (await ok<CustomerList>(who, `customers?query=zz${extra}`)).items.data.map((c) => c.id);
    expect(await names('full')).toEqual(expect.arrayContaining([cust.full, cust.fullBiz]));
    expect(await names('full')).toHaveLength(2);
    expect(await names('sub1')).toEqual([cust.sub1]);
    const leader = await names('leader');
    expect(leader).toEqual(expect.arrayContaining([cust.leader, cust.sub1, cust.sub3]));
    expect(leader).not.toContain(cust.leader2);
    expect(leader).not.toContain(cust.full);
    expect(await names('leader', `&agent_id=${id.sub1}`)).toEqual([cust.sub1]);
    // Outside the scope: nothing, not an error.
    expect(await names('leader', `&agent_id=${id.leader2}`)).toEqual([]);
    expect(await names('sub1', `&agent_id=${id.leader}`)).toEqual([]);
  });

  it('refuses bad input with the error envelope', async () => {
    for (const url of ['customers?page=0', 'customers?page=abc', 'customers?page=1.5', `customers?query=${'x'.repeat(101)}`, 'customers?agent_id=-3']) {
      const res = await get('full', url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.http_code).toBe(422);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await t.inject({ method: 'GET', url: '/api/v1/customers' })).statusCode).toBe(401);
  });
});

describe('GET customers/{customer}', () => {
  it('gives the customer with their quotations, newest first', async () => {
    const { data } = await ok<{ data: CustomerDetail }>('full', `customers/${cust.full}`);
    expect(data.name).toBe('Zzmario Rossi');
    expect(data.fiscal_code).toBe('RSSMRA85T10A562S');
    expect(data.city).toBe('Torino');
    expect(data.quotation_list).toHaveLength(7);
    expect(data.quotation_list[0]!.date).toBe('2020-06-16T10:00:00.000Z');
    expect(data.quotation_list[0]!.commission).toBe(100);
    expect(data.quotation_list.every((x) => x.customer_name === 'Zzmario Rossi')).toBe(true);
  });

  it('is 404 outside the scope, reachable by the leader for the network', async () => {
    expect((await get('base', `customers/${cust.full}`)).statusCode).toBe(404);
    expect((await get('sub1', `customers/${cust.leader}`)).statusCode).toBe(404);
    expect((await get('leader2', `customers/${cust.sub1}`)).statusCode).toBe(404);
    expect((await get('full', 'customers/999999')).statusCode).toBe(404);
    const { data } = await ok<{ data: CustomerDetail }>('leader', `customers/${cust.sub3}`);
    expect(data.agent.code).toBe(codes.sub3);
    expect(data.quotation_list).toHaveLength(1);
    expect(data.quotation_list[0]!.status).toBe('LOST');
  });

  it('leaves out the commission without fees-visibility, and refuses a non-numeric id', async () => {
    const [fresh] = await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.id, cust.base0!));
    await q('base', fresh!.id, '2020-06-05T10:00:00Z');
    const { data } = await ok<{ data: CustomerDetail }>('base', `customers/${cust.base0}`);
    expect(data.quotation_list[0]!.commission).toBeNull();
    expect((await get('base', 'customers/abc')).statusCode).toBe(422);
    expect((await get('base', 'customers/0')).statusCode).toBe(422);
  });
});

describe('GET agents/{agent}', () => {
  it('gives the agent profile, their own figures and latest quotations', async () => {
    const auth = await authFor('full');
    const page = await service.stats.agentPage(auth, codes.full!, 'month', new Date('2020-06-25T10:00:00Z'));
    expect(page.agent.name).toBe('Giulia Verdi');
    expect(page.agent.email).toBe('completo@demo.it');
    expect(page.agent.status).toBe('ACTIVATED');
    expect(page.statistics.open + page.statistics.won + page.statistics.lost).toBe(8);
    expect(page.statistics.won).toBe(3);
    expect(page.recent_quotations).toHaveLength(5);
    const dates = page.recent_quotations.map((x) => x.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.recent_quotations.every((x) => x.agent_name === 'Giulia Verdi')).toBe(true);
    const http = await ok<{ data: AgentPage }>('full', `agents/${codes.full}?interval=year`);
    expect(http.data.agent.code).toBe(codes.full);
    expect(http.data.statistics.monthly).toHaveLength(12);
    expect(http.data.recent_quotations.length).toBeLessThanOrEqual(5);
  });

  it('for a leader: own page shows own figures (not the network), network agents open, others 404', async () => {
    const leader = await authFor('leader');
    const now = new Date('2020-06-25T10:00:00Z');
    const own = await service.stats.agentPage(leader, codes.leader!, 'month', now);
    expect([own.statistics.open, own.statistics.won, own.statistics.lost]).toEqual([0, 1, 0]);
    expect(own.statistics.effective_profit).toBe(200);
    const sub3 = await service.stats.agentPage(leader, codes.sub3!, 'month', now);
    expect(sub3.statistics.lost).toBe(1);
    expect(sub3.agent.parent?.code).toBe(codes.sub1);
    expect((await get('leader', `agents/${codes.sub1}`)).statusCode).toBe(200);
    expect((await get('leader', `agents/${codes.leader2}`)).statusCode).toBe(404);
    expect((await get('leader', `agents/${codes.full}`)).statusCode).toBe(404);
  });

  it('is 404 for an ordinary agent on anyone else, their leader included, and for unknown codes', async () => {
    expect((await get('sub1', `agents/${codes.leader}`)).statusCode).toBe(404);
    expect((await get('sub1', `agents/${codes.sub2}`)).statusCode).toBe(404);
    expect((await get('base', `agents/${codes.full}`)).statusCode).toBe(404);
    expect((await get('base', 'agents/NOPE')).statusCode).toBe(404);
    const bad = await get('base', `agents/${codes.base}?interval=week`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.interval).toBeDefined();
  });
});

describe('GET network/statistics', () => {
  it('gives per-agent figures of the network, the leader first, and their totals', async () => {
    const s = await service.stats.network(await authFor('leader'), 'month', new Date('2020-06-25T10:00:00Z'));
    expect(s.selectedRange).toEqual({ interval: 'month', start: '2020-06-01', end: '2020-06-30' });
    expect(s.agents[0]!.agent.code).toBe(codes.leader);
    const byCode = new Map(s.agents.map((a) => [a.agent.code, a]));
    expect(byCode.has(codes.leader2!)).toBe(false);
    expect(byCode.has(codes.full!)).toBe(false);
    const sub1 = byCode.get(codes.sub1!)!;
    expect([sub1.open, sub1.won, sub1.lost, sub1.effective_profit, sub1.potential_profit, sub1.new_customers]).toEqual([1, 1, 0, 500, 70, 1]);
    expect(sub1.customers).toBeGreaterThanOrEqual(1);
    expect(byCode.get(codes.sub3!)!.agent.parent_code).toBe(codes.sub1);
    expect(byCode.get(codes.sub3!)!.lost).toBe(1);
    // The seed's suspended and pending members are part of the network too.
    expect(s.agents.map((a) => a.agent.status)).toEqual(expect.arrayContaining(['SUSPENDED', 'PENDING_ACTIVATION']));
    expect(s.totals.open).toBe(1);
    expect(s.totals.won).toBe(2);
    expect(s.totals.lost).toBe(1);
    expect(s.totals.effective_profit).toBe(700);
    expect(s.totals.new_customers).toBe(2);
    expect(s.totals.customers).toBe(s.agents.reduce((n, a) => n + a.customers, 0));
  });

  it('is for group leaders with feature network only (403), and validates the interval', async () => {
    const res = await ok<{ data: NetworkStatistics }>('leader2', 'network/statistics?interval=year');
    expect(res.data.agents.map((a) => a.agent.code)).toContain(codes.leader2);
    expect(res.data.agents.map((a) => a.agent.code)).not.toContain(codes.leader);
    for (const who of ['base', 'full', 'sub1']) {
      const r = await get(who, 'network/statistics');
      expect(r.statusCode, who).toBe(403);
      expect(r.json().error.http_code).toBe(403);
    }
    expect((await get('leader', 'network/statistics?interval=week')).statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents the new routes', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, { get?: unknown }>;
    for (const p of ['/api/v1/customers', '/api/v1/customers/{customer}', '/api/v1/agents/{agent}', '/api/v1/network/statistics'])
      expect(paths[p]?.get, p).toBeTruthy();
  });
});
