// Catalogue management (issue 9): the rules and queries behind server/modules/catalog/routes.ts.
// Ownership: what an agent makes belongs to their group (network) when they have one, else to them;
// only that scope sees and changes it, anyone else gets 404 (ids of other networks are not confirmed).
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { carImagePath, isBody } from '@core/car-image';
import {
  bodyOf,
  CATALOG_MESSAGES,
  CATALOG_PAGE_SIZE,
  CATALOG_TAG,
  missingVariations,
  sameValues,
  searchCategoryOf,
  searchFuelOf,
  searchGearOf,
  slugify,
  canPublish,
  productInUse,
  providerInUse,
} from '@core/catalog';
import { MESSAGES } from '@core/i18n-messages';
import type {
  Brand,
  Broker,
  Car,
  CarImage,
  CarModel,
  CarVersion,
  CatalogOffer,
  CatalogOfferInput,
  CatalogOfferList,
  CustomCarInput,
  DeliveryTime,
  OfferRequest,
  OfferRequestInput,
  Product,
  ProductInput,
  ProductRow,
  ProductService,
  ProductServicesInput,
  Provider,
  ProviderInput,
  Service,
  Variation,
  VariationInput,
} from '@core/schemas/catalog';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { brokers, carImages, carOptions, cars, deliveryTimes, offerRequests, offers, offerServices, offerVariations, products, productServices, services } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { conflict, invalid, notFound } from '../../lib/errors';
import { assertImagesWithinLimits, sniffImage, type UploadStore } from '../../lib/images';
import { containsText } from '../../lib/text-search';
import { refreshOfferSummaries } from '../offers/summary';

export type Scope = { userId: number; group: string | null };
export const scopeOf = (auth: AuthContext): Scope => ({ userId: auth.user.id, group: auth.user.groupCode || null });

type Owned = { ownerGroup: AnyPgColumn; ownerUserId: AnyPgColumn };
/** Rows of the scope: the group's when the agent has one, else the agent's own. */
const ownedBy = (t: Owned, s: Scope): SQL => (s.group ? eq(t.ownerGroup, s.group) : (and(isNull(t.ownerGroup), eq(t.ownerUserId, s.userId)) as SQL));
/** Shared rows (no owner) plus the scope's. */
const sharedOr = (t: Owned, s: Scope): SQL => or(and(isNull(t.ownerGroup), isNull(t.ownerUserId)), ownedBy(t, s)) as SQL;
const ownerValues = (s: Scope) => ({ ownerGroup: s.group, ownerUserId: s.userId });

const token = (n = 5) => randomBytes(n).toString('hex').toUpperCase();
const IMAGE_NAME = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/;
export const imageUrl = (fileKey: string) => `/api/v1/car/images/file/${fileKey.split('/')[1]}`;

type CarRow = typeof cars.$inferSelect;
type OfferRow = typeof offers.$inferSelect;

