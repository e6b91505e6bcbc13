import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchOffers } from '@core/offer-filter';
import { offers, offerVariations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { refreshOfferSummaries } from './summary';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.login('completo@demo.it')).headers;
});
afterAll(() => t.close());

const delta = async (since?: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/v1/sync/offers${since ? `?since=${encodeURIComponent(since)}` : ''}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('catalogue delta sync', () => {
  it('sends the whole visible catalogue first, searchable with the core rules exactly as the server searches', async () => {
    const first = await delta();
    expect(first.full).toBe(true);
    const server = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers, payload: { brands: ['fiat'], sort: 'price-up', items: 18 } });
    const all = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers, payload: {} });
    expect(first.offers).toHaveLength(all.json().total);
    const local = searchOffers(first.offers, { brands: ['fiat'], sort: 'price-up', page: 1, items: 18 });
    expect(local.total).toBe(server.json().total);
    expect(local.hits.map((h) => (h.variation as unknown as { ref: string }).ref)).toEqual(server.json().items.data.map((c: { ref: string }) => c.ref));
  });

  it('then sends only what changed and what was removed', async () => {
    const first = await delta();
    const [changed, removed] = [first.offers[0].id as number, first.offers[1].id as number];
    await t.database.db.execute(sql`update offers set updated_at = now() - interval '1 day', deleted_at = null`);
    const cursor = new Date(Date.now() - 1000).toISOString();
    await t.database.db.update(offerVariations).set({ monthlyRate: 123 }).where(eq(offerVariations.offerId, changed));
    await refreshOfferSummaries(t.database.db, [changed]);
    await t.database.db.update(offers).set({ deletedAt: new Date() }).where(eq(offers.id, removed));
    const next = await delta(cursor);
    expect(next.full).toBe(false);
    expect(next.offers.map((o: { id: number }) => o.id)).toEqual([changed]);
    expect(next.offers[0].variations.some((v: { rate: number }) => v.rate === 123)).toBe(true);
    expect(next.removed).toEqual([removed]);
  });

  it('refuses a malformed cursor and anonymous callers', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v1/sync/offers?since=ieri', headers })).statusCode).toBe(422);
    expect((await t.inject({ method: 'GET', url: '/api/v1/sync/offers' })).statusCode).toBe(401);
  });
});
