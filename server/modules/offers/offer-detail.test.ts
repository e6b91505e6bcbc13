import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMonthly } from '@core/format';
import { configure } from '@core/offer-detail';
import { toEuros } from '@core/money';
import type { OfferDetail } from '@core/schemas/offer-detail';
import { offers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { pdfContentStreams } from '../../test/pdf-content';

let t: TestApp;
let full: Record<string, string>; // fees-visibility, catalog
let base: Record<string, string>; // no features
let leader: Record<string, string>; // group NET-NORD

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.login('completo@demo.it')).headers;
  base = (await t.login('agente@demo.it')).headers;
  leader = (await t.login('capogruppo@demo.it')).headers;
});
afterAll(() => t.close());

const get = (url: string, headers = full) => t.inject({ method: 'GET', url: `/api/v1/offers/${url}`, headers });
const detail = async (url: string, headers = full) => {
  const res = await get(url, headers);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as OfferDetail;
};
const db = () => t.database.db;
const codeWhere = async (where: ReturnType<typeof and>) => {
  const [row] = await db().select({ code: offers.code }).from(offers).where(where).limit(1);
  if (!row) throw new Error('no such offer in the demo');
  return row.code;
};

/** The text pdfkit drew: hex glyph strings of the content streams' TJ arrays joined. */
function pdfText(pdf: Buffer): string {
  let out = '';
  for (const content of pdfContentStreams(pdf)) {
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const hex of tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)) out += Buffer.from(hex[1]!, 'hex').toString('latin1');
      out += '\n';
    }
  }
  // WinAnsi: 0x80 is the euro sign, 0xa0 a no-break space.
  return out.replace(/\x80/g, '€');
}

describe('GET /offers/:id', () => {
  it('answers the offer with car, options, colours, services and child offers', async () => {
    const code = await codeWhere(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup)));
    const d = await detail(code);
    expect(d.code).toBe(code);
    expect(d.child.data.length).toBeGreaterThan(1);
    expect(d.child.data.map((c) => c.ref)).toContain(d.ref);
    expect(Object.keys(d.car).sort()).toEqual(
      [
        'altezza',
        'bagagliaio',
        'body',
        'brand',
        'category',
        'cilindrata',
        'code',
        'consumo_medio',
        'descrizione_cambio',
        'descrizione_modello',
        'descrizione_trazione',
        'emissioni_co2',
        'fuel',
        'hp',
        'kw',
        'larghezza',
        'lunghezza',
        'porte',
        'posti',
        'vehicleType',
        'allestimento',
      ].sort(),
    );
    expect(d.colors.length).toBeGreaterThan(0);
    expect(d.colors.every((c) => c.group === 'Vernici')).toBe(true);
    expect(d.optionalAccessories.every((c) => c.group !== 'Vernici')).toBe(true);
    expect(d.services.some((s) => s.included)).toBe(true);
    expect(d.services.some((s) => s.has_price_map && s.price_map)).toBe(true);
    expect(d.expired).toBe(false);
  });

  it('takes the child offer from the query, or by its ref; marks a vanished selection expired', async () => {
    const code = await codeWhere(isNull(offers.ownerUserId));
    const all = await detail(code);
    const last = all.child.data.at(-1)!;
    const q = await detail(`${code}?duration=${last.duration}&deposit=${last.deposit}&distance=${last.distance}`);
    expect(q).toMatchObject({ ref: last.ref, duration: last.duration, deposit: last.deposit, distance: last.distance, expired: false });
    expect((await detail(last.ref)).ref).toBe(last.ref);
    const gone = await detail(`${code}?duration=119&deposit=0&distance=15000`);
    expect(gone.expired).toBe(true);
  });

  it('accepts and validates the filter object, contractualCategory and answers', async () => {
    const code = await codeWhere(isNull(offers.ownerUserId));
    const all = await detail(code);
    const duration = all.child.data.at(-1)!.duration;
    const filtered = await detail(`${code}?filter=${encodeURIComponent(JSON.stringify({ durations: [duration] }))}`);
    expect(filtered.duration).toBe(duration);
    expect((await get(`${code}?filter=${encodeURIComponent('{"durations":"x"}')}`)).statusCode).toBe(422);
    expect((await get(`${code}?filter=notjson`)).statusCode).toBe(422);
    expect((await get(`${code}?answers=broken`)).statusCode).toBe(422);
    expect((await get(`${code}?answers=a%3D1`)).statusCode).toBe(422); // answers need a category
    expect((await get(`${code}?contractualCategory=nope`)).statusCode).toBe(422);
    expect((await get(`${code}?contractualCategory=tempo-indeterminato`)).statusCode).toBe(200);
  });

  it('sends fees and commission flags only with fees-visibility', async () => {
    const code = await codeWhere(isNull(offers.ownerUserId));
    const seller = await detail(code, full);
    expect(seller.fees).toMatchObject({ originalMonthlyRate: seller.monthly_rate });
    expect(seller.fees!.minFeeValue).toBeLessThanOrEqual(seller.fees!.defaultFeeValue);
    expect(seller.fees!.maxFeeValue).toBeGreaterThanOrEqual(seller.fees!.defaultFeeValue);
    expect(typeof seller.has_extra_commission).toBe('boolean');
    const res = await get(code, base);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('"fees"');
    expect(res.body).not.toContain('has_extra_commission');
  });

  it('shows private notes only on Catalogo offers and only to the user who made the offer', async () => {
    const catalogo = await codeWhere(and(eq(offers.tag, 'Catalogo'), isNotNull(offers.privateNotes), isNull(offers.ownerUserId), isNull(offers.ownerGroup)));
    const other = await codeWhere(and(isNull(offers.tag), isNotNull(offers.privateNotes), isNull(offers.ownerUserId), isNull(offers.ownerGroup)));
    // Nobody made the platform's own offers: even a seller (fees-visibility) reads no notes on them.
    expect((await get(catalogo, full)).body).not.toContain('private_notes');
    expect((await get(catalogo, base)).body).not.toContain('private_notes');
    expect((await get(other, full)).body).not.toContain('private_notes');
    await t.database.db
      .update(offers)
      .set({ ownerUserId: t.ids.get('full')! })
      .where(eq(offers.code, catalogo));
    try {
      expect((await detail(catalogo, full)).private_notes).toBeTruthy();
    } finally {
      await t.database.db.update(offers).set({ ownerUserId: null }).where(eq(offers.code, catalogo));
    }
  });

  it('answers 404 for offers the user may not see, unknown ids and deleted offers', async () => {
    const sud = await codeWhere(eq(offers.ownerGroup, 'NET-SUD'));
    const nord = await codeWhere(eq(offers.ownerGroup, 'NET-NORD'));
    const own = await codeWhere(eq(offers.ownerUserId, t.ids.get('full')!));
    expect((await get(sud, leader)).statusCode).toBe(404);
    expect((await get(nord, leader)).statusCode).toBe(200);
    expect((await get(nord, full)).statusCode).toBe(404);
    expect((await get(own, full)).statusCode).toBe(200);
    expect((await detail(own, full)).isOwned).toBe(true);
    expect((await get(own, base)).statusCode).toBe(404);
    const child = (await detail(own, full)).ref;
    expect((await get(child, base)).statusCode).toBe(404);
    expect((await get('OF999999', full)).statusCode).toBe(404);
    const gone = await codeWhere(isNull(offers.ownerUserId));
    await db()
      .update(offers)
      .set({ deletedAt: sql`now()` })
      .where(eq(offers.code, gone));
    expect((await get(gone, full)).statusCode).toBe(404);
    await db().update(offers).set({ deletedAt: null }).where(eq(offers.code, gone));
    expect((await t.inject({ method: 'GET', url: `/api/v1/offers/${gone}` })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the detail and the attachment', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/v1/offers/{id}'].get).toBeTruthy();
    expect(doc.paths['/api/v1/offers/attachment'].post).toBeTruthy();
  });
});

