// Every PDF a customer or an agent reads (offer sheet, comparison, proposal, marketing post) keeps long texts
// (names, services, notes, addresses) within its margins: wrapped, never cut at the edge. The documents are
// rendered from real data in the database, made long, and read back with pdfjs-dist: every run of glyphs
// must lie inside the page's margins.
import { createRequire } from 'node:module';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDetail } from '@core/schemas/offer-detail';
import type { Proposal } from '@core/schemas/quotations';
import { brokers, carOptions, cars, marketingPosts, offers, products, quotations, services, users } from './db/schema';
import { renderProposalPdf } from './modules/quotations/pdf';
import { createTestApp, type TestApp } from './test/helper';
import { privateProposal } from './test/payloads';

/** Long words too: a word wider than its column must break, not run past the margin. Cut to `max`, the field's own limit. */
const long = (label: string, words = 14, max = 10_000) =>
  `${label} ${Array.from({ length: words }, (_, i) => (i % 5 === 4 ? 'Precipitevolissimevolmente' : `parola${i}`)).join(' ')} ${'X'.repeat(70)}`.slice(0, max);

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

type Placed = { str: string; left: number; right: number; bottom: number; top: number; page: number; width: number; height: number };

/** Every run of glyphs pdfjs finds, with its box in points from the page's bottom-left corner. */
async function glyphRuns(pdf: Buffer): Promise<Placed[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const out: Placed[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    for (const item of content.items as TextItem[]) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , d, x, y] = item.transform as number[];
      // Helvetica's ascender and descender: 0.72 and 0.21 of the size.
      const size = Math.abs(d!) || item.height;
      out.push({ str: item.str, left: x!, right: x! + item.width, bottom: y! - size * 0.21, top: y! + size * 0.72, page: n, width, height });
    }
  }
  await doc.destroy();
  return out;
}

/** Runs outside the margins: `side` points left and right, 18 points (a printer's edge) top and bottom. */
async function outside(pdf: Buffer, side: number) {
  const runs = await glyphRuns(pdf);
  expect(runs.length).toBeGreaterThan(10);
  const tolerance = 0.5;
  return runs
    .filter((r) => r.left < side - tolerance || r.right > r.width - side + tolerance || r.bottom < 18 - tolerance || r.top > r.height - 18 + tolerance)
    .map((r) => `p${r.page} [${r.left.toFixed(1)}..${r.right.toFixed(1)} × ${r.bottom.toFixed(1)}..${r.top.toFixed(1)}] ${r.str.slice(0, 60)}`);
}

const text = async (pdf: Buffer) => (await glyphRuns(pdf)).map((r) => r.str).join('');

let t: TestApp;
let full: Record<string, string>;
let codes: string[];

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.login('completo@demo.it')).headers;
  const db = t.database.db;
  const rows = await db
    .select({ code: offers.code, id: offers.id, carId: offers.carId, broker: offers.broker, product: offers.product })
    .from(offers)
    .where(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt), eq(offers.published, true), eq(offers.customerType, 'privati')))
    .orderBy(asc(offers.id))
    .limit(2);
  codes = rows.map((r) => r.code);
  // The longest texts an agent or the catalogue could give each document.
  for (const r of rows) {
    await db
      .update(cars)
      .set({ brand: long('Marca', 3), model: long('Modello', 6), version: long('Allestimento') })
      .where(eq(cars.id, r.carId));
    await db
      .update(brokers)
      .set({ name: long('Società di noleggio', 4) })
      .where(eq(brokers.code, r.broker));
    await db
      .update(products)
      .set({ name: long('Prodotto', 4) })
      .where(eq(products.code, r.product));
    await db
      .update(offers)
      .set({ notes: long('Nota', 40), equippedOptionals: Array.from({ length: 30 }, (_, i) => long(`Optional ${i}`, 2)).join(', ') })
      .where(eq(offers.id, r.id));
    for (const o of await db.select().from(carOptions).where(eq(carOptions.carId, r.carId)))
      await db
        .update(carOptions)
        .set({ description: long(o.description, 6), shortDescription: long(o.shortDescription ?? 'Optional', 4) })
        .where(eq(carOptions.id, o.id));
  }
  for (const s of await db.select().from(services))
    await db
      .update(services)
      .set({ name: long(s.name, 5), description: long(s.description, 10) })
      .where(eq(services.id, s.id));
  await db
    .update(users)
    .set({ name: long('Agente', 4), businessName: long('Ragione sociale', 6) })
    .where(eq(users.email, 'completo@demo.it'));
});
afterAll(() => t.close());

