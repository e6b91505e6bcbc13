import { eq, inArray } from 'drizzle-orm';
import { buildFilterSet, type FilterLookups } from '@core/offer-filter-set';
import { CATALOGUE_TAG_LABEL, FUELS, labelOf, STOCKS } from '@core/offer-options';
import { MESSAGES } from '@core/i18n-messages';
import { keepsEverything, offerSustainability, sustainabilityBands, sustainabilityFilterOf, type SustainabilityFilter } from '@core/offer-sustainability';
import type { FilterSet, OfferCard, OfferSearch, OfferSearchResponse } from '@core/schemas/offers';
import type { Db } from '../../db/client';
import { areas, brokers, cars, deliveryTimes, offers, offerVariations, products } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { type ReadyAnswer, ReadyAnswers } from '../../lib/ready-answer';
import type { OfferViewer } from '@core/offer-visibility';
import { type CatalogueIndex, type CatalogueResult, catalogueIndex, searchCatalogue } from './catalogue-index';
import { viewerOf } from './catalogue';

/** The most rows one download may hold. */
export const EXPORT_LIMIT = 5000;
/** Card rows kept per index version (the pages agents open most are read once). */
const CARD_CACHE_SIZE = 2000;

type CardRow = Awaited<ReturnType<OffersService['loadCards']>>[number];

export class OffersService {
  /** Ready answers of the current index version (searchAnswer). */
  private answers = { version: '', cache: new ReadyAnswers(0) };

  /** `answerCacheBytes`: how much memory ready search answers may take (config SEARCH_ANSWER_CACHE_MB). */
  constructor(
    private readonly db: Db,
    private readonly answerCacheBytes = 0,
  ) {}

  private viewer(auth: AuthContext): OfferViewer {
    return viewerOf(auth.user);
  }

  /** The Catalogo tag is a filter only for users with the catalog feature (spec §6). */
  private checkTags(auth: AuthContext, tags: readonly string[] | undefined) {
    if (tags?.includes(CATALOGUE_TAG_LABEL) && !auth.can('catalog')) throw forbidden(MESSAGES.featureDisabled);
  }

  async search(auth: AuthContext, search: OfferSearch): Promise<OfferSearchResponse> {
    this.checkTags(auth, search.tags);
    return this.searchIn(await catalogueIndex(this.db, auth.catalogueVersion), auth, search);
  }

  /**
   * The search's answer as sent (`serialize`: the route's response serializer). Answers are kept for
   * the index version they were made at, for everyone who would get the same bytes: the user
   * alone when they own offers of the index (their cards say isOwned), otherwise everyone of the same
   * network with the same catalog and fees-visibility features (what else a search depends on).
   */
  async searchAnswer(auth: AuthContext, search: OfferSearch, serialize: (answer: OfferSearchResponse) => string): Promise<ReadyAnswer> {
    this.checkTags(auth, search.tags);
    const loaded = await catalogueIndex(this.db, auth.catalogueVersion);
    const features = `${auth.can('catalog') ? 'c' : ''}${auth.can('fees-visibility') ? 'f' : ''}`;
    const viewer = loaded.index.owners.has(auth.user.id) ? `user ${auth.user.id}` : `network ${auth.user.groupCode || '-'}`;
    const key = `${viewer} ${features} ${JSON.stringify(search)}`;
    if (this.answers.version !== loaded.version) this.answers = { version: loaded.version, cache: new ReadyAnswers(this.answerCacheBytes) };
    const { cache } = this.answers;
    return cache.get(key) ?? cache.add(key, serialize(await this.searchIn(loaded, auth, search)));
  }

  private async searchIn(loaded: CatalogueIndex, auth: AuthContext, search: OfferSearch): Promise<OfferSearchResponse> {
    const check = creditCheckRestriction(search);
    const result = searchCatalogue(loaded, {
      filters: search,
      sort: search.sort,
      page: search.page,
      items: search.items,
      viewer: this.viewer(auth),
      sustainability: check.bands,
    });
    const cards = withSustainability(await this.cards(auth, result.hits, loaded.cardRows as Map<number, CardRow>), check.filter);
    const { lookups } = loaded;
    return {
      items: { data: cards },
      total: result.total,
      lastPage: result.lastPage,
      currentPage: result.currentPage,
      itemsPerPage: result.itemsPerPage,
      filters: buildFilterSet(result, lookups, auth.can('catalog')),
    };
  }