export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadStore,
  ) {}

  // ---- cars -------------------------------------------------------------------------------

  private visibleCars(s: Scope): SQL {
    return or(eq(cars.isCustom, false), ownedBy(cars, s)) as SQL;
  }

  toCar(c: CarRow, s: Scope): Car {
    return {
      id: c.id,
      code: c.code,
      motornet: c.code,
      eurotax: String(c.id),
      is_custom: c.isCustom,
      editable: c.isCustom && (s.group ? c.ownerGroup === s.group : c.ownerGroup === null && c.ownerUserId === s.userId),
      vehicleType: c.vehicleType,
      brand: c.brand,
      brandCode: c.brandCode,
      modello: c.model,
      modelCode: slugify(c.model),
      allestimento: c.version,
      category: c.category,
      fuel: c.fuel,
      segmento: c.segment,
      neo_patentati: c.noviceDriver,
      cilindrata: c.displacement,
      cavalli_fiscali: c.fiscalHp,
      descrizione_trazione: c.traction,
      desc_motore: c.engineDescription,
      hp: c.hp,
      consumo_medio: c.consumption,
      kw: c.kw,
      euro: c.euro,
      emissioni_co2: c.co2,
      descrizione_cambio: c.gearDescription,
      larghezza: c.width,
      lunghezza: c.length,
      bagagliaio: c.boot,
      posti: c.seats,
      porte: c.doors,
    };
  }

  async brands(s: Scope): Promise<Brand[]> {
    const rows = await this.db
      .selectDistinct({ code: cars.brandCode, name: cars.brand, vehicleType: cars.vehicleType })
      .from(cars)
      .where(this.visibleCars(s));
    const byCode = new Map<string, Brand>();
    for (const r of rows) {
      const b = byCode.get(r.code) ?? { code: r.code, name: r.name, logo: `/api/v1/car/brands/${r.code}/logo.svg`, vehicleTypes: [] };
      if (!b.vehicleTypes.includes(r.vehicleType)) b.vehicleTypes.push(r.vehicleType);
      byCode.set(r.code, b);
    }
    return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async models(s: Scope, brand: string, vehicleType: string | undefined): Promise<CarModel[]> {
    const rows = await this.db
      .selectDistinct({ name: cars.model })
      .from(cars)
      .where(and(this.visibleCars(s), eq(cars.brandCode, brand.toUpperCase()), vehicleType ? eq(cars.vehicleType, vehicleType as 'auto') : undefined));
    return rows.map((r) => ({ code: slugify(r.name), name: r.name })).sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }

  async versions(s: Scope, brand: string, model: string, vehicleType: string | undefined): Promise<CarVersion[]> {
    const rows = await this.db
      .select()
      .from(cars)
      .where(and(this.visibleCars(s), eq(cars.brandCode, brand.toUpperCase()), vehicleType ? eq(cars.vehicleType, vehicleType as 'auto') : undefined))
      .orderBy(asc(cars.version));
    return rows
      .filter((c) => slugify(c.model) === model)
      .map((c) => ({
        // The spec's client splits the code on a dash into motornet and eurotax.
        code: `${c.code}-${c.id}`,
        // "a name prefix is removed": the model's name, when the version repeats it.
        name: c.version.startsWith(`${c.model} `) ? c.version.slice(c.model.length + 1) : c.version,
        id: c.id,
        is_custom: c.isCustom,
      }));
  }

  private async carRow(s: Scope, where: SQL): Promise<CarRow> {
    const [row] = await this.db.select().from(cars).where(and(this.visibleCars(s), where));
    if (!row) throw notFound();
    return row;
  }

  async car(s: Scope, motornet: string, eurotax: string | undefined): Promise<Car> {
    const row = await this.carRow(s, and(eq(cars.code, motornet), eurotax && /^\d+$/.test(eurotax) ? eq(cars.id, Number(eurotax)) : undefined) as SQL);
    return this.toCar(row, s);
  }

  private customCarValues(input: CustomCarInput) {
    return {
      vehicleType: input.vehicleType,
      brand: input.brand,
      brandSlug: slugify(input.brand),
      model: input.modello,
      version: input.allestimento,
      category: input.category,
      body: bodyOf(input.category),
      fuel: input.fuel,
      gear: searchGearOf(input.descrizione_cambio),
      gearDescription: input.descrizione_cambio,
      displacement: input.cilindrata,
      seats: input.posti,
      doors: input.porte,
      width: input.larghezza,
      length: input.lunghezza,
      height: 0,
      boot: input.bagagliaio,
      hp: input.hp,
      kw: input.kw,
      traction: input.descrizione_trazione,
      consumption: input.consumo_medio,
      co2: input.emissioni_co2,
      listPrice: 0,
      segment: input.segmento,
      noviceDriver: input.neo_patentati,
      fiscalHp: input.cavalli_fiscali,
      engineDescription: input.desc_motore,
      euro: input.euro,
    };
  }

  async createCar(s: Scope, input: CustomCarInput): Promise<Car> {
    const [row] = await this.db
      .insert(cars)
      .values({ ...this.customCarValues(input), code: `CUS${token(5)}`, isCustom: true, ...ownerValues(s) })
      .returning();
    return this.toCar(row!, s);
  }

  async updateCar(s: Scope, id: number, input: CustomCarInput): Promise<Car> {
    const current = await this.carRow(s, eq(cars.id, id));
    if (!current.isCustom) throw invalid({ car: [CATALOG_MESSAGES.catalogCarReadOnly] }, CATALOG_MESSAGES.catalogCarReadOnly);
    const values = this.customCarValues(input);
    const [row] = await this.db.update(cars).set({ ...values, updatedAt: new Date() }).where(eq(cars.id, id)).returning();
    // Offers copy the car's search fields.
    await this.db
      .update(offers)
      .set({ brand: values.brandSlug, model: values.model, category: searchCategoryOf(values.category), fuel: searchFuelOf(values.fuel), gear: values.gear, vehicleType: values.vehicleType, updatedAt: new Date() })
      .where(eq(offers.carId, id));
    await this.syncOfferImages(s, id);
    return this.toCar(row!, s);
  }

  // ---- images -----------------------------------------------------------------------------

  private async defaultImages(car: CarRow): Promise<CarImage[]> {
    const paints = await this.db
      .select({ hex: carOptions.hex, description: carOptions.description })
      .from(carOptions)
      .where(and(eq(carOptions.carId, car.id), eq(carOptions.groupCode, 'VER')))
      .orderBy(asc(carOptions.id));
    const list = paints.filter((p): p is { hex: string; description: string } => !!p.hex);
    const shown = list.length ? list : [{ hex: 'f2f3f5', description: 'Bianco' }];
    return shown.map((p, i) => ({ id: null, source: carImagePath(isBody(car.body) ? car.body : 'hatchback', p.hex), description: p.description, type: i === 0 ? 'MAIN' : 'OTHER', group: 'default' }));
  }

  private async customImages(s: Scope, carId: number): Promise<CarImage[]> {
    const rows = await this.db
      .select()
      .from(carImages)
      .where(and(eq(carImages.carId, carId), ownedBy(carImages, s)))
      .orderBy(asc(carImages.id));
    return rows.map((r) => ({ id: r.id, source: imageUrl(r.fileKey), description: r.description, type: r.type, group: 'custom' }));
  }

  async images(s: Scope, carCode: string): Promise<CarImage[]> {
    const car = await this.carRow(s, /^\d+$/.test(carCode) ? (eq(cars.id, Number(carCode)) as SQL) : (eq(cars.code, carCode) as SQL));
    return [...(await this.customImages(s, car.id)), ...(await this.defaultImages(car))];
  }

  /** The picture of the scope's catalogue offers of a car: the custom MAIN image, else the default one. */
  private async syncOfferImages(s: Scope, carId: number) {
    const car = await this.carRow(s, eq(cars.id, carId));
    const custom = await this.customImages(s, carId);
    const image = custom.find((i) => i.type === 'MAIN')?.source ?? (await this.defaultImages(car))[0]!.source;
    await this.db
      .update(offers)
      .set({ image, updatedAt: new Date() })
      .where(and(eq(offers.carId, carId), eq(offers.tag, CATALOG_TAG), ownedBy(offers, s), isNull(offers.deletedAt)));
  }

  async uploadImages(s: Scope, carId: number, files: { data: Buffer }[]): Promise<CarImage[]> {
    await this.carRow(s, eq(cars.id, carId));
    if (files.length === 0) throw invalid({ 'immagini[]': [MESSAGES.fileMissing] });
    const kinds = files.map((f) => sniffImage(f.data));
    if (kinds.some((k) => !k)) throw invalid({ 'immagini[]': [MESSAGES.imageOnly] });
    assertImagesWithinLimits('immagini[]', files);
    const hasMain = (await this.customImages(s, carId)).some((i) => i.type === 'MAIN');
    for (const [i, f] of files.entries()) {
      const fileKey = await this.uploads.save('cars', f.data, kinds[i]!);
      await this.db.insert(carImages).values({ carId, fileKey, ...ownerValues(s), type: !hasMain && i === 0 ? 'MAIN' : 'OTHER' });
    }
    await this.syncOfferImages(s, carId);
    return this.images(s, String(carId));
  }

  private async imageRow(s: Scope, id: number) {
    const [row] = await this.db.select().from(carImages).where(and(eq(carImages.id, id), ownedBy(carImages, s)));
    if (!row) throw notFound();
    return row;
  }

  async setMainImage(s: Scope, id: number): Promise<CarImage[]> {
    const row = await this.imageRow(s, id);
    await this.db.transaction(async (tx) => {
      await tx.update(carImages).set({ type: 'OTHER' }).where(and(eq(carImages.carId, row.carId), ownedBy(carImages, s)));
      await tx.update(carImages).set({ type: 'MAIN' }).where(eq(carImages.id, id));
    });
    await this.syncOfferImages(s, row.carId);
    return this.images(s, String(row.carId));
  }

  async deleteImage(s: Scope, id: number): Promise<CarImage[]> {
    const row = await this.imageRow(s, id);
    await this.db.delete(carImages).where(eq(carImages.id, id));
    if (row.type === 'MAIN') {
      const [next] = await this.db.select({ id: carImages.id }).from(carImages).where(and(eq(carImages.carId, row.carId), ownedBy(carImages, s))).orderBy(asc(carImages.id)).limit(1);
      if (next) await this.db.update(carImages).set({ type: 'MAIN' }).where(eq(carImages.id, next.id));
    }
    await this.syncOfferImages(s, row.carId);
    return this.images(s, String(row.carId));
  }

  /** 'Default images' chosen: every custom image of the car goes; answers what remains. */
  async clearImages(s: Scope, carId: number): Promise<CarImage[]> {
    await this.carRow(s, eq(cars.id, carId));
    await this.db.delete(carImages).where(and(eq(carImages.carId, carId), ownedBy(carImages, s)));
    await this.syncOfferImages(s, carId);
    return this.images(s, String(carId));
  }

  async imageFile(name: string): Promise<{ data: Buffer; contentType: string } | null> {
    if (!IMAGE_NAME.test(name)) return null;
    const data = await this.uploads.read(`cars/${name}`);
    const kind = data ? sniffImage(data) : null;
    return data && kind ? { data, contentType: kind.contentType } : null;
  }

  /** The images of a car as files, for the zip download: 'custom', 'default', or 'MAIN' (the one shown). */
  async imageFiles(s: Scope, carId: number, type: string, render: (source: string) => Buffer | null) {
    const car = await this.carRow(s, eq(cars.id, carId));
    const custom = await this.customImages(s, carId);
    const defaults = await this.defaultImages(car);
    let chosen: CarImage[];
    if (type === 'custom') chosen = custom;
    else if (type === 'default') chosen = defaults;
    else if (type === 'MAIN') chosen = [custom.find((i) => i.type === 'MAIN') ?? defaults[0]!];
    else throw notFound();
    const files: { name: string; data: Buffer }[] = [];
    for (const [i, img] of chosen.entries()) {
      const n = String(i + 1).padStart(2, '0');
      if (img.group === 'custom') {
        const file = await this.imageFile(img.source.split('/').pop() ?? '');
        if (file) files.push({ name: `${n}${img.type === 'MAIN' ? '-principale' : ''}.${img.source.split('.').pop()}`, data: file.data });
      } else {
        const data = render(img.source);
        if (data) files.push({ name: `${n}-${slugify(img.description) || 'immagine'}.svg`, data });
      }
    }
    return { name: `${car.brand} ${car.model}`.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, ''), files };
  }

  // ---- lookups ----------------------------------------------------------------------------

  async deliveryTimes(): Promise<DeliveryTime[]> {
    return this.db.select().from(deliveryTimes).orderBy(asc(deliveryTimes.days));
  }

  async brokers(s: Scope): Promise<Broker[]> {
    const rows = await this.db.select().from(brokers).where(and(sharedOr(brokers, s), isNull(brokers.deletedAt))).orderBy(asc(brokers.name));
    return rows.map((b) => ({ code: b.code, name: b.name, logo: b.logo, kind: b.kind, own: b.ownerUserId !== null || b.ownerGroup !== null }));
  }

  private async visibleBroker(s: Scope, code: string) {
    const [row] = await this.db.select().from(brokers).where(and(eq(brokers.code, code), sharedOr(brokers, s), isNull(brokers.deletedAt)));
    return row ?? null;
  }

  async products(s: Scope, provider: string | undefined): Promise<Product[]> {
    const visible = await this.brokers(s);
    const codes = provider ? visible.filter((b) => b.code === provider).map((b) => b.code) : visible.map((b) => b.code);
    if (codes.length === 0) return [];
    const rows = await this.db
      .select()
      .from(products)
      .where(and(inArray(products.brokerCode, codes), sharedOr(products, s), isNull(products.deletedAt)))
      .orderBy(asc(products.name));
    return rows.map((p) => ({ id: p.id, code: p.code, provider: p.brokerCode, name: p.name, description: p.description, own: p.ownerUserId !== null || p.ownerGroup !== null }));
  }

  async services(): Promise<Service[]> {
    const rows = await this.db.select().from(services).orderBy(asc(services.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.code,
      description: r.description || 'price al mese',
      additional_text: '',
      icon: r.icon,
      price: 0,
      franchise: null,
      included: false,
      has_price_map: false,
      min_quantity: null,
      max_quantity: null,
      quantity: null,
      price_map: null,
    }));
  }

  async defaultServices(s: Scope, product: string, broker: string): Promise<Service[]> {
    const [p] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.code, product), eq(products.brokerCode, broker), sharedOr(products, s)));
    if (!p) throw notFound();
    const rows = await this.db
      .select({ s: services, ps: productServices })
      .from(productServices)
      .innerJoin(services, eq(services.id, productServices.serviceId))
      .where(eq(productServices.productId, p.id))
      .orderBy(asc(services.id));
    return rows.map(({ s: sv, ps }) => ({
      id: sv.id,
      name: sv.name,
      slug: sv.code,
      description: sv.description || 'price al mese',
      additional_text: '',
      icon: sv.icon,
      price: ps.price,
      franchise: ps.franchise,
      included: ps.included,
      has_price_map: ps.hasPriceMap,
      min_quantity: ps.minQuantity,
      max_quantity: ps.maxQuantity,
      quantity: ps.quantity,
      price_map: ps.priceMap ?? null,
    }));
  }

  // ---- catalogue offers -------------------------------------------------------------------

  private ownOffer(s: Scope): SQL {
    // Made here: the main row holds the price block (seed offers of a network have none and stay read-only).
    const made = sql`exists (select 1 from ${offerVariations} mv where mv.offer_id = ${offers.id} and mv.is_main)`;
    return and(eq(offers.tag, CATALOG_TAG), isNull(offers.deletedAt), ownedBy(offers, s), made) as SQL;
  }

  private async offerRow(s: Scope, codeOrId: string): Promise<OfferRow> {
    const key = /^\d+$/.test(codeOrId) ? eq(offers.id, Number(codeOrId)) : eq(offers.code, codeOrId);
    const [row] = await this.db.select().from(offers).where(and(key, this.ownOffer(s)));
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
      car: this.toCar(car!, s),
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
    const [car] = await this.db.select().from(cars).where(and(eq(cars.id, input.car), this.visibleCars(s)));
    if (!car) errors.car = [CATALOG_MESSAGES.carInvalid];
    const broker = await this.visibleBroker(s, input.provider);
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
      if (input.services.length) await tx.insert(offerServices).values(input.services.map((x) => ({ offerId: o!.id, serviceId: x.id, price: x.price, quantity: x.quantity })));
      await refreshOfferSummaries(tx as unknown as Db, [o!.id]);
    });
    await this.syncOfferImages(s, car.id);
    return this.get(s, code);
  }

  async update(s: Scope, code: string, input: CatalogOfferInput): Promise<CatalogOffer> {
    const o = await this.offerRow(s, code);
    const car = await this.checkRefs(s, input);
    const main = this.mainValues(input);
    await this.db.transaction(async (tx) => {
      const children = await tx.select().from(offerVariations).where(and(eq(offerVariations.offerId, o.id), eq(offerVariations.isMain, false)));
      if (children.some((c) => sameValues(valuesOf(c), { deposit: main.deposit, duration: main.duration, distance: main.distance, monthly_rate: main.monthlyRate }))) {
        throw invalid({ price: [CATALOG_MESSAGES.variationSameAsMain] });
      }
      const { privateNotes, ...values } = this.offerValues(car, input);
      await tx.update(offers).set(o.ownerUserId === s.userId ? { ...values, privateNotes } : values).where(eq(offers.id, o.id));
      await tx.update(offerVariations).set(main).where(and(eq(offerVariations.offerId, o.id), eq(offerVariations.isMain, true)));
      await tx.delete(offerServices).where(eq(offerServices.offerId, o.id));
      if (input.services.length) await tx.insert(offerServices).values(input.services.map((x) => ({ offerId: o.id, serviceId: x.id, price: x.price, quantity: x.quantity })));
      await this.checkPublishable(tx as unknown as Db, o.id, o.published);
      await refreshOfferSummaries(tx as unknown as Db, [o.id]);
    });
    if (car.id !== o.carId) await this.syncOfferImages(s, car.id);
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
        rows.map(({ id: _v, rate: _r, offerId: _o, ref: _ref, ...v }) => ({ ...v, offerId: copy!.id, ref: v.isMain ? `${newCode}-M` : `${newCode}-${token(4)}` })),
      );
      const chosen = await tx.select().from(offerServices).where(eq(offerServices.offerId, o.id));
      if (chosen.length) await tx.insert(offerServices).values(chosen.map((c) => ({ ...c, offerId: copy!.id })));
      await refreshOfferSummaries(tx as unknown as Db, [copy!.id]);
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
  private async checkPublishable(db: Db, offerId: number, published: boolean, publishing = false) {
    if (!published) return;
    const rows = await db.select().from(offerVariations).where(eq(offerVariations.offerId, offerId));
    const message = publishing ? CATALOG_MESSAGES.variationsMissing : CATALOG_MESSAGES.publishedKeepsVariations;
    if (!canPublish(rows.map(valuesOf))) throw invalid({ variations: [message] }, message);
  }

  // ---- variations -------------------------------------------------------------------------

  private async checkVariation(db: Db, offerId: number, input: VariationInput, exceptId?: number) {
    const rows = await db.select().from(offerVariations).where(eq(offerVariations.offerId, offerId));
    const values = { deposit: input.deposit, distance: input.distance, duration: input.duration, monthly_rate: input.monthly_rate };
    const main = rows.find((r) => r.isMain);
    if (main && sameValues(valuesOf(main), values)) throw invalid({ _: [CATALOG_MESSAGES.variationSameAsMain] }, CATALOG_MESSAGES.variationSameAsMain);
    if (rows.some((r) => !r.isMain && r.id !== exceptId && sameValues(valuesOf(r), values))) throw invalid({ _: [CATALOG_MESSAGES.variationDuplicate] }, CATALOG_MESSAGES.variationDuplicate);
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
    const o = await this.offerRow(s, code);
    await this.checkVariation(this.db, o.id, input);
    const [row] = await this.db
      .insert(offerVariations)
      .values({ offerId: o.id, ref: `${o.code}-${token(4)}`, ...variationValues(input) })
      .returning();
    await this.touch(o.id);
    return toVariation(row!);
  }

  async updateChild(s: Scope, code: string, id: number, input: VariationInput): Promise<Variation> {
    const o = await this.offerRow(s, code);
    await this.childRow(o.id, id);
    await this.checkVariation(this.db, o.id, input, id);
    const row = await this.db.transaction(async (tx) => {
      const [r] = await tx
        .update(offerVariations)
        .set(variationValues(input))
        .where(eq(offerVariations.id, id))
        .returning();
      await this.checkPublishable(tx as unknown as Db, o.id, o.published);
      return r!;
    });
    await this.touch(o.id);
    return toVariation(row);
  }

  async deleteChild(s: Scope, code: string, id: number) {
    const o = await this.offerRow(s, code);
    await this.childRow(o.id, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(offerVariations).where(eq(offerVariations.id, id));
      await this.checkPublishable(tx as unknown as Db, o.id, o.published);
    });
    await this.touch(o.id);
  }

  private async touch(offerId: number) {
    await refreshOfferSummaries(this.db, [offerId]);
    await this.db.update(offers).set({ updatedAt: new Date() }).where(eq(offers.id, offerId));
  }

  // ---- providers and products -------------------------------------------------------------

  async providers(s: Scope): Promise<Provider[]> {
    const rows = await this.db
      .select({ b: brokers, n: sql<number>`(select count(*)::int from ${products} p where p.broker_code = "brokers"."code" and p.deleted_at is null)` })
      .from(brokers)
      .where(and(ownedBy(brokers, s), isNull(brokers.deletedAt)))
      .orderBy(asc(brokers.name));
    return rows.map(({ b, n }) => ({ id: b.id, code: b.code, name: b.name, logo: b.logo, products: Number(n) }));
  }

  async provider(s: Scope, id: number): Promise<Provider> {
    const found = (await this.providers(s)).find((p) => p.id === id);
    if (!found) throw notFound();
    return found;
  }

  async createProvider(s: Scope, input: ProviderInput): Promise<Provider> {
    const [row] = await this.db
      .insert(brokers)
      .values({ code: `${slugify(input.name).slice(0, 40) || 'provider'}-${token(2).toLowerCase()}`, name: input.name, logo: input.logo, kind: 'provider', ...ownerValues(s) })
      .returning();
    return this.provider(s, row!.id);
  }

  async updateProvider(s: Scope, id: number, input: ProviderInput): Promise<Provider> {
    await this.provider(s, id);
    await this.db.update(brokers).set({ name: input.name, logo: input.logo, updatedAt: new Date() }).where(eq(brokers.id, id));
    return this.provider(s, id);
  }

  async productRows(s: Scope, id?: number): Promise<ProductRow[]> {
    const rows = await this.db
      .select({ p: products, provider: brokers.name })
      .from(products)
      .innerJoin(brokers, eq(brokers.code, products.brokerCode))
      .where(and(ownedBy(products, s), isNull(products.deletedAt), id ? eq(products.id, id) : undefined))
      .orderBy(asc(products.name));
    return rows.map(({ p, provider }) => ({ id: p.id, code: p.code, provider: p.brokerCode, provider_name: provider, name: p.name, description: p.description }));
  }

  async product(s: Scope, id: number): Promise<ProductRow> {
    const [row] = await this.productRows(s, id);
    if (!row) throw notFound();
    return row;
  }

  async createProduct(s: Scope, input: ProductInput): Promise<ProductRow> {
    if (!(await this.visibleBroker(s, input.provider))) throw invalid({ provider: [CATALOG_MESSAGES.providerInvalid] });
    const [row] = await this.db
      .insert(products)
      .values({ code: `${input.provider.slice(0, 30)}-${slugify(input.name).slice(0, 30)}-${token(2).toLowerCase()}`, brokerCode: input.provider, name: input.name, description: input.description, ...ownerValues(s) })
      .returning();
    return this.product(s, row!.id);
  }

  async updateProduct(s: Scope, id: number, input: ProductInput): Promise<ProductRow> {
    const current = await this.product(s, id);
    if (!(await this.visibleBroker(s, input.provider))) throw invalid({ provider: [CATALOG_MESSAGES.providerInvalid] });
    // Offers point at the product's provider: moving a product used by offers would break them.
    if (input.provider !== current.provider) {
      const [used] = await this.db.select({ id: offers.id }).from(offers).where(and(eq(offers.product, current.code), ne(offers.broker, input.provider))).limit(1);
      if (used) throw invalid({ provider: [CATALOG_MESSAGES.providerInvalid] });
    }
    await this.db.update(products).set({ name: input.name, description: input.description, brokerCode: input.provider, updatedAt: new Date() }).where(eq(products.id, id));
    return this.product(s, id);
  }

  /** Offers (not deleted) that use a provider or product: they block its deletion. */
  private async offersUsing(where: SQL): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(offers).where(and(where, isNull(offers.deletedAt)));
    return Number(row?.n ?? 0);
  }

  /** Soft delete (offers, deleted ones too, keep pointing at it); refused while offers use it. */
  async deleteProvider(s: Scope, id: number) {
    const p = await this.provider(s, id);
    const used = await this.offersUsing(eq(offers.broker, p.code));
    if (used > 0) throw conflict(providerInUse(used));
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx.update(products).set({ deletedAt: now, updatedAt: now }).where(and(eq(products.brokerCode, p.code), isNull(products.deletedAt)));
      await tx.update(brokers).set({ deletedAt: now, updatedAt: now }).where(eq(brokers.id, id));
    });
  }

  async deleteProduct(s: Scope, id: number) {
    const p = await this.product(s, id);
    const used = await this.offersUsing(eq(offers.product, p.code));
    if (used > 0) throw conflict(productInUse(used));
    await this.db.update(products).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
  }

  /** The product services editor: the services of a product with price, quantities and price map. */
  async productServices(s: Scope, id: number): Promise<ProductService[]> {
    await this.product(s, id);
    const rows = await this.db
      .select({ s: services, ps: productServices })
      .from(productServices)
      .innerJoin(services, eq(services.id, productServices.serviceId))
      .where(eq(productServices.productId, id))
      .orderBy(asc(services.id));
    return rows.map(({ s: sv, ps }) => ({
      id: sv.id,
      name: sv.name,
      slug: sv.code,
      price: ps.price,
      franchise: ps.franchise,
      included: ps.included,
      quantity: ps.quantity,
      min_quantity: ps.minQuantity,
      max_quantity: ps.maxQuantity,
      has_price_map: ps.hasPriceMap,
      price_map: ps.priceMap ?? null,
    }));
  }

  /** Replaces the product's services (the whole list, as the editor sends it). */
  async setProductServices(s: Scope, id: number, input: ProductServicesInput): Promise<ProductService[]> {
    await this.product(s, id);
    const ids = input.services.map((x) => x.id);
    if (ids.length) {
      const found = await this.db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
      if (found.length !== ids.length) {
        const known = new Set(found.map((f) => f.id));
        const errors: Record<string, string[]> = {};
        input.services.forEach((x, i) => {
          if (!known.has(x.id)) errors[`services.${i}.id`] = [CATALOG_MESSAGES.serviceInvalid];
        });
        throw invalid(errors);
      }
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(productServices).where(eq(productServices.productId, id));
      if (input.services.length) {
        await tx.insert(productServices).values(
          input.services.map((x) => ({
            productId: id,
            serviceId: x.id,
            price: x.price,
            franchise: x.franchise,
            included: x.included,
            quantity: x.quantity,
            minQuantity: x.min_quantity,
            maxQuantity: x.max_quantity,
            hasPriceMap: x.has_price_map,
            priceMap: x.has_price_map ? x.price_map : null,
          })),
        );
      }
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    });
    return this.productServices(s, id);
  }

  // ---- requests for unlisted cars ---------------------------------------------------------

  async createRequest(auth: AuthContext, input: OfferRequestInput): Promise<OfferRequest> {
    const [row] = await this.db
      .insert(offerRequests)
      .values({ userId: auth.user.id, vehicleType: input.vehicleType, brand: input.brand, model: input.model, version: input.version, carId: input.car, duration: input.duration, distance: input.distance, deposit: input.deposit, services: input.services, notes: input.notes })
      .returning();
    return toRequest(row!);
  }

  async requests(auth: AuthContext): Promise<OfferRequest[]> {
    const rows = await this.db.select().from(offerRequests).where(eq(offerRequests.userId, auth.user.id)).orderBy(desc(offerRequests.id));
    return rows.map(toRequest);
  }
}

