import { and, gt, inArray, isNotNull } from 'drizzle-orm';
import type { FilterableOffer } from '@core/offer-filter';
import type { FilterLookups } from '@core/offer-filter-set';
import type { OfferDelta, SyncOffer } from '@core/schemas/offer-sync';
import type { Db } from '../../db/client';
import { offers, offerVariations } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { loadFilterableOffers } from './catalogue';
import type { OffersService } from './service';

/**
 * Rows committed by a transaction that started before our read may carry an older updated_at
 * than the cursor we hand out; going back this far re-sends a few rows (harmless: the device
 * puts them again) but never misses one.
 */
const CURSOR_MARGIN_MS = 60_000;

/** Offers the user may see that changed since the cursor (all of them without one), and ids removed since. */
export async function offerDelta(db: Db, service: OffersService, auth: AuthContext, since: Date | null): Promise<OfferDelta> {
  const startedAt = Date.now();
  const viewer = { userId: auth.user.id, groupCode: auth.user.groupCode || null };
  const all = await loadFilterableOffers(db, viewer);
  const changedIds = since ? new Set((await db.select({ id: offers.id }).from(offers).where(gt(offers.updatedAt, since))).map((r) => r.id)) : null;
  const picked = changedIds ? all.filter((o) => changedIds.has(o.id)) : all;

  const ids = picked.map((o) => o.id);
  const variations = ids.length
    ? await db
        .select({
          id: offerVariations.id,
          offerId: offerVariations.offerId,
          ref: offerVariations.ref,
          deposit: offerVariations.deposit,
          duration: offerVariations.duration,
          distance: offerVariations.distance,
          rate: offerVariations.rate,
          web: offerVariations.webMonthlyRate,
          bundle: offerVariations.bundle,
        })
        .from(offerVariations)
        .where(inArray(offerVariations.offerId, ids))
        .orderBy(offerVariations.offerId, offerVariations.rate, offerVariations.id)
    : [];
  const byOffer = new Map<number, typeof variations>();
  for (const v of variations) byOffer.set(v.offerId, [...(byOffer.get(v.offerId) ?? []), v]);
  const cheapest = picked.map((o) => byOffer.get(o.id)?.[0]?.id).filter((id): id is number => id !== undefined);
  const cards = new Map((await service.cardsOf(auth, cheapest)).map((c) => [c.ref, c]));

  const out: SyncOffer[] = [];
  for (const o of picked) {
    const list = byOffer.get(o.id) ?? [];
    const card = list[0] ? cards.get(list[0].ref) : undefined;
    if (!card) continue;
    out.push({
      ...o,
      variations: list.map((v) => ({
        id: v.id,
        ref: v.ref,
        deposit: v.deposit,
        duration: v.duration,
        distance: v.distance,
        rate: v.rate,
        web_monthly_rate: v.web,
        bundle: v.bundle,
      })),
      card,
    });
  }
  const removed = since
    ? (
        await db
          .select({ id: offers.id })
          .from(offers)
          .where(and(isNotNull(offers.deletedAt), gt(offers.deletedAt, since)))
      ).map((r) => r.id)
    : [];
  return {
    cursor: new Date(startedAt - CURSOR_MARGIN_MS).toISOString(),
    full: since === null,
    offers: out,
    removed,
    lookups: visibleLookups(await service.lookups(), all),
  };
}

/**
 * The names the device needs, for the offers this user may see only, as the search's filter column
 * shows them: another group's own rental companies, products and custom-car brands stay out of
 * every device (docs/adr/0156-device-catalogue-copy.md). Areas and delivery times are the portal's own lists.
 */
function visibleLookups(lookups: FilterLookups, visible: readonly FilterableOffer[]): FilterLookups {
  const pick = <T>(all: Record<string, T>, codes: Iterable<string>) => {
    const out: Record<string, T> = {};
    for (const code of codes) if (all[code] !== undefined) out[code] = all[code];
    return out;
  };
  return {
    ...lookups,
    brands: pick(lookups.brands, new Set(visible.map((o) => o.brand))),
    brokers: pick(lookups.brokers, new Set(visible.map((o) => o.broker))),
    products: pick(lookups.products, new Set(visible.map((o) => o.product))),
  };
}