  /** Filter definitions over the whole visible catalogue (no filter active). */
  async filters(auth: AuthContext): Promise<FilterSet> {
    const loaded = await catalogueIndex(this.db, auth.catalogueVersion);
    const result = searchCatalogue(loaded, { filters: {}, sort: 'price-up', page: 1, items: 1, viewer: this.viewer(auth) });
    const { lookups } = loaded;
    return buildFilterSet(result, lookups, auth.can('catalog'));
  }

  /** Every card of the current result (up to EXPORT_LIMIT), in the chosen order. */
  async exportRows(auth: AuthContext, search: OfferSearch): Promise<OfferCard[]> {
    this.checkTags(auth, search.tags);
    const check = creditCheckRestriction(search);
    const result = searchCatalogue(await catalogueIndex(this.db, auth.catalogueVersion), {
      filters: search,
      sort: search.sort,
      page: 1,
      items: EXPORT_LIMIT,
      viewer: this.viewer(auth),
      sustainability: check.bands,
    });
    return withSustainability(await this.cards(auth, result.hits), check.filter);
  }

  /** Names of brands, brokers, products, areas and delivery times, as the search index read them. */
  async lookups(): Promise<FilterLookups> {
    return (await catalogueIndex(this.db)).lookups;
  }

  loadCards(variationIds: readonly number[]) {
    if (variationIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        o: offers,
        c: cars,
        v: offerVariations,
        broker: { name: brokers.name, logo: brokers.logo },
        productName: products.name,
        areaLabel: areas.label,
        deliveryLabel: deliveryTimes.label,
      })
      .from(offerVariations)
      .innerJoin(offers, eq(offers.id, offerVariations.offerId))
      .innerJoin(cars, eq(cars.id, offers.carId))
      .innerJoin(brokers, eq(brokers.code, offers.broker))
      .innerJoin(products, eq(products.code, offers.product))
      .innerJoin(areas, eq(areas.code, offers.area))
      .innerJoin(deliveryTimes, eq(deliveryTimes.code, offers.deliveryTime))
      .where(inArray(offerVariations.id, [...variationIds]));
  }

  /** Cards of the given variations, as the search shows them to this user. */
  async cardsOf(auth: AuthContext, variationIds: readonly number[]): Promise<OfferCard[]> {
    return this.cards(
      auth,
      variationIds.map((variationId) => ({ variationId }) as CatalogueResult['hits'][number]),
    );
  }

  /** `cache`: the card rows already read at the index's version (catalogue-index.ts `cardRows`). */
  private async cards(auth: AuthContext, hits: CatalogueResult['hits'], cache?: Map<number, CardRow>): Promise<OfferCard[]> {
    const ids = hits.map((h) => h.variationId);
    const rows = await this.loadCards(cache ? ids.filter((id) => !cache.has(id)) : ids);
    if (cache) {
      if (cache.size + rows.length > CARD_CACHE_SIZE) cache.clear();
      for (const r of rows) cache.set(r.v.id, r);
    }
    const byVariation = cache ?? new Map(rows.map((r) => [r.v.id, r]));
    return hits.flatMap((h) => {
      const row = byVariation.get(h.variationId);
      return row ? [toCard(row, auth.user.id)] : [];
    });
  }
}

/**
 * The credit check's part of a search (spec §2, §4, §7): the check re-run from the search's
 * contractualCategory and answers (core/offer-sustainability.ts), and the traffic-light levels kept as
 * rate/deposit regions for the SQL (null when every level is kept, or without a completed check).
 * The filters the check sets (customer type, monthly_rates, deposits) come from the client, which shows
 * them as chips and in the address; the server does not add them a second time.
 */
