// Catalogue offers an agent makes (docs/adr/0136-catalogue-offers-and-publishing.md): list, edit, clone, publish; only the owner's scope sees them.
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { carImagePath } from '@core/car-image';
import { CATALOG_MESSAGES, CATALOG_PAGE_SIZE, CATALOG_TAG, missingVariations, sameValues, searchCategoryOf, searchFuelOf, canPublish } from '@core/catalog';
import type { CatalogOffer, CatalogOfferInput, CatalogOfferList } from '@core/schemas/catalog';
import type { Db, Queryable } from '../../../db/client';
import { brokers, cars, deliveryTimes, offers, offerServices, offerVariations, products, services } from '../../../db/schema';
import { invalid, notFound } from '../../../lib/errors';
import { containsText } from '../../../lib/text-search';
import { refreshOfferSummaries } from '../../offers/summary';
import { ownedBy, ownerValues, type Scope, sharedOr, token } from '../scope';
import type { CarsService, CarRow } from '../cars/service';
import type { LookupsService } from '../lookups/service';
import { toVariation, valuesOf } from '../variation-values';
type OfferRow = typeof offers.$inferSelect;

export class CatalogOffersService {
  constructor(
    private readonly db: Db,
    private readonly cars: CarsService,
    private readonly lookups: LookupsService,
  ) {}

  // ---- catalogue offers -------------------------------------------------------------------

  private ownOffer(s: Scope): SQL {
    // Made here: the main row holds the price block (seed offers of a network have none and stay read-only).
    const made = sql`exists (select 1 from ${offerVariations} mv where mv.offer_id = ${offers.id} and mv.is_main)`;
    return and(eq(offers.tag, CATALOG_TAG), isNull(offers.deletedAt), ownedBy(offers, s), made) as SQL;
  }

  async offerRow(s: Scope, codeOrId: string): Promise<OfferRow> {
    const key = /^\d+$/.test(codeOrId) ? eq(offers.id, Number(codeOrId)) : eq(offers.code, codeOrId);
    const [row] = await this.db
      .select()
      .from(offers)
      .where(and(key, this.ownOffer(s)));
    if (!row) throw notFound();
    return row;
  }

