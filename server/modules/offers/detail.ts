// The offer detail and its printable offer sheet (spec §2 "Offer detail and
// configurator", §7 `GET offers/{id}`, `POST offers/attachment`).
import { asc, eq } from 'drizzle-orm';
import { isBody } from '@core/car-image';
import { labelOf, STOCKS } from '@core/offer-options';
import { type AskedRate, offerFees, PAINT_GROUP, priceQuote, type Selection } from '@core/offer-detail';
import { applyServiceOverrides, effectiveRate } from '@core/pricing';
import { toCents, toEuros } from '@core/money';
import { MESSAGES } from '@core/i18n-messages';
import type { ChildOfferData, Color, OfferAttachment, OfferDetail, OfferDetailQuery, Option, OfferService } from '@core/schemas/offer-detail';
import type { OfferFilters } from '@core/schemas/offers';
import type { Db } from '../../db/client';
import {
  areas,
  brokers,
  carOptions,
  cars,
  deliveryTimes,
  offers,
  offerServices as offerServiceChoices,
  offerVariations,
  products,
  productServices,
  services,
} from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { invalid, notFound } from '../../lib/errors';
import { canSeeOffer } from '@core/offer-visibility';
import { audienceOf, viewerOf } from './catalogue';
import { viewerFees } from './fees';
import { canSeePrivateNotes, offerHead } from './service';

export const CATALOGUE_TAG = 'Catalogo';

type Loaded = NonNullable<Awaited<ReturnType<OfferDetailService['load']>>>;

export class OfferDetailService {
  constructor(private readonly db: Db) {}

  /** One visible offer by its code or one of its child refs; null when absent or not visible. */
  async load(auth: AuthContext, id: string) {
    // The offer's id first, by code or by a child's ref: two index lookups (an OR over both in one
    // condition makes PostgreSQL scan every offer).
    const [byCode] = await this.db.select({ id: offers.id }).from(offers).where(eq(offers.code, id)).limit(1);
    const [byChild] = byCode ? [] : await this.db.select({ id: offerVariations.offerId }).from(offerVariations).where(eq(offerVariations.ref, id)).limit(1);
    const offerId = byCode?.id ?? byChild?.id;
    if (offerId === undefined) return null;
    const [row] = await this.db
      .select({
        o: offers,
        c: cars,
        broker: { name: brokers.name, logo: brokers.logo },
        productId: products.id,
        productName: products.name,
        areaLabel: areas.label,
        deliveryLabel: deliveryTimes.label,
        deliveryDays: deliveryTimes.days,
      })
      .from(offers)
      .innerJoin(cars, eq(cars.id, offers.carId))
      .innerJoin(brokers, eq(brokers.code, offers.broker))
      .innerJoin(products, eq(products.code, offers.product))
      .innerJoin(areas, eq(areas.code, offers.area))
      .innerJoin(deliveryTimes, eq(deliveryTimes.code, offers.deliveryTime))
      .where(eq(offers.id, offerId))
      .limit(1);
    if (!row || !canSeeOffer(audienceOf(row.o), viewerOf(auth.user))) return null;
    const [children, options, svc, choices, fees] = await Promise.all([
      this.db
        .select()
        .from(offerVariations)
        .where(eq(offerVariations.offerId, row.o.id))
        .orderBy(asc(offerVariations.duration), asc(offerVariations.distance), asc(offerVariations.deposit), asc(offerVariations.id)),
      this.db.select().from(carOptions).where(eq(carOptions.carId, row.c.id)).orderBy(asc(carOptions.group), asc(carOptions.price), asc(carOptions.code)),
      this.db
        .select({ ps: productServices, s: services })
        .from(productServices)
        .innerJoin(services, eq(services.id, productServices.serviceId))
        .where(eq(productServices.productId, row.productId))
        .orderBy(asc(services.id)),
      this.db
        .select({ id: offerServiceChoices.serviceId, price: offerServiceChoices.price, quantity: offerServiceChoices.quantity })
        .from(offerServiceChoices)
        .where(eq(offerServiceChoices.offerId, row.o.id)),
      viewerFees(this.db, auth.user),
    ]);
    const child: ChildOfferData[] = children.map((v) => ({
      ref: v.ref,
      deposit: v.deposit,
      duration: v.duration,
      distance: v.distance,
      monthly_rate: v.monthlyRate,
      web_monthly_rate: v.webMonthlyRate,
      bundle: v.bundle,
      special_rate: v.specialRate,
      special_price: v.specialPrice,
    }));
    const toOption = (x: (typeof options)[number]): Option => ({
      code: x.code,
      price: x.price,
      description: x.description,
      short_description: x.shortDescription,
      standard_description: x.standardDescription,
      group_code: x.groupCode,
      group: x.group,
    });
    const colors: Color[] = options.filter((x) => x.group === PAINT_GROUP).map((x) => ({ ...toOption(x), hex: x.hex }));
    const accessories: Option[] = options.filter((x) => x.group !== PAINT_GROUP).map(toOption);
    const productOffer: OfferService[] = svc.map(({ ps, s }) => ({
      id: s.id,
      code: s.code,
      type: s.type,
      name: s.name,
      description: s.description,
      icon: s.icon,
      price: ps.price,
      franchise: ps.franchise,
      included: ps.included,
      quantity: ps.quantity,
      min_quantity: ps.minQuantity,
      max_quantity: ps.maxQuantity,
      has_price_map: ps.hasPriceMap,
      price_map: ps.priceMap as OfferService['price_map'],
    }));
    // A catalogue offer's service choices (price override, quantity) price its services: core/pricing.ts.
    const offerServices = applyServiceOverrides(productOffer, choices);
    return { ...row, child, colors, accessories, services: offerServices, viewerFees: fees };
  }