export function creditCheckRestriction(search: OfferSearch): { filter: SustainabilityFilter | null; bands: ReturnType<typeof sustainabilityBands> | null } {
  const filter = sustainabilityFilterOf(search);
  if (!filter) return { filter: null, bands: null };
  const bands = sustainabilityBands(filter);
  return { filter, bands: keepsEverything(bands) ? null : bands };
}

/** Cards carry their child offer's traffic light when the search has a completed check. */
export function withSustainability(cards: OfferCard[], filter: SustainabilityFilter | null): OfferCard[] {
  if (!filter) return cards;
  return cards.map((c) => {
    const { index, message } = offerSustainability(filter.limits, { rate: c.monthly_rate, deposit: c.deposit });
    return { ...c, sustainabilityIndex: index, sustainabilityMessage: message };
  });
}

/**
 * private_notes are 'for the agent only' (account spec): the user who made the
 * catalogue offer reads them, in its detail and in the catalogue editor; no one else, however the
 * offer is shared (group, network) or whatever their features (docs/adr/0120-offer-visibility-and-private-notes.md). `_seller` is kept for
 * the detail's call and no longer widens it.
 */
export function canSeePrivateNotes(ownerUserId: number | null, userId: number, _seller?: boolean) {
  return ownerUserId !== null && ownerUserId === userId;
}

/** The spec's Car as cards and the detail show it. */
/** What a card and an offer detail say alike about the offer and its car. */
export function offerHead(o: typeof offers.$inferSelect, c: typeof cars.$inferSelect) {
  return {
    code: o.code,
    reference_code: o.referenceCode,
    brand: c.brand,
    model: c.model,
    version: c.version,
    image: o.image,
    images: [o.image],
    color: o.color,
    car: toCarData(c),
    tag: o.tag,
    secondaryTag: o.secondaryTag,
  };
}

export function toCarData(c: typeof cars.$inferSelect): OfferCard['car'] {
  return {
    code: c.code,
    vehicleType: c.vehicleType,
    brand: { name: c.brand },
    descrizione_modello: c.model,
    allestimento: c.version,
    fuel: { name: labelOf(FUELS, c.fuel) },
    descrizione_cambio: c.gearDescription,
    cilindrata: c.displacement,
    posti: c.seats,
    porte: c.doors,
    larghezza: c.width,
    lunghezza: c.length,
    altezza: c.height,
    bagagliaio: c.boot,
    hp: c.hp,
    kw: c.kw,
    descrizione_trazione: c.traction,
    consumo_medio: c.consumption,
    emissioni_co2: c.co2,
    category: c.category,
    body: c.body,
  };
}

function toCard(row: CardRow, userId: number): OfferCard {
  const { o, c, v } = row;
  const card: OfferCard = {
    ref: v.ref,
    ...offerHead(o, c),
    deposit: v.deposit,
    duration: v.duration,
    distance: v.distance,
    monthly_rate: v.rate,
    web_monthly_rate: v.webMonthlyRate,
    bundle: v.bundle,
    sustainabilityIndex: null,
    sustainabilityMessage: null,
    stockAvailability: o.stock,
    stockAvailabilityLabel: labelOf(STOCKS, o.stock),
    delivery_time_label: row.deliveryLabel,
    unlimitedKm: o.unlimitedKm,
    fastDelivery: o.fastDelivery,
    noviceDriver: o.noviceDriver,
    isHighlighted: o.isHighlighted,
    isSuggested: o.isSuggested,
    isCustom: o.isCustom,
    isOwned: o.ownerUserId !== null && o.ownerUserId === userId,
    customerType: o.customerType,
    status: o.status,
    broker: { code: o.broker, name: row.broker.name, logo: row.broker.logo },
    product: { code: o.product, name: row.productName },
    area: { code: o.area, name: row.areaLabel },
    notes: o.notes,
    updated_at: o.updatedAt.toISOString(),
  };
  // Cards (search, export, the device's catalogue copy) never carry private notes: only the detail does.
  return card;
}
