// The offer catalogue (spec §3: Offer, Car, Option, Colour, Service, Child offer).
// Offers carry copies of the car's search fields (brand, fuel, ...) and a summary of their child
// offers (min/max rate, durations, distances), so the search reads one row per offer and only
// touches child offers when a filter needs them; refreshOfferSummaries() keeps the summary true.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PriceMap } from '@core/pricing';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Rental companies (providers) and brokers: fictional names in the demo. */
export const brokers = pgTable('brokers', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['provider', 'broker'] })
    .notNull()
    .default('provider'),
  logo: text('logo'),
  /** Catalogue management (docs/adr/0138-providers-products-services.md): null for the platform's own; else the group (network) or the agent that made it. */
  ownerGroup: text('owner_group'),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Deleted in catalogue management: kept for the offers (also deleted ones) that still point at it. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...stamps,
});

/** A rental company's product line (e.g. "Privati Tutto Incluso"): it decides the services. */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  brokerCode: text('broker_code')
    .notNull()
    .references(() => brokers.code),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Catalogue management (docs/adr/0138-providers-products-services.md): null for the platform's own; else the group (network) or the agent that made it. */
  ownerGroup: text('owner_group'),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Deleted in catalogue management: kept for the offers (also deleted ones) that still point at it. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...stamps,
});

export const areas = pgTable('areas', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
});

export const deliveryTimes = pgTable('delivery_times', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  /** Upper bound in days, for ordering. */
  days: integer('days').notNull(),
});

/** Service types: tyres, replacement car, total insurance cover, total PAI, legal protection, roadside assistance. */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  type: text('type', { enum: ['tyres', 'replacement-car', 'total-cover', 'total-pai', 'legal-protection', 'roadside-assistance'] }).notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon'),
});

/** The services of a product, with their price (monthly, euros) and optional price map (core/pricing.ts). */
export const productServices = pgTable(
  'product_services',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    price: money('price').notNull().default(0),
    franchise: money('franchise'),
    included: boolean('included').notNull().default(false),
    quantity: integer('quantity'),
    minQuantity: integer('min_quantity'),
    maxQuantity: integer('max_quantity'),
    hasPriceMap: boolean('has_price_map').notNull().default(false),
    priceMap: jsonb('price_map').$type<PriceMap>(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.serviceId] })],
);

export const cars = pgTable('cars', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  vehicleType: text('vehicle_type', { enum: ['auto', 'commerciale'] }).notNull(),
  brand: text('brand').notNull(),
  brandSlug: text('brand_slug').notNull(),
  model: text('model').notNull(), // descrizione_modello
  version: text('version').notNull(), // allestimento
  category: text('category').notNull(),
  body: text('body').notNull(),
  fuel: text('fuel').notNull(),
  gear: text('gear').notNull(),
  gearDescription: text('gear_description').notNull(), // descrizione_cambio
  displacement: integer('displacement'), // cilindrata, cc; null for electric
  seats: integer('seats').notNull(),
  doors: integer('doors').notNull(),
  width: integer('width').notNull(), // mm
  length: integer('length').notNull(),
  height: integer('height').notNull(),
  boot: integer('boot').notNull(), // litres
  hp: integer('hp').notNull(),
  kw: integer('kw').notNull(),
  traction: text('traction').notNull(), // descrizione_trazione
  consumption: numeric('consumption', { precision: 5, scale: 1, mode: 'number' }).notNull(), // l/100km, kWh/100km for electric
  co2: integer('co2').notNull(), // g/km
  listPrice: money('list_price').notNull(),
  /** The 3-character brand code the car selector lists models by (account spec §4). */
  brandCode: text('brand_code')
    .notNull()
    .generatedAlwaysAs(sql`upper(left(regexp_replace(brand_slug, '[^a-z0-9]', '', 'g'), 3))`),
  // Custom cars (account spec §3): made by an agent, owned like catalogue offers.
  isCustom: boolean('is_custom').notNull().default(false),
  ownerGroup: text('owner_group'),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  segment: text('segment').notNull().default(''),
  noviceDriver: boolean('novice_driver').notNull().default(false), // neo_patentati
  fiscalHp: integer('fiscal_hp'), // cavalli_fiscali
  engineDescription: text('engine_description').notNull().default(''), // desc_motore
  euro: text('euro').notNull().default(''),
  ...stamps,
});

