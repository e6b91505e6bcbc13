import { and, asc, inArray, sql } from 'drizzle-orm';
import type { FilterableOffer } from '@core/offer-filter';
import type { Db } from '../../db/client';
import { offers, offerVariations } from '../../db/schema';
import { type Viewer, visibleOffer } from './search-sql';

/**
 * The visible catalogue in the shape core/offer-filter.ts searches: what the offline copy (and the
 * property test) runs the core search over.
 */
export async function loadFilterableOffers(db: Db, viewer: Viewer): Promise<FilterableOffer[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(and(sql`${visibleOffer('offers', viewer)}`))
    .orderBy(asc(offers.id));
  const ids = rows.map((r) => r.id);
  const children = ids.length
    ? await db
        .select({ id: offerVariations.id, offerId: offerVariations.offerId, deposit: offerVariations.deposit, duration: offerVariations.duration, distance: offerVariations.distance, rate: offerVariations.rate })
        .from(offerVariations)
        .where(inArray(offerVariations.offerId, ids))
    : [];
  const byOffer = new Map<number, FilterableOffer['variations'][number][]>();
  for (const c of children) {
    const list = byOffer.get(c.offerId) ?? [];
    list.push({ id: c.id, deposit: c.deposit, duration: c.duration, distance: c.distance, rate: c.rate });
    byOffer.set(c.offerId, list);
  }
  return rows.map((o) => ({
    id: o.id,
    brand: o.brand,
    model: o.model,
    broker: o.broker,
    category: o.category,
    fuel: o.fuel,
    gear: o.gear,
    delivery_time: o.deliveryTime,
    product: o.product,
    stock: o.stock,
    area: o.area,
    customerType: o.customerType,
    status: o.status,
    noviceDriver: o.noviceDriver,
    fastDelivery: o.fastDelivery,
    tag: o.tag,
    createdAt: o.createdAt.getTime(),
    variations: byOffer.get(o.id) ?? [],
  }));
}
