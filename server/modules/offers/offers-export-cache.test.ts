import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FilterDef } from '@core/schemas/offers';
import { offers as offersTable } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { offersTestApp, type H } from './offers.fixtures';

const { u, search, expected } = offersTestApp();
let t: TestApp;
let full: H;
beforeAll(() => void ({ t, full } = u));

describe('GET /search/catalog/filters', () => {
  it('lists the filter definitions, tags and orders', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/search/catalog/filters', headers: full });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.orders).toHaveLength(4);
    const brands = data.filters.find((f: FilterDef) => f.name === 'brands');
    expect(brands.options.find((o: { value: string }) => o.value === 'fiat')).toMatchObject({ label: 'Fiat', icon: null });
    expect(brands.options.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(expected({}).total);
  });
});

describe('POST /search/offers/export', () => {
  it('downloads the current result list as Offerte.xlsx', async () => {
    const body = { fuels: ['elettrica'] };
    const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers/export', headers: full, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('Offerte.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Offerte')!;
    expect(sheet.rowCount - 1).toBe(expected(body).total);
    expect(sheet.getRow(1).getCell(1).value).toBe('Codice');
    expect(sheet.getRow(2).getCell(5).value).toBe('Elettrica');
  });
});

// Answers are kept ready per index version for everyone who would get the same bytes (service.searchAnswer).
describe('POST /search/offers, repeated', () => {
  const body = { items: 100, sort: 'newest' } as const;

  it('answers the same bytes to a repeat, compressed as the client asks', async () => {
    const first = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload: body });
    const again = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload: body });
    expect(again.body).toBe(first.body);
    const br = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: { ...full, 'accept-encoding': 'gzip, br' }, payload: body });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: { ...full, 'accept-encoding': 'gzip;q=1, br;q=0' }, payload: body });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
  });

  it('does not give a network colleague the answer of an agent who owns offers', async () => {
    const [sara, paolo] = [(await t.login('sara.conti@demo.it')).headers, (await t.login('paolo.marini@demo.it')).headers];
    const paoloBefore = await search(body, paolo);
    const codes = paoloBefore.items.data.map((c) => c.code);
    const offer = (await t.database.db.query.offers.findFirst({
      where: and(inArray(offersTable.code, codes), isNull(offersTable.ownerUserId), isNull(offersTable.ownerGroup)),
    }))!;
    await t.database.db
      .update(offersTable)
      .set({ ownerUserId: t.ids.get('sub1')! })
      .where(eq(offersTable.id, offer.id));
    try {
      const saras = await search(body, sara);
      expect(saras.items.data.find((c) => c.code === offer.code)?.isOwned).toBe(true);
      const paolos = await search(body, paolo);
      expect(paolos.items.data.some((c) => c.code === offer.code || c.isOwned)).toBe(false);
      expect(paolos.total).toBe(paoloBefore.total - 1);
      // Colleagues with the same features and no offers of their own share one answer: still right.
      const elenas = await search(body, (await t.login('elena.galli@demo.it')).headers);
      expect(elenas).toEqual(paolos);
    } finally {
      await t.database.db.update(offersTable).set({ ownerUserId: null }).where(eq(offersTable.id, offer.id));
    }
    expect((await search(body, paolo)).total).toBe(paoloBefore.total);
  });
});

describe('GET /car/images/render/:file', () => {
  it('serves the generated SVG with a locked-down CSP', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/car/images/render/suv-1e88e5.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain('#1e88e5');
    expect(res.body).not.toMatch(/<script|on\w+=/i);
  });

  it.each(['suv-1e88e5.png', 'rocket-1e88e5.svg', 'suv-zzzzzz.svg', 'suv-1e88e5"onload=x.svg'])('refuses %s with 404', async (file) => {
    const res = await t.inject({ method: 'GET', url: `/api/v1/car/images/render/${encodeURIComponent(file)}` });
    expect(res.statusCode).toBe(404);
  });
});
