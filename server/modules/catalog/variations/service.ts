// Child offers (variations) of a catalogue offer, the spec's /offers/{offerId}/child paths (account spec §7).
import { and, eq } from 'drizzle-orm';
import { CATALOG_MESSAGES, sameValues } from '@core/catalog';
import type { Variation, VariationInput } from '@core/schemas/catalog';
import type { Db, Queryable } from '../../../db/client';
import { offers, offerVariations } from '../../../db/schema';
import { invalid, notFound } from '../../../lib/errors';
import { refreshOfferSummaries } from '../../offers/summary';
import { type Scope, token } from '../scope';
import type { CatalogOffersService } from '../offers/service';
import { toVariation, valuesOf, variationValues } from '../variation-values';

export class VariationsService {
  constructor(
    private readonly db: Db,
    private readonly offers: CatalogOffersService,
  ) {}

  // ---- variations -------------------------------------------------------------------------

  private async checkVariation(db: Queryable, offerId: number, input: VariationInput, exceptId?: number) {
    const rows = await db.select().from(offerVariations).where(eq(offerVariations.offerId, offerId));
    const values = { deposit: input.deposit, distance: input.distance, duration: input.duration, monthly_rate: input.monthly_rate };
    const main = rows.find((r) => r.isMain);
    if (main && sameValues(valuesOf(main), values)) throw invalid({ _: [CATALOG_MESSAGES.variationSameAsMain] }, CATALOG_MESSAGES.variationSameAsMain);
    if (rows.some((r) => !r.isMain && r.id !== exceptId && sameValues(valuesOf(r), values)))
      throw invalid({ _: [CATALOG_MESSAGES.variationDuplicate] }, CATALOG_MESSAGES.variationDuplicate);
  }

  private async childRow(offerId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(offerVariations)
      .where(and(eq(offerVariations.id, id), eq(offerVariations.offerId, offerId), eq(offerVariations.isMain, false)));
    if (!row) throw notFound();
    return row;
  }

  async addChild(s: Scope, code: string, input: VariationInput): Promise<Variation> {
    const o = await this.offers.offerRow(s, code);
    await this.checkVariation(this.db, o.id, input);
    const [row] = await this.db
      .insert(offerVariations)
      .values({ offerId: o.id, ref: `${o.code}-${token(4)}`, ...variationValues(input) })
      .returning();
    await this.touch(o.id);
    return toVariation(row!);
  }

  async updateChild(s: Scope, code: string, id: number, input: VariationInput): Promise<Variation> {
    const o = await this.offers.offerRow(s, code);
    await this.childRow(o.id, id);
    await this.checkVariation(this.db, o.id, input, id);
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx.update(offerVariations).set(variationValues(input)).where(eq(offerVariations.id, id)).returning();
      await this.offers.checkPublishable(tx, o.id, o.published);
      return r!;
    });
    await this.touch(o.id);
    return toVariation(row);
  }

  async deleteChild(s: Scope, code: string, id: number) {
    const o = await this.offers.offerRow(s, code);
    await this.childRow(o.id, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(offerVariations).where(eq(offerVariations.id, id));
      await this.offers.checkPublishable(tx, o.id, o.published);
    });
    await this.touch(o.id);
  }

  private async touch(offerId: number) {
    await refreshOfferSummaries(this.db, [offerId]);
    await this.db.update(offers).set({ updatedAt: new Date() }).where(eq(offers.id, offerId));
  }
}