  async detail(auth: AuthContext, id: string, query: OfferDetailQuery): Promise<OfferDetail> {
    const row = await this.load(auth, id);
    if (!row) throw notFound();
    const { o, c } = row;
    const byRef = row.child.find((v) => v.ref === id);
    const asked = query.duration !== undefined && query.deposit !== undefined && query.distance !== undefined;
    const matched = asked
      ? row.child.find(
          (v) =>
            v.duration === query.duration &&
            v.deposit === query.deposit &&
            v.distance === query.distance &&
            (!query.bundle || !v.bundle || v.bundle === query.bundle),
        )
      : undefined;
    const shown = byRef ?? matched ?? bestChild(row.child, query.filter) ?? row.child[0];
    if (!shown) throw notFound();
    const seller = auth.can('fees-visibility');
    const rate = effectiveRate(shown);
    const detail: OfferDetail = {
      ref: shown.ref,
      ...offerHead(o, c),
      deposit: shown.deposit,
      duration: shown.duration,
      distance: shown.distance,
      monthly_rate: rate,
      web_monthly_rate: shown.web_monthly_rate,
      bundle: shown.bundle,
      // Credit-check hook: with contractualCategory and answers the credit check (another issue)
      // computes these with core/sustainability.ts; until then there is no index.
      sustainabilityIndex: null,
      sustainabilityMessage: null,
      stockAvailability: o.stock,
      stockAvailabilityLabel: labelOf(STOCKS, o.stock),
      delivery_time_label: row.deliveryLabel,
      delivery_days: row.deliveryDays,
      unlimitedKm: o.unlimitedKm,
      fastDelivery: o.fastDelivery,
      noviceDriver: o.noviceDriver,
      isHighlighted: o.isHighlighted,
      isSuggested: o.isSuggested,
      isCustom: o.isCustom,
      isOwned: o.ownerUserId !== null && o.ownerUserId === auth.user.id,
      customerType: o.customerType,
      status: o.status,
      broker: { code: o.broker, name: row.broker.name, logo: row.broker.logo },
      product: { code: o.product, name: row.productName },
      area: { code: o.area, name: row.areaLabel },
      notes: o.notes,
      updated_at: o.updatedAt.toISOString(),
      expired: asked && !byRef && !matched,
      child: { data: row.child },
      optionalAccessories: row.accessories,
      colors: row.colors,
      services: row.services,
      equippedOptionals: o.equippedOptionals,
    };
    // Seller notes: only on Catalogo offers (the spec), and only for whom the search shows them.
    if (o.tag === CATALOGUE_TAG && canSeePrivateNotes(o.ownerUserId, auth.user.id, seller)) detail.private_notes = o.privateNotes;
    if (seller) {
      // A sub-agent is sent their own earning, never the network's margin (docs/adr/0052-network-margins-sub-agents-see-their-own.md).
      detail.fees = offerFees(o.potentialProfit, rate, row.viewerFees.settings, { showMargin: row.viewerFees.showMargin });
      detail.has_extra_commission = o.hasExtraCommission;
      detail.has_under_commission = o.hasUnderCommission;
      detail.has_over_commission = o.hasOverCommission;
    }
    return detail;
  }

