import { searchOffers } from '@core/offer-filter';
import { buildFilterSet } from '@core/offer-filter-set';
import { keepsEverything, offerSustainability, sustainabilityBands, sustainabilityFilterOf, type CheckLimits } from '@core/offer-sustainability';
import { dataOf } from '@core/schemas/common';
import { OfferDeltaSchema, type SyncOffer } from '@core/schemas/offer-sync';
import { type OfferSearchInput, type OfferSearchResponse, OfferSearchSchema } from '@core/schemas/offers';
import { api } from '../api/client';
import { db } from './db';

/**
 * The device's copy of the offer catalogue (design.md, "Data flow"): fetched whole once, then by
 * delta (changed and removed since a cursor). Offline, the offers screen searches it with
 * core/offer-filter.ts — the same rules the server's SQL applies.
 */
let memory: { userId: number; offers: SyncOffer[] } | null = null;
let running: Promise<void> | null = null;

export function syncCatalogue(userId: number): Promise<void> {
  running ??= (async () => {
    try {
      const meta = await db.meta.get('catalogue');
      const since = meta?.userId === userId ? meta.cursor : undefined;
      const { data } = await api('sync/offers', { query: { since }, schema: dataOf(OfferDeltaSchema) });
      await db.transaction('rw', db.offers, db.meta, async () => {
        if (data.full) await db.offers.clear();
        await db.offers.bulkPut(data.offers);
        await db.offers.bulkDelete(data.removed);
        await db.meta.put({ key: 'catalogue', userId, cursor: data.cursor, lookups: data.lookups, syncedAt: Date.now() });
      });
      memory = null;
    } finally {
      running = null;
    }
  })();
  return running;
}

const trafficLight = (limits: CheckLimits, v: { rate: number; deposit: number }) => {
  const { index, message } = offerSustainability(limits, v);
  return { sustainabilityIndex: index, sustainabilityMessage: message };
};

export type OfflineSearchResponse = OfferSearchResponse & { offlineSyncedAt?: number };

/** The offers search over the device's copy; null when the device has no copy for this user. */
export async function searchOffline(body: OfferSearchInput, userId: number, canCatalog: boolean): Promise<OfflineSearchResponse | null> {
  const meta = await db.meta.get('catalogue');
  if (!meta || meta.userId !== userId) return null;
  if (memory?.userId !== userId) memory = { userId, offers: await db.offers.toArray() };
  const search = OfferSearchSchema.parse(body);
  // The credit check narrows the search as on the server (core/offer-sustainability.ts).
  const check = sustainabilityFilterOf(search);
  const bands = check ? sustainabilityBands(check) : null;
  const result = searchOffers(memory.offers, search, bands && !keepsEverything(bands) ? bands : null);
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
