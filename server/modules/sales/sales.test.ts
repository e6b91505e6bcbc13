import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotationList, QuotationSearch } from '@core/schemas/sales';
import { SALES_MESSAGES } from '@core/schemas/sales';
import { customers, customerSnapshot, quotationDocuments, quotations, users } from '../../db/schema';
import { type AuthContext, loadAuthUser, userCan } from '../../lib/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { QuotationsService } from '../quotations/service';
import { SalesService } from './service';

// Test rows live in 2020-2021, far from the demo seed (the last 14 months), so every figure is known.
let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const id: Record<string, number> = {};
const codes: Record<string, string> = {};
let service: SalesService;

type Q = {
  owner: string;
  at: string;
  status?: 'OPEN' | 'WON' | 'LOST';
  commission?: number;
  customer?: number;
  code?: string | null;
  answers?: Record<string, string | number | boolean>;
};
const cust: Record<string, number> = {};

async function customer(owner: string, first: string, last: string, fc: string, over: Partial<typeof customers.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      ownerId: id[owner]!,
      firstName: first,
      lastName: last,
      email: `${first}@x.it`,
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

async function q(r: Q) {
  const createdAt = new Date(r.at);
  const [row] = await t.database.db
    .insert(quotations)
    .values({
      ownerId: id[r.owner]!,
      customerId: r.customer ?? cust[r.owner]!,
      customer: await snapshotOf(r.customer ?? cust[r.owner]!),
      offerRef: 'TEST-REF',
      status: r.status ?? 'OPEN',
      price: 400,
      basePrice: 400,
      deposit: 3000,
      duration: 36,
      distance: 15000,
      commission: r.commission ?? 100,
      code: r.code ?? null,
      sustainability: r.answers ? { answers: r.answers } : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

const search = (who: string, body: Partial<QuotationSearch>) =>
  t.inject({ method: 'POST', url: '/api/v1/quotations', headers: h[who], payload: { startDate: '2020-01-01', endDate: '2021-12-31', ...body } });
const list = async (who: string, body: Partial<QuotationSearch>) => {
  const res = await search(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuotationList;
};
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
    leader2: 'capogruppo.sud@demo.it',
  };
  for (const [k, email] of Object.entries(logins)) {
    h[k] = (await t.login(email)).headers;
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    id[k] = u!.id;
    codes[k] = u!.code;
  }
  service = new SalesService(t.database.db, new QuotationsService(t.database, t.app.files, { error: () => {} }));
  cust.full = await customer('full', 'Mario', 'Rossi', 'RSSMRA85T10A562S', { createdAt: new Date('2020-04-10T10:00:00Z') });
  cust.fullBiz = await customer('full', 'Anna', 'Neri', '01234567897', {
    businessName: 'Neri Trasporti Srl',
    vatNumber: '01234567897',
    employeeCategory: 'societa-capitale',
    employeeType: 'BUSINESS',
    employeeSecondaryType: 'BUSINESS',
    createdAt: new Date('2020-05-10T10:00:00Z'),
  });
  cust.sub1 = await customer('sub1', 'Giovanni', 'Bianchi', 'BNCGNN80A01F205X');
  cust.sub2 = await customer('sub2', 'Laura', 'Verdi', 'VRDLRA80A41F205Y');
  cust.base = await customer('base', 'Base', 'Cliente', 'CLNBSA80A01F205W');
  cust.leader2 = await customer('leader2', 'Sud', 'Cliente', 'CLNSDU80A01F839Z');
  // full: 25 quotations in 2020 (pagination), plus the period boundaries.
  for (let i = 0; i < 25; i++) {
    await q({
      owner: 'full',
      at: `2020-06-${String(1 + i).padStart(2, '0')}T10:00:00Z`,
      status: i % 3 === 0 ? 'WON' : i % 3 === 1 ? 'LOST' : 'OPEN',
      customer: i % 5 === 0 ? cust.fullBiz : cust.full,
    });
  }
  // 23:30 in Rome on 31 March (CEST, UTC+2) vs 00:30 on 1 April.
  await q({ owner: 'full', at: '2020-03-31T21:30:00Z', status: 'WON', commission: 10, code: '19990001', answers: { a: 1 } });
  await q({ owner: 'full', at: '2020-03-31T22:30:00Z', status: 'WON', commission: 20 });
  // New Year in Rome (CET, UTC+1): 23:30 UTC on 31 December is already 2021.
  await q({ owner: 'full', at: '2020-12-31T22:30:00Z', status: 'LOST', commission: 30 });
  await q({ owner: 'full', at: '2020-12-31T23:30:00Z', status: 'WON', commission: 40 });
  await q({ owner: 'sub1', at: '2020-06-15T10:00:00Z', status: 'WON', commission: 500 });
  await q({ owner: 'sub2', at: '2020-06-16T10:00:00Z', status: 'OPEN', commission: 700 });
  await q({ owner: 'base', at: '2021-03-03T10:00:00Z', status: 'OPEN', commission: 50 });
  await q({ owner: 'leader2', at: '2020-06-17T10:00:00Z', status: 'WON', commission: 900 });
});
afterAll(() => t.close());

describe('POST quotations', () => {
  it('paginates 10 per page, newest first, with the list item fields', async () => {
    const p1 = await list('full', { startDate: '2020-06-01', endDate: '2020-06-30' });
    expect(p1.total).toBe(25);
    expect(p1.lastPage).toBe(3);
    expect(p1.itemsPerPage).toBe(10);
    expect(p1.currentPage).toBe(1);
    expect(p1.items.data).toHaveLength(10);
    expect(p1.items.data[0]!.date).toBe('2020-06-25T10:00:00.000Z');
    const item = p1.items.data[0]!;
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining([
        'proposal_id',
        'code',
        'status',
        'date',
        'customer_name',
        'car_name',
        'price',
        'deposit',
        'commission',
        'agent_name',
        'hasAttachments',
        'stillValid',
        'qualified',
        'crm_id',
        'category',
        'sustainability',
        'hasAssistant',
      ]),
    );
    expect(item.commission).toBe(100); // fees-visibility
    expect(item.agent_name).toBe('Giulia Verdi');
    const p3 = await list('full', { startDate: '2020-06-01', endDate: '2020-06-30', page: 3 });
    expect(p3.items.data).toHaveLength(5);
    expect(p3.currentPage).toBe(3);
    const asc = await list('full', { startDate: '2020-06-01', endDate: '2020-06-30', sort: 'date-asc' });
    expect(asc.items.data[0]!.date).toBe('2020-06-01T10:00:00.000Z');
  });

  it('filters by status (several at once), customer text, fiscal code or VAT and quotation id, and combines them', async () => {
    const june = { startDate: '2020-06-01', endDate: '2020-06-30' };
    expect((await list('full', { ...june, status: ['WON'] })).total).toBe(9);
    expect((await list('full', { ...june, status: ['WON', 'LOST'] })).total).toBe(17);
    expect((await list('full', { ...june, status: ['WON', 'LOST', 'OPEN'] })).total).toBe(25);
    expect((await list('full', { ...june, query: 'rossi' })).total).toBe(20);
    expect((await list('full', { ...june, query: 'Mario Rossi' })).total).toBe(20);
    expect((await list('full', { ...june, query: 'neri trasporti' })).total).toBe(5);
    expect((await list('full', { ...june, query: 'nessuno' })).total).toBe(0);
    expect((await list('full', { ...june, fiscal_code: 'rssmra85t10a562s' })).total).toBe(20);
    expect((await list('full', { ...june, fiscal_code: '01234567897' })).total).toBe(5);
    expect((await list('full', { ...june, fiscal_code: '01234567897', status: ['WON'] })).total).toBe(2); // i = 0, 15
    expect((await list('full', { ...june, query: 'rossi', status: ['OPEN'] })).total).toBe(6); // i = 2, 8, 11, 14, 17, 23
    const coded = await list('full', { quotation_id: '19990001' });
    expect(coded.items.data.map((i) => i.code)).toEqual(['19990001']);
    expect(coded.items.data[0]!.step).toBe(5); // won: the outcome, whatever it skipped (core/quotation.ts trackerStep)
    const byId = await list('full', { quotation_id: String(coded.items.data[0]!.proposal_id) });
    expect(byId.total).toBe(1);
    expect(byId.items.data[0]!.customer_name).toBe('Mario Rossi');
    expect((await list('full', { ...june, quotation_id: '19990001' })).total).toBe(0); // outside the dates
  });

  it('filters on Rome calendar days', async () => {
    const april = await list('full', { startDate: '2020-04-01', endDate: '2020-04-30' });
    expect(april.items.data.map((i) => i.date)).toEqual(['2020-03-31T22:30:00.000Z']);
    const march31 = await list('full', { startDate: '2020-03-31', endDate: '2020-03-31' });
    expect(march31.items.data.map((i) => i.date)).toEqual(['2020-03-31T21:30:00.000Z']);
  });

  it('needs both dates, real ones, start not after end', async () => {
    const noStart = await t.inject({ method: 'POST', url: '/api/v1/quotations', headers: h.full, payload: { endDate: '2020-01-01' } });
    expect(noStart.statusCode).toBe(422);
    expect(noStart.json().errors.startDate).toEqual([SALES_MESSAGES.startRequired]);
    const noEnd = await t.inject({ method: 'POST', url: '/api/v1/quotations', headers: h.full, payload: { startDate: '2020-01-01' } });
    expect(noEnd.json().errors.endDate).toEqual([SALES_MESSAGES.endRequired]);
    const reversed = await search('full', { startDate: '2020-02-01', endDate: '2020-01-31' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.startDate).toEqual([SALES_MESSAGES.startAfterEnd]);
    const bad = await search('full', { startDate: '2020-02-30', endDate: '2020-03-01' });
    expect(bad.json().errors.startDate).toEqual([SALES_MESSAGES.badDate]);
    expect((await search('full', { startDate: '2020-06-01', endDate: '2020-06-01' })).statusCode).toBe(200);
  });

  it('scopes rows: an agent sees their own, a leader the network, agent_id narrows within the scope', async () => {
    const june = { startDate: '2020-06-01', endDate: '2020-06-30' };
    expect((await list('sub1', june)).total).toBe(1);
    expect((await list('base', june)).total).toBe(0);
    const net = await list('leader', june);
    expect(net.total).toBe(2);
    expect((await list('leader', { ...june, agent_id: id.sub2 })).items.data.map((i) => i.agent_name)).toEqual(['Paolo Marini']);
    expect((await list('leader', { ...june, agent_id: id.leader2 })).total).toBe(0);
    expect((await list('sub1', { ...june, agent_id: id.sub2 })).total).toBe(0);
    // Without fees-visibility the commission is not sent.
    const noFees = await list('base', { startDate: '2021-03-01', endDate: '2021-03-31' });
    expect(noFees.total).toBe(1);
    expect(noFees.items.data[0]!.commission).toBeNull();
  });

  it('shows attachments on the item', async () => {
    const row = await q({ owner: 'sub2', at: '2021-02-02T10:00:00Z', code: '19990002', answers: { x: 1 } });
    await t.database.db.insert(quotationDocuments).values({ quotationId: row.id, fileType: 'identity', name: 'ci.pdf', storedName: 'x', size: 10 });
    const [item] = (await list('sub2', { quotation_id: '19990002' })).items.data;
    expect(item!.hasAttachments).toBe(true);
    expect(item!.step).toBe(4);
  });
});

describe('GET quotations/filters', () => {
  it('gives the statuses and the agents of the scope', async () => {
    const mine = (await t.inject({ method: 'GET', url: '/api/v1/quotations/filters', headers: h.sub1 })).json().data;
    expect(mine.statuses).toEqual([
      { value: 'OPEN', label: 'In corso' },
      { value: 'WON', label: 'Vinto' },
      { value: 'LOST', label: 'Perso' },
    ]);
    expect(mine.agents.map((a: { code: string }) => a.code)).toEqual([codes.sub1]);
    const net = (await t.inject({ method: 'GET', url: '/api/v1/quotations/filters', headers: h.leader })).json().data;
    expect(net.agents[0].code).toBe(codes.leader);
    expect(net.agents.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['Sara Conti', 'Paolo Marini']));
    expect(net.agents.map((a: { code: string }) => a.code)).not.toContain(codes.leader2);
  });

  it('gives each agent’s logo as an address the app can show (not the stored file name)', async () => {
    await t.database.db.update(users).set({ logo: 'logos/sara.png' }).where(eq(users.code, codes.sub1!));
    const net = (await t.inject({ method: 'GET', url: '/api/v1/quotations/filters', headers: h.leader })).json().data;
    const sara = net.agents.find((a: { code: string }) => a.code === codes.sub1);
    expect(sara.image).toMatch(new RegExp(`^/api/v1/agent/logo/${codes.sub1}\\?v=\\d+$`));
    expect(net.agents.find((a: { code: string }) => a.code === codes.leader).image).toBeNull();
    await t.database.db.update(users).set({ logo: null }).where(eq(users.code, codes.sub1!));
  });
});

describe('POST quotations/export', () => {
  it('is a real Preventivi.xlsx with the same rows as the list, all pages', async () => {
    const filter = { startDate: '2020-06-01', endDate: '2020-06-30', status: ['WON', 'OPEN'] as ('WON' | 'OPEN')[] };
    const res = await t.inject({ method: 'POST', url: '/api/v1/quotations/export', headers: h.full, payload: filter });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Preventivi.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Preventivi')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Numero preventivo',
      'Codice',
      'Data',
      'Stato',
      'Cliente',
      'Categoria',
      'Auto',
      'Canone mensile',
      'Anticipo',
      'Provvigione',
      'Agente',
    ]);
    const items = [];
    for (let page = 1; page <= 2; page++) items.push(...(await list('full', { ...filter, page })).items.data);
    expect(sheet.rowCount - 1).toBe(items.length);
    expect(items.length).toBe(17);
    items.forEach((item, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(item.proposal_id);
      expect(row.getCell(3).value).toEqual(new Date(`${item.date.slice(0, 10)}T00:00:00Z`));
      expect(row.getCell(3).numFmt).toBe('dd/mm/yyyy');
      expect(row.getCell(4).value).toBe(item.status === 'WON' ? 'Vinto' : 'In corso');
      expect(row.getCell(5).value).toBe(item.customer_name);
      expect(row.getCell(8).value).toBe(item.price);
      expect(row.getCell(8).numFmt).toContain('€');
      expect(row.getCell(10).value).toBe(item.commission);
    });
  });

  it('validates the dates as the list does, and leaves out the commission without fees-visibility', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/v1/quotations/export',
      headers: h.full,
      payload: { startDate: '2020-02-01', endDate: '2020-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/quotations/export',
      headers: h.base,
      payload: { startDate: '2021-03-01', endDate: '2021-03-31' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Preventivi')!;
    expect((sheet.getRow(1).values as unknown[]).includes('Provvigione')).toBe(false);
    expect(sheet.rowCount).toBe(2);
  });
});