/** Options and accessories of a car; colours are the group 'Vernici'. A price of 0 is standard ('Di Serie'). */
export const carOptions = pgTable(
  'car_options',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    price: money('price').notNull().default(0),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    standardDescription: text('standard_description').notNull().default(''),
    groupCode: text('group_code').notNull(),
    group: text('group_name').notNull(),
    /** Paint colour for the generated picture (colours only). */
    hex: text('hex'),
  },
  (t) => [uniqueIndex('car_options_car_code_idx').on(t.carId, t.code)],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    referenceCode: text('reference_code').notNull(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id),
    broker: text('broker')
      .notNull()
      .references(() => brokers.code),
    product: text('product')
      .notNull()
      .references(() => products.code),
    area: text('area')
      .notNull()
      .references(() => areas.code),
    deliveryTime: text('delivery_time')
      .notNull()
      .references(() => deliveryTimes.code),
    // Copies of the car's search fields: one row per offer answers every filter.
    brand: text('brand').notNull(), // brand slug
    model: text('model').notNull(),
    category: text('category').notNull(),
    fuel: text('fuel').notNull(),
    gear: text('gear').notNull(),
    vehicleType: text('vehicle_type', { enum: ['auto', 'commerciale'] }).notNull(),
    tag: text('tag'),
    secondaryTag: text('secondary_tag'),
    customerType: text('customer_type', { enum: ['piva', 'privati'] }).notNull(),
    status: text('status').notNull(),
    stock: text('stock').notNull(),
    noviceDriver: boolean('novice_driver').notNull().default(false),
    fastDelivery: boolean('fast_delivery').notNull().default(false),
    isHighlighted: boolean('is_highlighted').notNull().default(false),
    isSuggested: boolean('is_suggested').notNull().default(false),
    isCustom: boolean('is_custom').notNull().default(false),
    /** Catalogue offers start as drafts (false) and appear in search once published (docs/adr/0136-catalogue-offers-and-publishing.md). */
    published: boolean('published').notNull().default(true),
    /** Visibility: no owner = public; else the owner and the owner's group (network) see it. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerGroup: text('owner_group'),
    color: text('color'), // colour option code shown on the card
    colorHex: text('color_hex'),
    image: text('image').notNull(),
    notes: text('notes'),
    privateNotes: text('private_notes'),
    equippedOptionals: text('equipped_optionals').notNull().default(''),
    // Commission data for the seller view (core/pricing.ts Fees).
    potentialProfit: money('potential_profit').notNull().default(0),
    hasExtraCommission: boolean('has_extra_commission').notNull().default(false),
    hasUnderCommission: boolean('has_under_commission').notNull().default(false),
    hasOverCommission: boolean('has_over_commission').notNull().default(false),
    // Summary of the child offers (refreshOfferSummaries).
    minRate: money('min_rate'),
    maxRate: money('max_rate'),
    minDeposit: integer('min_deposit'),
    maxDeposit: integer('max_deposit'),
    durations: integer('durations')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    distances: integer('distances')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    unlimitedKm: boolean('unlimited_km').notNull().default(false),
    ...stamps,
    /** Soft delete, so a later delta sync can tell clients what disappeared. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('offers_owner_user_idx')
      .on(t.ownerUserId)
      .where(sql`${t.ownerUserId} is not null`),
    index('offers_owner_group_idx')
      .on(t.ownerGroup)
      .where(sql`${t.ownerGroup} is not null`),
    index('offers_updated_idx').on(t.updatedAt),
    index('offers_car_idx').on(t.carId),
    index('offers_price_idx')
      .on(t.minRate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('offers_brand_idx').on(t.brand),
    index('offers_fuel_idx').on(t.fuel),
  ],
);

/** Child offers (variations): one per deposit, duration, distance and bundle. */
export const offerVariations = pgTable(
  'offer_variations',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull().unique(),
    deposit: integer('deposit').notNull(),
    duration: integer('duration').notNull(),
    /** km per year; 0 is unlimited. */
    distance: integer('distance').notNull(),
    monthlyRate: money('monthly_rate').notNull(),
    webMonthlyRate: money('web_monthly_rate'),
    bundle: text('bundle'),
    /** The catalogue offer's own values (price block); the other rows are its variations. */
    isMain: boolean('is_main').notNull().default(false),
    specialRate: money('special_rate'),
    specialPrice: money('special_price'),
    /** core/pricing.ts effectiveRate, kept by the database so search and sort never disagree with it. */
    rate: money('rate')
      .notNull()
      .generatedAlwaysAs(
        sql`case when coalesce(special_rate, 0) > 0 and coalesce(special_price, 0) > 0 then least(monthly_rate, special_price) else monthly_rate end`,
      ),
  },
  (t) => [index('offer_variations_offer_rate_idx').on(t.offerId, t.rate, t.id), index('offer_variations_rate_idx').on(t.rate)],
);

/**
 * How often the tables the offers search index reads have changed (server/modules/offers/catalogue-index.ts):
 * statement triggers (migration 0001_search_perf) add 1 to the row of the writing backend, so writers
 * never wait on each other; the sum over all rows only grows, and a search rebuilds its in-memory
 * index when the sum it reads differs from the index's.
 */
export const searchVersions = pgTable('search_versions', {
  pid: integer('pid').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** When the row last moved: part of the version, so emptying the table cannot bring back an old sum. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
