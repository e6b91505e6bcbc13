import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokers, offers, products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/helper';

// What one member of a network must not read of another's (docs/adr/0120-offer-visibility-and-private-notes.md, docs/adr/0156-device-catalogue-copy.md), on every
// way out (offer detail, search, the device's catalogue copy).
let t: TestApp;
const NOTE = 'Margine del capogruppo: fino a 20 € al mese';
let code = '';
let narrow: { brands: string[]; brokers: string[]; products: string[] } = { brands: [], brokers: [], products: [] };
beforeAll(async () => {
  t = await createTestApp();
  // A published offer of the leader's, shared with the NET-NORD network, with the leader's private notes.
  const [offer] = await t.database.db
    .select({ id: offers.id, code: offers.code, brand: offers.brand, broker: offers.broker, product: offers.product })
    .from(offers)
    .where(and(eq(offers.published, true), isNull(offers.deletedAt), isNull(offers.ownerGroup), isNull(offers.ownerUserId)))
    .limit(1);
  code = offer!.code;
  narrow = { brands: [offer!.brand], brokers: [offer!.broker], products: [offer!.product] };
  await t.database.db
    .update(offers)
    .set({ ownerUserId: t.ids.get('leader')!, ownerGroup: 'NET-NORD', tag: 'Catalogo', privateNotes: NOTE, updatedAt: new Date() })
    .where(eq(offers.id, offer!.id));
  // Another network's own rental company and product, used by none of its offers yet.
  await t.database.db.insert(brokers).values({ code: 'sud-noleggi-riservato', name: 'Noleggi Riservati Sud', ownerGroup: 'NET-SUD' });
  await t.database.db
    .insert(products)
    .values({ code: 'sud-riservato-privati', brokerCode: 'sud-noleggi-riservato', name: 'Riservato Sud Privati', ownerGroup: 'NET-SUD' });
});
afterAll(() => t.close());

const get = async (headers: Record<string, string>, url: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
  expect(res.statusCode).toBe(200);
  return res;
};
const search = async (headers: Record<string, string>) => {
  const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers, payload: { ...narrow, items: 100 } });
  expect(res.statusCode).toBe(200);
  return res;
};

describe('private notes are for the offer owner only', () => {
  it('shows them to the leader who made the offer, in its detail only', async () => {
    const { headers } = await t.login('capogruppo@demo.it');
    expect((await get(headers, `offers/${code}`)).json().data.private_notes).toBe(NOTE);
    const found = await search(headers);
    expect(found.json().items.data.some((c: { code: string }) => c.code === code)).toBe(true);
    expect(found.body).not.toContain(NOTE);
    expect((await get(headers, 'sync/offers')).body).not.toContain(NOTE);
  });

  it('never shows them to the network, even to a sub-agent who sees fees', async () => {
    const { headers, access } = await t.login('sara.conti@demo.it');
    expect(access).toBeTruthy();
    const detail = (await get(headers, `offers/${code}`)).json().data;
    expect(detail.code).toBe(code);
    expect(detail.private_notes).toBeUndefined();
    const found = await search(headers);
    expect(found.json().items.data.some((c: { code: string }) => c.code === code)).toBe(true);
    expect(found.body).not.toContain(NOTE);
    const sync = await get(headers, 'sync/offers');
    expect(sync.json().data.offers.some((o: { card: { code: string } }) => o.card.code === code)).toBe(true);
    expect(sync.body).not.toContain(NOTE);
  });
});

describe('GET /sync/offers names only what the caller may see', () => {
  it("leaves out another group's own rental companies and products, as the search does", async () => {
    for (const email of ['agente@demo.it', 'capogruppo@demo.it', 'sara.conti@demo.it']) {
      const { headers } = await t.login(email);
      const { lookups, offers: synced } = (await get(headers, 'sync/offers')).json().data;
      expect(Object.keys(lookups.brokers)).not.toContain('sud-noleggi-riservato');
      expect(Object.keys(lookups.products)).not.toContain('sud-riservato-privati');
      // Exactly the names of the offers delivered, nothing more.
      expect(new Set(Object.keys(lookups.brokers))).toEqual(new Set(synced.map((o: { broker: string }) => o.broker)));
      expect(new Set(Object.keys(lookups.products))).toEqual(new Set(synced.map((o: { product: string }) => o.product)));
    }
  });

  it('does the same for an API key', async () => {
    const s = await t.login('completo@demo.it');
    const key: string = (await t.inject({ method: 'POST', url: '/api/v1/agent/service/api', headers: s.headers })).json().data.apiKey;
    const res = await get({ 'x-api-key': key }, 'sync/offers');
    expect(res.body).not.toContain('Noleggi Riservati Sud');
    expect(res.body).not.toContain('Riservato Sud Privati');
  });
});