describe('POST /offers/attachment', () => {
  const post = (payload: unknown, headers = base) => t.inject({ method: 'POST', url: '/api/v1/offers/attachment', headers, payload: payload as object });

  it('prints a PDF with the configured rate, recomputed on the server', async () => {
    const code = await codeWhere(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup)));
    const d = await detail(code, base);
    const accessory = d.optionalAccessories.find((a) => a.price > 0)!;
    const color = d.colors.find((c) => c.price > 0) ?? d.colors[0]!;
    const configured = configure(
      { tag: d.tag, children: d.child.data, accessories: d.optionalAccessories, colors: d.colors, services: d.services },
      { duration: d.duration, deposit: d.deposit, distance: d.distance, bundle: d.bundle, accessories: [accessory.code], colors: [color.code], services: {} },
    );
    if (!configured.ok) throw new Error('configure failed');
    const rate = toEuros(configured.rate.total);
    // A wrong client price is not printed: the server's rate is.
    const res = await post({
      offer: d.ref,
      price: rate + 50,
      name: 'Mario Rossi',
      occupation: 'Dipendente',
      contractualCategory: 'tempo-indeterminato',
      accessories: [accessory.code],
      colors: [color.code],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=Preventivo-\d+\.pdf$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(formatMonthly(rate));
    expect(text).not.toContain(formatMonthly(rate + 50));
    expect(text).toContain('Mario Rossi');
    expect(text).toContain('Dipendente');
    expect(text).toContain(accessory.description);
    expect(text).toContain('Il canone mensile può subire variazioni.');
  });

  it('rejects accessories and colours the offer does not have with 422', async () => {
    const code = await codeWhere(isNull(offers.ownerUserId));
    const d = await detail(code, base);
    const bad = await post({ offer: d.ref, price: d.monthly_rate, accessories: ['NOPE'], colors: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.accessories).toBeDefined();
    const two = await post({ offer: d.ref, price: d.monthly_rate, accessories: [], colors: d.colors.slice(0, 2).map((c) => c.code) });
    expect(two.statusCode).toBe(422);
    const own = await codeWhere(eq(offers.ownerUserId, t.ids.get('full')!));
    expect((await post({ offer: own, price: 100 })).statusCode).toBe(404);
  });
});
