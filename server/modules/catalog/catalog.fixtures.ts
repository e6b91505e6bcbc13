// The catalogue server tests' common ground: one test app per file with four users, and helpers that
// call the API as one of them. Each catalog-*.test.ts file calls `catalogTestApp()` at its top.
import { afterAll, beforeAll, expect } from 'vitest';
import { userFeatures } from '../../db/schema';
import { encodePng } from '../../lib/png';
import { customCar, offerInput } from '../../test/payloads';
import { createTestApp, type TestApp } from '../../test/helper';

export type H = Record<string, string>;

export type CatalogUsers = {
  t: TestApp;
  leader: H; // capogruppo@demo.it, NET-NORD, catalog + provider-product + clone + car-custom-images
  sud: H; // capogruppo.sud@demo.it, NET-SUD, given catalog below
  base: H; // agente@demo.it, no features
  sub: H; // sara.conti@demo.it, NET-NORD, no catalog
};

/** Starts a test app for the calling file (and closes it after); the users are set once beforeAll has run. */
export function catalogTestApp() {
  const u = {} as CatalogUsers;
  beforeAll(async () => {
    u.t = await createTestApp();
    const sudId = u.t.ids.get('leader2')!;
    await u.t.database.db.insert(userFeatures).values([
      { userId: sudId, slug: 'catalog', level: 2 },
      { userId: sudId, slug: 'provider-product', level: 2 },
      { userId: sudId, slug: 'car-custom-images', level: 2 },
    ]);
    u.leader = (await u.t.login('capogruppo@demo.it')).headers;
    u.sud = (await u.t.login('capogruppo.sud@demo.it')).headers;
    u.base = (await u.t.login('agente@demo.it')).headers;
    u.sub = (await u.t.login('sara.conti@demo.it')).headers;
  });
  afterAll(() => u.t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) =>
    u.t.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

  async function newCar(headers: H = u.leader) {
    const res = await api('POST', 'car', headers, customCar());
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; code: string };
  }
  async function newOffer(headers: H = u.leader, over: object = {}) {
    const car = await newCar(headers);
    const res = await api('POST', 'catalog/offers', headers, offerInput(car.id, over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { code: string; id: number; car: { id: number }; variations: unknown[]; missing: Record<string, number>; published: boolean };
  }
  const child = (code: string, body: object, headers: H = u.leader) => api('POST', `offers/${code}/child`, headers, body);
  /** Two more variations (with offerInput's first one: 2 deposits, 2 durations, 3 distances), then published. */
  async function publish(code: string) {
    await child(code, { deposit: 0, distance: 10000, duration: 48, monthlyRate: 280 });
    await child(code, { deposit: 0, distance: 20000, duration: 48, monthlyRate: 310 });
    expect((await api('POST', `catalog/offers/${code}/publish`, u.leader)).statusCode).toBe(200);
  }
  return { u, api, newCar, newOffer, child, publish };
}

export const png = (seed: number) => encodePng(4, 4, () => [seed, 100, 200]);
