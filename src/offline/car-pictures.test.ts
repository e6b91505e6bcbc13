// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyncOffer } from '@core/schemas/offer-sync';

// The pictures are fetched ahead once per change of the copy, not on every start: reading the whole
// copy costs a phone's main thread in proportion to the catalogue (issue 18).
const cached = new Set<string>();
const fetched: string[] = [];
let delta: { full: boolean; offers: SyncOffer[] } = { full: true, offers: [] };
let pictureFails = false;
const lookups = { brands: {}, brokers: {}, products: {}, areas: {}, deliveryTimes: {} };
const offer = (id: number, image: string) => ({ id, card: { image }, variations: [] }) as unknown as SyncOffer;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => {
  vi.stubGlobal('navigator', { onLine: true, serviceWorker: { controller: {} } });
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    removeItem: (k: string) => stored.delete(k),
  });
  vi.stubGlobal('caches', { open: async () => ({ match: async (url: string) => cached.has(url) }) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/sync/offers')) return json({ data: { cursor: new Date().toISOString(), removed: [], lookups, ...delta } });
      fetched.push(url);
      if (pictureFails) return new Response('', { status: 500 });
      cached.add(url.slice(url.indexOf('/api/')));
      return new Response('<svg/>', { status: 200 });
    }),
  );
});
afterAll(() => vi.unstubAllGlobals());

describe('warmCarPictures', () => {
  it('fetches the copy’s pictures after a sync that brought offers, and not again until offers arrive', async () => {
    const { syncCatalogue } = await import('./catalogue-sync');
    const { warmCarPictures } = await import('./car-pictures');
    const picture = (n: number) => `/api/v1/car/images/render/suv-00000${n}.svg`;

    delta = { full: true, offers: [offer(1, picture(1)), offer(2, picture(2))] };
    pictureFails = true;
    await syncCatalogue(7);
    expect(await warmCarPictures()).toBe(0);
    expect(fetched).toHaveLength(2); // both tried, both failed: the pass is not complete

    pictureFails = false;
    delta = { full: false, offers: [] };
    await syncCatalogue(7);
    expect(await warmCarPictures()).toBe(2); // tried again on the next start
    const { db } = await import('./db');
    const reads = vi.spyOn(db.offers, 'each');
    await syncCatalogue(7);
    expect(await warmCarPictures()).toBe(0);
    expect(reads).not.toHaveBeenCalled(); // nothing new: the copy is not read again
    expect(fetched).toHaveLength(4);

    delta = { full: false, offers: [offer(3, picture(3))] };
    await syncCatalogue(7);
    expect(await warmCarPictures()).toBe(1);
    expect(fetched.slice(4)).toEqual([expect.stringContaining(picture(3))]);
  });
});
