// The offer search server tests' common ground: one test app per file, three users, the catalogue the
// full user may see (for the reference search in core), and helpers. Each offers-*.test.ts calls
// `offersTestApp()` at its top.
import { afterAll, beforeAll } from 'vitest';
import { type FilterableOffer, searchOffers } from '@core/offer-filter';
import type { FilterDef, OfferSearchInput, OfferSearchResponse } from '@core/schemas/offers';
import { createTestApp, type TestApp } from '../../test/helper';
import { loadFilterableOffers } from './catalogue';

export type H = Record<string, string>;

export type OffersUsers = {
  t: TestApp;
  full: H; // every feature but network (catalog, fees-visibility)
  base: H; // no features, no group
  leader: H; // group NET-NORD
  catalogue: FilterableOffer[]; // what `full` may see
  fullId: number;
};

export function offersTestApp() {
  const u = {} as OffersUsers;
  beforeAll(async () => {
    u.t = await createTestApp();
    u.full = (await u.t.login('completo@demo.it')).headers;
    u.base = (await u.t.login('agente@demo.it')).headers;
    u.leader = (await u.t.login('capogruppo@demo.it')).headers;
    u.fullId = u.t.ids.get('full')!;
    u.catalogue = await loadFilterableOffers(u.t.database.db, { userId: u.fullId, groupCode: null });
  });
  afterAll(() => u.t.close());

  const search = async (body: OfferSearchInput, headers = u.full) => {
    const res = await u.t.inject({ method: 'POST', url: '/api/v1/search/offers', headers, payload: body });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as OfferSearchResponse;
  };
  /** What core's reference search answers for the same body: the server must agree. */
  const expected = (body: OfferSearchInput) =>
    searchOffers(u.catalogue, { sort: 'price-up', page: 1, items: 18, ...body } as Parameters<typeof searchOffers>[1]);
  const byCode = (code: string) => u.catalogue.find((o) => o.id === Number(code.slice(2)))!;
  return { u, search, expected, byCode };
}

export const optionsOf = (r: OfferSearchResponse, name: string) =>
  (r.filters.filters.find((f) => f.name === name) as Extract<FilterDef, { type: 'options' }>).options;

export function catalogueCode(id: number) {
  return `OF${String(id).padStart(6, '0')}`;
}