type VariationRow = typeof offerVariations.$inferSelect;
const valuesOf = (r: VariationRow) => ({ deposit: r.deposit, distance: r.distance, duration: r.duration, monthly_rate: r.monthlyRate });
const toVariation = (r: VariationRow): Variation => ({
  id: r.id,
  ref: r.ref,
  deposit: r.deposit,
  distance: r.distance,
  duration: r.duration,
  monthly_rate: r.monthlyRate,
  web_monthly_rate: r.webMonthlyRate,
  bundle: r.bundle,
  special_rate: r.specialRate,
  special_price: r.specialPrice,
});
/** A variation's columns; optional fields left out of the payload keep their value (undefined is not written). */
const variationValues = (input: VariationInput) => ({
  deposit: input.deposit,
  distance: input.distance,
  duration: input.duration,
  monthlyRate: input.monthly_rate,
  bundle: input.bundle === undefined ? undefined : input.bundle || null,
  webMonthlyRate: input.web_monthly_rate,
  specialRate: input.special_rate,
  specialPrice: input.special_rate === 0 ? null : input.special_price,
});
const toRequest = (r: typeof offerRequests.$inferSelect): OfferRequest => ({
  id: r.id,
  vehicleType: r.vehicleType as OfferRequest['vehicleType'],
  brand: r.brand,
  model: r.model,
  version: r.version,
  car: r.carId,
  duration: r.duration,
  distance: r.distance,
  deposit: r.deposit,
  services: r.services,
  notes: r.notes,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});
