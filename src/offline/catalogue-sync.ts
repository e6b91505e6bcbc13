import type { z } from 'zod';
import type { OfferDeltaSchema } from '@core/schemas/offer-sync';
import { api, type Data } from '../api/client';
import { markCopy, unmarkCopy } from './copy-marker';
import { db } from './db';

/**
 * The device's copy of the offer catalogue (docs/architecture.md, "Data flow"): fetched whole once, then by
 * delta (changed and removed since a cursor). This module keeps the copy and is loaded at start; searching
 * it (catalogue.ts: the search index, the schemas) is loaded only when the device answers a search itself.
 */
let running: Promise<void> | null = null;
let generation = 0;

/** Bumped by every change of the copy: a copy read into memory before it is not used (catalogue.ts). */
export const catalogueGeneration = () => generation;

export function syncCatalogue(userId: number): Promise<void> {
  running ??= (async () => {
    try {
      const meta = await db.meta.get('catalogue');
      const since = meta?.userId === userId ? meta.cursor : undefined;
      const { data } = await api<Data<z.infer<typeof OfferDeltaSchema>>>('sync/offers', { query: { since } });
      await db.transaction('rw', db.offers, db.meta, async () => {
        if (data.full) await db.offers.clear();
        await db.offers.bulkPut(data.offers);
        await db.offers.bulkDelete(data.removed);
        await db.meta.put({ key: 'catalogue', userId, cursor: data.cursor, lookups: data.lookups, syncedAt: Date.now() });
      });
      markCopy(userId);
      generation++;
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * Logout: the agent's catalogue copy (their offers, prices and the names of their network's own
 * companies) leaves the device. The outbox, its files and its id map stay: writes still queued
 * belong to this agent and go out at their next login (use-logout.ts says so).
 */
export async function clearCatalogue() {
  await running?.catch(() => undefined);
  await db.transaction('rw', db.offers, db.meta, async () => {
    await db.offers.clear();
    await db.meta.clear();
  });
  unmarkCopy();
  generation++;
}
