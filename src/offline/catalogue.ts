import { buildFilterSet } from '@core/offer-filter-set';
import { OfferSearchIndex } from '@core/offer-search-index';
import { keepsEverything, offerSustainability, sustainabilityBands, sustainabilityFilterOf, type CheckLimits } from '@core/offer-sustainability';
import type { OfferDetail } from '@core/schemas/offer-detail';
import type { SyncOffer } from '@core/schemas/offer-sync';
import { type OfferSearchInput, type OfferSearchResponse, OfferSearchSchema } from '@core/schemas/offers';
import { catalogueGeneration } from './catalogue-sync';
import { type CatalogueMeta, db } from './db';

/**
 * Searching the device's copy of the offer catalogue (kept by catalogue-sync.ts): offline, the offers screen
 * searches it with core/offer-filter.ts's rules through core/offer-search-index.ts — the engine the server runs too.
 */
type Copy = { userId: number; generation: number; meta: CatalogueMeta; index: OfferSearchIndex<SyncOffer> };
let memory: Copy | null = null;
/** A read of the copy under way: callers meanwhile share it. */
let loading: { userId: number; generation: number; copy: Promise<Copy | null> } | null = null;

const trafficLight = (limits: CheckLimits, v: { rate: number; deposit: number }) => {
  const { index, message } = offerSustainability(limits, v);
  return { sustainabilityIndex: index, sustainabilityMessage: message };
};

export type OfflineSearchResponse = OfferSearchResponse & { offlineSyncedAt?: number };

/**
 * Reads the user's copy into memory, prepared for searching (null when the device has none for this user). It
 * stays there until the next sync replaces it, so a filter change reads nothing from IndexedDB (docs/architecture.md
 * budget: an answer within 50 ms).
 */
export function loadOfflineCopy(userId: number): Promise<Copy | null> {
  const read = catalogueGeneration();
  if (memory?.generation !== read) memory = null; // synced or cleared since: read again
  if (memory?.userId === userId) return Promise.resolve(memory);
  if (loading?.userId === userId && loading.generation === read) return loading.copy;
  const copy = (async () => {
    const meta = await db.meta.get('catalogue');
    if (!meta || meta.userId !== userId) return null;
    const loaded = { userId, generation: read, meta, index: new OfferSearchIndex(await db.offers.toArray()) };
    if (read === catalogueGeneration()) memory = loaded;
    return loaded;
  })();
  const current = { userId, generation: read, copy };
  loading = current;
  const done = () => {
    if (loading === current) loading = null;
  };
  copy.then(done, done);
  return copy;
}

/** The offers search over the device's copy; null when the device has no copy for this user. */
export async function searchOffline(body: OfferSearchInput, userId: number, canCatalog: boolean): Promise<OfflineSearchResponse | null> {
  const copy = await loadOfflineCopy(userId);
  return copy && searchCopy(copy, body, canCatalog);
}

/** The same search at once, when the copy is already in memory (else null): offline, a filter change is answered within its own event. */
export function searchOfflineNow(body: OfferSearchInput, userId: number, canCatalog: boolean): OfflineSearchResponse | null {
  return memory?.userId === userId && memory.generation === catalogueGeneration() ? searchCopy(memory, body, canCatalog) : null;
}

function searchCopy({ meta, index }: Copy, body: OfferSearchInput, canCatalog: boolean): OfflineSearchResponse {
  const search = OfferSearchSchema.parse(body);
  // The credit check narrows the search as on the server (core/offer-sustainability.ts).
  const check = sustainabilityFilterOf(search);
  const bands = check ? sustainabilityBands(check) : null;
  const result = index.search(search, { sustainability: bands && !keepsEverything(bands) ? bands : null });
  return {
    items: {
      data: result.hits.map(({ offer, variation: v }) => ({
        ...offer.card,
        ...(check ? trafficLight(check.limits, v) : {}),
        ref: (v as SyncOffer['variations'][number]).ref,
        deposit: v.deposit,
        duration: v.duration,
        distance: v.distance,
        monthly_rate: v.rate,
        web_monthly_rate: (v as SyncOffer['variations'][number]).web_monthly_rate,
        bundle: (v as SyncOffer['variations'][number]).bundle,
      })),
    },
    total: result.total,
    lastPage: result.lastPage,
    currentPage: result.currentPage,
    itemsPerPage: result.itemsPerPage,
    filters: buildFilterSet(result, meta.lookups, canCatalog),
    offlineSyncedAt: meta.syncedAt,
  };
}

/**
 * An offer of the device's copy as the detail shows it, for an offer not opened online (docs/adr/0156-device-catalogue-copy.md):
 * the card, the car and every variation with its rate. Options, colours and services are not in the
 * copy, so the detail says it is a reduced view (`fromDevice`) until the server answers again.
 */
export async function offerFromDevice(code: string, userId: number): Promise<(OfferDetail & { fromDevice: true; asOf: number }) | null> {
  const meta = await db.meta.get('catalogue');
  if (!meta || meta.userId !== userId) return null;
  const o = await db.offers.filter((x) => x.card.code === code || x.variations.some((v) => v.ref === code)).first();
  if (!o) return null;
  const child = o.variations.map((v) => ({
    ref: v.ref,
    deposit: v.deposit,
    duration: v.duration,
    distance: v.distance,
    monthly_rate: v.rate,
    web_monthly_rate: v.web_monthly_rate,
    bundle: v.bundle,
    special_rate: null,
    special_price: null,
  }));
  const shown = child.find((v) => v.ref === code) ?? child.find((v) => v.ref === o.card.ref) ?? child[0];
  if (!shown) return null;
  return {
    ...o.card,
    ref: shown.ref,
    deposit: shown.deposit,
    duration: shown.duration,
    distance: shown.distance,
    monthly_rate: shown.monthly_rate,
    bundle: shown.bundle,
    expired: false,
    delivery_days: meta.lookups.deliveryTimes[o.delivery_time]?.days ?? null,
    child: { data: child },
    optionalAccessories: [],
    colors: [],
    services: [],
    equippedOptionals: '',
    fromDevice: true,
    asOf: meta.syncedAt,
  };
}
