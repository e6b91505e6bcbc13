// The listed catalogue as core's search reads it (core/offer-filter.ts FilterableOffer), with each
// offer's audience for the one visibility rule (core/offer-visibility.ts).
import { type SQL, sql } from 'drizzle-orm';
import type { FilterableOffer } from '@core/offer-filter';
import { canSeeOffer, type OfferAudience, type OfferViewer } from '@core/offer-visibility';
import type { Queryable } from '../../db/client';

export type CatalogueOffer = FilterableOffer & { audience: OfferAudience };

/**
 * core's isListedOffer as SQL: the viewer-independent half of the rule, so loads skip the offers no
 * one may see (unpublished drafts, deleted rows); who of the viewers sees the rest is canSeeOffer's.
 */
const listed = (alias: string): SQL => sql.raw(`${alias}.deleted_at is null and ${alias}.published`);

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Every listed offer with its child offers, ordered by id (in one transaction when given one). */
export async function loadCatalogue(db: Queryable): Promise<CatalogueOffer[]> {
  const offers = rowsOf<Record<string, string | number | boolean | null>>(
    await db.execute(sql`select id, brand, model, broker, category, fuel, gear, delivery_time, product, stock, area, customer_type, status, novice_driver, fast_delivery, tag,
        floor(extract(epoch from created_at) * 1000)::float8 as created, owner_user_id, owner_group, published
      from offers o where ${listed('o')} order by id`),
  );
  const children = rowsOf<{ o: number; i: number; r: number; d: number; u: number; k: number }>(
    await db.execute(sql`select v.offer_id as o, v.id as i, v.rate::float8 as r, v.deposit as d, v.duration as u, v.distance as k
      from offer_variations v join offers o on o.id = v.offer_id where ${listed('o')} order by v.offer_id, v.id`),
  );
  const byOffer = new Map<number, FilterableOffer['variations'][number][]>();
  for (const c of children) {
    const id = Number(c.o);
    let list = byOffer.get(id);
    if (!list) byOffer.set(id, (list = []));
    list.push({ id: Number(c.i), rate: Number(c.r), deposit: Number(c.d), duration: Number(c.u), distance: Number(c.k) });
  }
  return offers.map((o) => {
    const id = Number(o.id);
    return {
      id,
      brand: String(o.brand),
      model: String(o.model),
      broker: String(o.broker),
      category: String(o.category),
      fuel: String(o.fuel),
      gear: String(o.gear),
      delivery_time: String(o.delivery_time),
      product: String(o.product),
      stock: String(o.stock),
      area: String(o.area),
      customerType: o.customer_type as FilterableOffer['customerType'],
      status: String(o.status),
      noviceDriver: Boolean(o.novice_driver),
      fastDelivery: Boolean(o.fast_delivery),
      tag: o.tag === null ? null : String(o.tag),
      createdAt: Number(o.created),
      variations: byOffer.get(id) ?? [],
      audience: {
        published: Boolean(o.published),
        deleted: false,
        ownerUserId: o.owner_user_id === null ? null : Number(o.owner_user_id),
        ownerGroup: o.owner_group === null ? null : String(o.owner_group),
      },
    };
  });
}

/** The offers this viewer may see, in the shape core's search reads (the device's copy, the property test). */
export async function loadFilterableOffers(db: Queryable, viewer: OfferViewer): Promise<FilterableOffer[]> {
  return (await loadCatalogue(db)).filter((o) => canSeeOffer(o.audience, viewer)).map(({ audience: _, ...offer }) => offer);
}

/** An offer row's audience (core/offer-visibility.ts). */
export const audienceOf = (o: { published: boolean; deletedAt: Date | null; ownerUserId: number | null; ownerGroup: string | null }): OfferAudience => ({
  published: o.published,
  deleted: o.deletedAt !== null,
  ownerUserId: o.ownerUserId,
  ownerGroup: o.ownerGroup,
});

/** The signed-in user as the visibility rule sees them. */
export const viewerOf = (user: { id: number; groupCode: string | null }): OfferViewer => ({ userId: user.id, groupCode: user.groupCode || null });