describe('GET agent/{code}/statistics', () => {
  it('counts a month in Rome time, with previous effective profit and new customers', async () => {
    const auth = await authFor('full');
    const april = await service.stats.statistics(auth, codes.full!, 'month', new Date('2020-04-15T12:00:00Z'));
    expect([april.open, april.won, april.lost]).toEqual([0, 1, 0]);
    expect(april.effective_profit).toBe(20);
    expect(april.previous_effective_profit).toBe(10); // March, up to 23:30 Rome on the 31st
    expect(april.new_customers).toBe(1);
    expect(april.selectedRange).toEqual({ interval: 'month', start: '2020-04-01', end: '2020-04-30' });
    // Just after midnight in Rome on 1 April (still 31 March in UTC) it is already April.
    const justAfter = await service.stats.statistics(auth, codes.full!, 'today', new Date('2020-03-31T22:40:00Z'));
    expect(justAfter.selectedRange.start).toBe('2020-04-01');
    expect(justAfter.won).toBe(1);
    const prev = await service.stats.statistics(auth, codes.full!, 'prevmonth', new Date('2020-04-01T00:00:00Z'));
    expect(prev.selectedRange).toEqual({ interval: 'prevmonth', start: '2020-03-01', end: '2020-03-31' });
    expect(prev.effective_profit).toBe(10);
  });

  it('splits years at Rome midnight, and gives the 12 months of the year', async () => {
    const auth = await authFor('full');
    const y2020 = await service.stats.statistics(auth, codes.full!, 'year', new Date('2020-07-01T10:00:00Z'));
    expect(y2020.won).toBe(9 + 2);
    expect(y2020.lost).toBe(8 + 1);
    expect(y2020.open).toBe(8);
    expect(y2020.monthly).toHaveLength(12);
    expect(y2020.monthly[5]).toEqual({ month: 6, open: 8, won: 9, lost: 8 });
    expect(y2020.monthly[2]!.won + y2020.monthly[3]!.won).toBe(2);
    expect(y2020.monthly[11]).toEqual({ month: 12, open: 0, won: 0, lost: 1 });
    const y2021 = await service.stats.statistics(auth, codes.full!, 'prevyear', new Date('2022-01-01T00:30:00Z'));
    expect(y2021.selectedRange).toEqual({ interval: 'prevyear', start: '2021-01-01', end: '2021-12-31' });
    expect(y2021.won).toBe(1);
    expect(y2021.effective_profit).toBe(40);
    expect(y2021.previous_effective_profit).toBe(9 * 100 + 10 + 20);
    const days = await service.stats.statistics(auth, codes.full!, 'days', new Date('2020-06-07T10:00:00Z'));
    expect(days.selectedRange).toEqual({ interval: 'days', start: '2020-06-01', end: '2020-06-07' });
    expect(days.open + days.won + days.lost).toBe(7);
  });

  it('scopes by code: own figures, the network for a leader, an agent of the network, 404 otherwise', async () => {
    const now = new Date('2020-06-20T10:00:00Z');
    const leader = await authFor('leader');
    const net = await service.stats.statistics(leader, codes.leader!, 'month', now);
    expect([net.open, net.won]).toEqual([1, 1]);
    expect(net.effective_profit).toBe(500);
    expect(net.potential_profit).toBe(700);
    const base = await service.stats.statistics(await authFor('base'), codes.base!, 'month', new Date('2021-03-10T10:00:00Z'));
    expect(base.open).toBe(1);
    expect(base.effective_profit).toBeNull(); // no fees-visibility
    expect(base.previous_effective_profit).toBeNull();
    const one = await service.stats.statistics(leader, codes.sub1!, 'month', now);
    expect([one.open, one.won]).toEqual([0, 1]);
    await expect(service.stats.statistics(leader, codes.leader2!, 'month', now)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.stats.statistics(await authFor('sub1'), codes.sub2!, 'month', now)).rejects.toMatchObject({ statusCode: 404 });
    // Over HTTP.
    const res = await t.inject({ method: 'GET', url: `/api/v1/agent/${codes.full}/statistics?interval=year`, headers: h.full });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.monthly).toHaveLength(12);
    expect((await t.inject({ method: 'GET', url: `/api/v1/agent/${codes.full}/statistics?interval=year`, headers: h.sub1 })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/v1/agent/${codes.full}/statistics?interval=week`, headers: h.full })).statusCode).toBe(422);
    expect((await t.inject({ method: 'GET', url: `/api/v1/agent/NOPE/statistics`, headers: h.full })).statusCode).toBe(404);
  });
});
