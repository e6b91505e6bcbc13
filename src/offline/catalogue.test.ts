// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SyncOffer } from '@core/schemas/offer-sync';
import { loadOfflineCopy } from './catalogue';
import { clearCatalogue } from './catalogue-sync';
import { db } from './db';

// Logout (docs/adr/0145-what-ends-a-session-on-the-device.md): the catalogue copy leaves the device, the writes still queued stay.
describe('clearCatalogue', () => {
  it('empties the catalogue copy and keeps the outbox with its files and ids', async () => {
    const lookups = { brands: {}, brokers: {}, products: {}, areas: {}, deliveryTimes: {} };
    await db.offers.put({ id: 1, variations: [] } as unknown as SyncOffer);
    await db.meta.put({ key: 'catalogue', userId: 7, cursor: '2026-11-24T00:00:00.000Z', lookups, syncedAt: 1 });
    await db.outbox.add({
      clientId: 'c1',
      userId: 7,
      label: 'Nuovo preventivo',
      method: 'POST',
      path: 'proposals',
      status: 'pending',
      attempts: 0,
      createdAt: 1,
    });
    await db.blobs.put({ id: 'b1', data: new ArrayBuffer(1), type: 'application/pdf' });
    await db.idMap.put({ clientId: 'c0', serverId: '12' });
    expect(await loadOfflineCopy(7)).not.toBeNull();

    await clearCatalogue();

    expect(await db.offers.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect(await loadOfflineCopy(7)).toBeNull();
    expect(await db.outbox.count()).toBe(1);
    expect(await db.blobs.count()).toBe(1);
    expect(await db.idMap.count()).toBe(1);
  });
});