const detail = async (code: string) => (await t.inject({ method: 'GET', url: `/api/v1/offers/${code}`, headers: full })).json().data as OfferDetail;
/** Every accessory, the last colour and every extra service: the most lines a configuration can print. */
const everything = (d: OfferDetail) => ({
  accessories: d.optionalAccessories.map((a) => a.code),
  colors: d.colors.slice(-1).map((c) => c.code),
  services: Object.fromEntries(d.services.filter((s) => !s.included).map((s) => [String(s.id), s.min_quantity ?? 1])),
});

describe('PDFs keep long texts within their margins', () => {
  it('the offer sheet', async () => {
    const d = await detail(codes[0]!);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/offers/attachment',
      headers: full,
      payload: {
        offer: d.ref,
        price: d.monthly_rate,
        name: long('Cliente', 8, 120),
        occupation: 'Dipendente',
        contractualCategory: 'tempo-indeterminato',
        ...everything(d),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outside(res.rawPayload, 50)).toEqual([]);
    expect(await text(res.rawPayload)).toContain('Precipitevolissimevolmente');
  });

  it('the comparison, both versions', async () => {
    const items = await Promise.all(
      codes.map(async (code) => {
        const d = await detail(code);
        return {
          code,
          duration: d.duration,
          deposit: d.deposit,
          distance: d.distance,
          bundle: d.bundle,
          ...everything(d),
        };
      }),
    );
    for (const version of ['cliente', 'agente']) {
      const res = await t.inject({ method: 'POST', url: '/api/v1/offers/compare/attachment', headers: full, payload: { items, version } });
      expect(res.statusCode, res.body).toBe(200);
      expect(await outside(res.rawPayload, 36), version).toEqual([]);
    }
  });

  it('the proposal', async () => {
    const d = await detail(codes[0]!);
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/proposals',
      headers: full,
      payload: privateProposal(d.ref, {
        first_name: long('Nome', 4, 80),
        last_name: long('Cognome', 4, 80),
        email: `${'nome.cognome.molto.lungo.'.repeat(4)}x@example.it`,
        address: long('Via', 10),
        city: long('Città', 3),
        accessories: everything(d).accessories,
        colors: everything(d).colors,
      } as never),
    });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().data as Proposal;
    const db = t.database.db;
    const [row] = await db
      .select()
      .from(quotations)
      .where(eq(quotations.id, Number(p.id)));
    const [agent] = await db.select().from(users).where(eq(users.id, row!.ownerId));
    const [offer] = await db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row!.offerId!));
    const pdf = await renderProposalPdf({ row: row!, customer: row!.customer, agent: agent!, offer: offer! });
    expect(await outside(pdf, 50)).toEqual([]);
    expect(await text(pdf)).toContain('Precipitevolissimevolmente');
  });

  it('the marketing post', async () => {
    const leader = await t.login('capogruppo@demo.it');
    const [post] = await t.database.db.select().from(marketingPosts).orderBy(asc(marketingPosts.id)).limit(1);
    await t.database.db
      .update(marketingPosts)
      .set({ title: long('Titolo', 8), description: long('Descrizione', 80) })
      .where(eq(marketingPosts.id, post!.id));
    const res = await t.inject({ method: 'GET', url: `/api/v1/marketing/posts/${post!.id}/pdf`, headers: leader.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outside(res.rawPayload, 50)).toEqual([]);
  });
});