  async list(s: Scope, page: number, q: string | undefined): Promise<CatalogOfferList> {
    const search = q ? containsText(q, [cars.brand, cars.model, cars.version, offers.code, offers.referenceCode]) : undefined;
    const where = and(this.ownOffer(s), search);
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(where);
    const rows = await this.db
      .select({ o: offers, c: cars, v: offerVariations, provider: brokers.name, product: products.name })
      .from(offers)
      .innerJoin(cars, eq(cars.id, offers.carId))
      .innerJoin(brokers, eq(brokers.code, offers.broker))
      .innerJoin(products, eq(products.code, offers.product))
      .leftJoin(offerVariations, and(eq(offerVariations.offerId, offers.id), eq(offerVariations.isMain, true)))
      .where(where)
      .orderBy(desc(offers.updatedAt), desc(offers.id))
      .limit(CATALOG_PAGE_SIZE)
      .offset((page - 1) * CATALOG_PAGE_SIZE);
    const ids = rows.map((r) => r.o.id);
    const counts = ids.length
      ? await this.db
          .select({ offerId: offerVariations.offerId, n: count() })
          .from(offerVariations)
          .where(and(inArray(offerVariations.offerId, ids), eq(offerVariations.isMain, false)))
          .groupBy(offerVariations.offerId)
      : [];
    return {
      items: {
        data: rows.map((r) => ({
          id: r.o.id,
          code: r.o.code,
          published: r.o.published,
          image: r.o.image,
          provider_name: r.provider,
          product_name: r.product,
          price: r.v?.monthlyRate ?? 0,
          deposit: r.v?.deposit ?? 0,
          duration: r.v?.duration ?? 0,
          distance: r.v?.distance ?? 0,
          reference_code: r.o.referenceCode,
          updated_at: r.o.updatedAt.toISOString(),
          brand: r.c.brand,
          model: r.c.model,
          version: r.c.version,
          variations: counts.find((c) => c.offerId === r.o.id)?.n ?? 0,
        })),
      },
      total,
      lastPage: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)),
      currentPage: page,
      itemsPerPage: CATALOG_PAGE_SIZE,
    };
  }

  async get(s: Scope, code: string): Promise<CatalogOffer> {
    const o = await this.offerRow(s, code);
    const [car] = await this.db.select().from(cars).where(eq(cars.id, o.carId));
    const rows = await this.db.select().from(offerVariations).where(eq(offerVariations.offerId, o.id)).orderBy(asc(offerVariations.id));
    const main = rows.find((r) => r.isMain);
    const [b] = await this.db.select({ name: brokers.name }).from(brokers).where(eq(brokers.code, o.broker));
    const [p] = await this.db.select({ name: products.name }).from(products).where(eq(products.code, o.product));
    const chosen = await this.db.select().from(offerServices).where(eq(offerServices.offerId, o.id)).orderBy(asc(offerServices.serviceId));
    return {
      id: o.id,
      code: o.code,
      published: o.published,
      car: this.cars.toCar(car!, s),
      image: o.image,
      provider: o.broker,
      provider_name: b?.name ?? o.broker,
      product: o.product,
      product_name: p?.name ?? o.product,
      price: main?.monthlyRate ?? 0,
      deposit: main?.deposit ?? 0,
      duration: main?.duration ?? 0,
      distance: main?.distance ?? 0,
      unlimitedKm: (main?.distance ?? 1) === 0,
      deliveryTime: o.deliveryTime,
      fastDelivery: o.fastDelivery,
      right_label: o.customerType,
      reference_code: o.referenceCode,
      notes: o.notes ?? '',
      // The maker's own notes: a co-editor of the group's catalogue sees (and overwrites) none.
      private_notes: o.ownerUserId === s.userId ? (o.privateNotes ?? '') : '',
      potential_profit: o.potentialProfit,
      has_extra_commission: o.hasExtraCommission,
      has_under_commission: o.hasUnderCommission,
      has_over_commission: o.hasOverCommission,
      tag: o.tag,
      services: chosen.map((c) => ({ id: c.serviceId, price: c.price, quantity: c.quantity })),
      variations: rows.filter((r) => !r.isMain).map(toVariation),
      missing: missingVariations(rows.map(valuesOf)),
      updated_at: o.updatedAt.toISOString(),
    };
  }

  /** Checks the references of an offer's values: field errors in the spec's words. */
  private async checkRefs(s: Scope, input: CatalogOfferInput) {
    const errors: Record<string, string[]> = {};
    const [car] = await this.db
      .select()
      .from(cars)
      .where(and(eq(cars.id, input.car), this.cars.visibleCars(s)));
    if (!car) errors.car = [CATALOG_MESSAGES.carInvalid];
    const broker = await this.lookups.visibleBroker(s, input.provider);
    if (!broker) errors.provider = [CATALOG_MESSAGES.providerInvalid];
    const [product] = broker
      ? await this.db
          .select()
          .from(products)
          .where(and(eq(products.code, input.product), eq(products.brokerCode, broker.code), sharedOr(products, s), isNull(products.deletedAt)))
      : [];
    if (!product) errors.product = [CATALOG_MESSAGES.productInvalid];
    const [delivery] = await this.db.select().from(deliveryTimes).where(eq(deliveryTimes.code, input.deliveryTime));
    if (!delivery) errors.deliveryTime = [CATALOG_MESSAGES.deliveryInvalid];
    const ids = input.services.map((x) => x.id);
    if (ids.length) {
      const found = await this.db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
      if (found.length !== new Set(ids).size) errors.services = [CATALOG_MESSAGES.serviceInvalid];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    return car!;
  }

  private offerValues(car: CarRow, input: CatalogOfferInput) {
    return {
      carId: car.id,
      broker: input.provider,
      product: input.product,
      deliveryTime: input.deliveryTime,
      brand: car.brandSlug,
      model: car.model,
      category: searchCategoryOf(car.category),
      fuel: searchFuelOf(car.fuel),
      gear: car.gear,
      vehicleType: car.vehicleType,
      customerType: input.right_label,
      fastDelivery: input.fastDelivery,
      noviceDriver: car.noviceDriver,
      referenceCode: input.reference_code,
      notes: input.notes || null,
      privateNotes: input.private_notes || null,
      potentialProfit: input.potential_profit,
      hasExtraCommission: input.has_extra_commission,
      hasUnderCommission: input.has_under_commission,
      hasOverCommission: input.has_over_commission,
      updatedAt: new Date(),
    };
  }

  /** The unlimited-km flag is distance 0 (§4). */
  private mainValues(input: CatalogOfferInput) {
    return { deposit: input.deposit, duration: input.duration, distance: input.unlimitedKm ? 0 : input.distance, monthlyRate: input.price };
  }

  async create(s: Scope, input: CatalogOfferInput): Promise<CatalogOffer> {
    const car = await this.checkRefs(s, input);
    const code = `CT${token(4)}`;
    await this.db.transaction(async (tx) => {
      const [o] = await tx
        .insert(offers)
        .values({
          ...this.offerValues(car, input),
          code,
          area: 'nazionale',
          tag: CATALOG_TAG,
          status: 'nuovo',
          stock: input.fastDelivery ? 'pronta-consegna' : 'su-ordinazione',
          isCustom: true,
          published: false,
          ...ownerValues(s),
          image: carImagePath('hatchback', 'f2f3f5'),
        })
        .returning({ id: offers.id });
      await tx.insert(offerVariations).values({ offerId: o!.id, ref: `${code}-M`, isMain: true, ...this.mainValues(input) });
      if (input.services.length)
        await tx.insert(offerServices).values(input.services.map((x) => ({ offerId: o!.id, serviceId: x.id, price: x.price, quantity: x.quantity })));
      await refreshOfferSummaries(tx, [o!.id]);
    });
    await this.cars.syncOfferImages(s, car.id);
    return this.get(s, code);
  }

  async update(s: Scope, code: string, input: CatalogOfferInput): Promise<CatalogOffer> {
    const o = await this.offerRow(s, code);
    const car = await this.checkRefs(s, input);
    const main = this.mainValues(input);
    await this.db.transaction(async (tx) => {
      const children = await tx
        .select()
        .from(offerVariations)
        .where(and(eq(offerVariations.offerId, o.id), eq(offerVariations.isMain, false)));
      if (
        children.some((c) =>
          sameValues(valuesOf(c), { deposit: main.deposit, duration: main.duration, distance: main.distance, monthly_rate: main.monthlyRate }),
        )
      ) {
        throw invalid({ price: [CATALOG_MESSAGES.variationSameAsMain] });
      }
      const { privateNotes, ...values } = this.offerValues(car, input);
      await tx
        .update(offers)
        .set(o.ownerUserId === s.userId ? { ...values, privateNotes } : values)
        .where(eq(offers.id, o.id));
      await tx
        .update(offerVariations)
        .set(main)
        .where(and(eq(offerVariations.offerId, o.id), eq(offerVariations.isMain, true)));
      await tx.delete(offerServices).where(eq(offerServices.offerId, o.id));
      if (input.services.length)
        await tx.insert(offerServices).values(input.services.map((x) => ({ offerId: o.id, serviceId: x.id, price: x.price, quantity: x.quantity })));
      await this.checkPublishable(tx, o.id, o.published);
      await refreshOfferSummaries(tx, [o.id]);
    });
    if (car.id !== o.carId) await this.cars.syncOfferImages(s, car.id);
    return this.get(s, o.code);
  }

  async clone(s: Scope, code: string): Promise<CatalogOffer> {
    const o = await this.offerRow(s, code);
    const newCode = `CT${token(4)}`;
    await this.db.transaction(async (tx) => {
      const { id: _id, code: _code, createdAt: _c, updatedAt: _u, ...rest } = o;
      const [copy] = await tx
        .insert(offers)
        .values({ ...rest, privateNotes: o.ownerUserId === s.userId ? rest.privateNotes : null, code: newCode, published: false, ...ownerValues(s) })
        .returning({ id: offers.id });
      const rows = await tx.select().from(offerVariations).where(eq(offerVariations.offerId, o.id));
      await tx.insert(offerVariations).values(
        rows.map(({ id: _v, rate: _r, offerId: _o, ref: _ref, ...v }) => ({
          ...v,
          offerId: copy!.id,
          ref: v.isMain ? `${newCode}-M` : `${newCode}-${token(4)}`,
        })),
      );
      const chosen = await tx.select().from(offerServices).where(eq(offerServices.offerId, o.id));
      if (chosen.length) await tx.insert(offerServices).values(chosen.map((c) => ({ ...c, offerId: copy!.id })));
      await refreshOfferSummaries(tx, [copy!.id]);
    });
    return this.get(s, newCode);
  }

  /** Soft delete: offline copies learn about it from deleted_at. */
  async remove(s: Scope, code: string) {
    const o = await this.offerRow(s, code);
    await this.db.update(offers).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(offers.id, o.id));
  }

  async setPublished(s: Scope, code: string, published: boolean): Promise<CatalogOffer> {
    const o = await this.offerRow(s, code);
    if (published) await this.checkPublishable(this.db, o.id, true, true);
    await this.db.update(offers).set({ published, updatedAt: new Date() }).where(eq(offers.id, o.id));
    return this.get(s, o.code);
  }

  /**
   * §5: a published offer keeps its minimum of variations (checked inside the write's transaction).
   * `publishing`: the publish action itself; otherwise a change to an offer already published.
   */
  async checkPublishable(db: Queryable, offerId: number, published: boolean, publishing = false) {
    if (!published) return;
    const rows = await db.select().from(offerVariations).where(eq(offerVariations.offerId, offerId));
    const message = publishing ? CATALOG_MESSAGES.variationsMissing : CATALOG_MESSAGES.publishedKeepsVariations;
    if (!canPublish(rows.map(valuesOf))) throw invalid({ variations: [message] }, message);
  }
}