  /**
   * The configuration to print, priced by the server. The client's price is used only when it is a
   * commission change the seller may make (within the rate override's bounds); otherwise the
   * server's own rate is printed.
   */
  async attachment(auth: AuthContext, body: OfferAttachment) {
    const row = await this.load(auth, body.offer);
    if (!row) throw notFound();
    const child = row.child.find((v) => v.ref === body.offer) ?? [...row.child].sort((a, b) => effectiveRate(a) - effectiveRate(b))[0];
    if (!child) throw notFound();
    const priced = priceFor(
      auth,
      row,
      child,
      { accessories: body.accessories, colors: body.colors, services: body.services ?? {} },
      { monthlyRate: body.price },
    );
    if (!priced.ok) throw invalid(configurationErrors(priced, body.colors));
    // The asked price stands when the commission line reaches it; otherwise the configured rate is printed.
    const price = priced.monthlyRate === toCents(body.price) ? priced.monthlyRate : priced.rate.total;
    const selectedServices = Object.entries(body.services ?? {}).flatMap(([id, quantity]) => {
      const s = row.services.find((x) => String(x.id) === id);
      return s ? [{ ...s, quantity }] : [];
    });
    return {
      row,
      child,
      rate: toEuros(price),
      accessories: row.accessories.filter((a) => body.accessories.includes(a.code)),
      color: row.colors.find((x) => body.colors.includes(x.code)) ?? null,
      services: selectedServices,
      body: isBody(row.c.body) ? row.c.body : 'hatchback',
    };
  }
}

export type PrintableOffer = Awaited<ReturnType<OfferDetailService['attachment']>>;
export type { Loaded };

/**
 * A configuration of this offer priced for this agent with core's priceQuote (docs/pricing.md): their
 * own commission settings, and the commission flags only with fees-visibility (without them only the
 * configured rate exists). The offer detail's print and the quotations price with it.
 */
export function priceFor(
  auth: AuthContext,
  row: Loaded,
  child: ChildOfferData,
  choice: Pick<Selection, 'accessories' | 'colors' | 'services'>,
  asked: AskedRate,
) {
  const fees = offerFees(row.o.potentialProfit, effectiveRate(child), row.viewerFees.settings, { showMargin: row.viewerFees.showMargin });
  const flags = auth.can('fees-visibility')
    ? { has_extra_commission: row.o.hasExtraCommission, has_under_commission: row.o.hasUnderCommission, has_over_commission: row.o.hasOverCommission }
    : {};
  return priceQuote(
    { tag: row.o.tag, children: row.child, accessories: row.accessories, colors: row.colors, services: row.services, fees, flags },
    { duration: child.duration, deposit: child.deposit, distance: child.distance, bundle: child.bundle, ...choice },
    asked,
  );
}

/** Why a configuration cannot be priced, as field errors (422): codes the offer lacks, two colours, no child offer. */
export function configurationErrors(
  failed: { ok: false; reason: 'no-match' } | { ok: false; reason: 'unknown'; accessories: string[]; colors: string[]; services: string[] },
  colors: readonly string[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (failed.reason === 'unknown') {
    if (failed.accessories.length) errors.accessories = [`Accessori non disponibili per questa offerta: ${failed.accessories.join(', ')}`];
    if (failed.colors.length)
      errors.colors = [colors.length > 1 ? 'Si può scegliere un solo colore' : `Colori non disponibili per questa offerta: ${failed.colors.join(', ')}`];
    if (failed.services.length) errors.services = ['Servizi non disponibili per questa offerta'];
  } else errors.offer = [MESSAGES.notFound];
  return errors;
}

/** Without an exact selection: the cheapest child passing the filter's child-offer filters (as the card). */
function bestChild(children: ChildOfferData[], filter: Partial<OfferFilters> | undefined): ChildOfferData | undefined {
  const f = filter ?? {};
  const distances = f.unlimitedKm ? [0] : f.distances;
  const passing = children.filter(
    (v) =>
      (!f.durations?.length || f.durations.includes(v.duration)) &&
      (!distances?.length || distances.includes(v.distance)) &&
      (!f.monthly_rates || (effectiveRate(v) >= f.monthly_rates[0] && effectiveRate(v) <= f.monthly_rates[1])) &&
      (!f.deposits || (v.deposit >= f.deposits[0] && v.deposit <= f.deposits[1])),
  );
  return [...passing].sort((a, b) => effectiveRate(a) - effectiveRate(b))[0];
}
