// The contract of catalogue management (account spec §3, §5, §7): catalogue
// offers and their variations, the car selector, custom cars, car images, services, providers,
// products and requests for unlisted cars. Forms, client and server use these schemas.
import { z } from './zod-config';
import {
  CAR_CATEGORIES,
  CAR_FUELS,
  CAR_GEARBOXES,
  CAR_SEGMENTS,
  CATALOG_MESSAGES,
  COMMISSION_BOUNDS,
  OFFER_BOUNDS,
  PRICE_MAP_FIELDS,
  PRICE_MAP_OPERATORS,
  rangeMessage,
  REQUEST_VEHICLE_TYPES,
  SERVICE_PRICE_MAX,
  SERVICE_QUANTITY_MAX,
  VARIATION_BOUNDS,
  VEHICLE_TYPES,
} from '../catalog';
import { MESSAGES } from '../i18n-messages';
import { INT32_MAX, paginated, rowId } from './common';

/** An integer in [min, max] with the spec's message for anything outside (or not a number). */
export const between = (min: number, max: number) => {
  const message = rangeMessage(min, max);
  return z
    .number({ error: (i) => (i.input === undefined || i.input === null || i.input === '' ? MESSAGES.required : message) })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
};
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1, { error: MESSAGES.required }).max(max);
const codeRef = z.string().trim().max(64);

export const CustomerTagSchema = z.enum(['privati', 'piva']);

export const CatalogServiceChoiceSchema = z.object({
  id: rowId(),
  /** Price override, 0 to 1000 (at most 5 digits); null keeps the product's price. */
  price: z
    .number()
    .min(0, { error: rangeMessage(0, SERVICE_PRICE_MAX) })
    .max(SERVICE_PRICE_MAX, { error: rangeMessage(0, SERVICE_PRICE_MAX) })
    .nullable()
    .default(null),
  quantity: z.number().int().min(0).max(99).nullable().default(null),
});
export type CatalogServiceChoice = z.infer<typeof CatalogServiceChoiceSchema>;

export const CatalogOfferInputSchema = z.object({
  car: z
    .number({ error: CATALOG_MESSAGES.carInvalid })
    .int()
    .positive({ error: CATALOG_MESSAGES.carInvalid })
    .max(INT32_MAX, { error: CATALOG_MESSAGES.carInvalid }),
  provider: z.string({ error: CATALOG_MESSAGES.providerInvalid }).trim().min(1, { error: CATALOG_MESSAGES.providerInvalid }).max(64),
  product: z.string({ error: CATALOG_MESSAGES.productInvalid }).trim().min(1, { error: CATALOG_MESSAGES.productInvalid }).max(64),
  price: between(OFFER_BOUNDS.price.min, OFFER_BOUNDS.price.max),
  deposit: between(OFFER_BOUNDS.deposit.min, OFFER_BOUNDS.deposit.max),
  duration: between(OFFER_BOUNDS.duration.min, OFFER_BOUNDS.duration.max),
  distance: between(OFFER_BOUNDS.distance.min, OFFER_BOUNDS.distance.max),
  unlimitedKm: z.boolean().default(false),
  deliveryTime: codeRef.min(1, { error: MESSAGES.required }),
  fastDelivery: z.boolean().default(false),
  right_label: CustomerTagSchema.default('privati'),
  reference_code: text(40).default(''),
  notes: text(2000).default(''),
  private_notes: text(2000).default(''),
  services: z.array(CatalogServiceChoiceSchema).max(50).default([]),
  // Commission data (spec §3 "fees, commission data"; per-offer flags has_*_commission).
  potential_profit: between(COMMISSION_BOUNDS.potentialProfit.min, COMMISSION_BOUNDS.potentialProfit.max),
  has_extra_commission: z.boolean().default(false),
  has_under_commission: z.boolean().default(false),
  has_over_commission: z.boolean().default(false),
});
export type CatalogOfferInput = z.infer<typeof CatalogOfferInputSchema>;
export type CatalogOfferForm = z.input<typeof CatalogOfferInputSchema>;

export const VariationSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  deposit: z.number().int(),
  distance: z.number().int(),
  duration: z.number().int(),
  monthly_rate: z.number(),
  web_monthly_rate: z.number().nullable(),
  bundle: z.string().nullable(),
  special_rate: z.number().nullable(),
  special_price: z.number().nullable(),
});
export type Variation = z.infer<typeof VariationSchema>;

const optionalBetween = (min: number, max: number) => between(min, max).nullable().optional();

/** The spec's POST sends monthlyRate, its PUT monthly_rate: both are accepted on both. */
export const VariationInputSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && 'monthlyRate' in v && !('monthly_rate' in v) ? { ...v, monthly_rate: (v as { monthlyRate: unknown }).monthlyRate } : v),
  z
    .object({
      deposit: between(VARIATION_BOUNDS.deposit.min, VARIATION_BOUNDS.deposit.max),
      distance: between(VARIATION_BOUNDS.distance.min, VARIATION_BOUNDS.distance.max),
      duration: between(VARIATION_BOUNDS.duration.min, VARIATION_BOUNDS.duration.max),
      monthly_rate: between(VARIATION_BOUNDS.monthly_rate.min, VARIATION_BOUNDS.monthly_rate.max),
      /** Left out (the spec's own payloads): the row keeps its value; null clears it. */
      bundle: text(60).nullable().optional(),
      web_monthly_rate: optionalBetween(VARIATION_BOUNDS.web_monthly_rate.min, VARIATION_BOUNDS.web_monthly_rate.max),
      /** Above 0 turns the special price on (core/pricing.ts effectiveRate: the lower of rate and special price). */
      special_rate: optionalBetween(0, VARIATION_BOUNDS.monthly_rate.max),
      special_price: optionalBetween(VARIATION_BOUNDS.special_price.min, VARIATION_BOUNDS.special_price.max),
    })
    .superRefine((v, ctx) => {
      if ((v.special_rate ?? 0) > 0 && !v.special_price)
        ctx.addIssue({ code: 'custom', path: ['special_price'], message: CATALOG_MESSAGES.specialPriceMissing });
    }),
);
export type VariationInput = z.infer<typeof VariationInputSchema>;

export const CustomCarInputSchema = z.object({
  vehicleType: z.enum(VEHICLE_TYPES).default('auto'),
  brand: required(60),
  modello: required(80),
  category: z.enum(CAR_CATEGORIES, { error: MESSAGES.required }),
  fuel: z.enum(CAR_FUELS, { error: MESSAGES.required }),
  segmento: z.enum(CAR_SEGMENTS, { error: MESSAGES.required }),
  allestimento: required(120),
  neo_patentati: z.boolean().default(false),
  cilindrata: z.number({ error: MESSAGES.required }).int().min(0).max(10000),
  cavalli_fiscali: z.number({ error: MESSAGES.required }).int().min(0).max(500),
  descrizione_trazione: required(60),
  desc_motore: required(120),
  hp: z.number({ error: MESSAGES.required }).int().min(1).max(2000),
  consumo_medio: z.number({ error: MESSAGES.required }).min(0).max(100),
  kw: z.number({ error: MESSAGES.required }).int().min(1).max(1500),
  euro: required(10),
  emissioni_co2: z.number({ error: MESSAGES.required }).int().min(0).max(1000),
  descrizione_cambio: z.enum(CAR_GEARBOXES, { error: MESSAGES.required }),
  larghezza: z.number({ error: MESSAGES.required }).int().min(1).max(5000),
  lunghezza: z.number({ error: MESSAGES.required }).int().min(1).max(20000),
  bagagliaio: z.number({ error: MESSAGES.required }).int().min(0).max(50000),
  posti: z.number({ error: MESSAGES.required }).int().min(1).max(60),
  porte: z.number({ error: MESSAGES.required }).int().min(1).max(10),
});
export type CustomCarInput = z.infer<typeof CustomCarInputSchema>;
export type CustomCarForm = z.input<typeof CustomCarInputSchema>;

export const CarSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  motornet: z.string(),
  eurotax: z.string(),
  is_custom: z.boolean(),
  editable: z.boolean(),
  vehicleType: z.string(),
  brand: z.string(),
  brandCode: z.string(),
  modello: z.string(),
  modelCode: z.string(),
  allestimento: z.string(),
  category: z.string(),
  fuel: z.string(),
  segmento: z.string(),
  neo_patentati: z.boolean(),
  cilindrata: z.number().nullable(),
  cavalli_fiscali: z.number().nullable(),
  descrizione_trazione: z.string(),
  desc_motore: z.string(),
  hp: z.number(),
  consumo_medio: z.number(),
  kw: z.number(),
  euro: z.string(),
  emissioni_co2: z.number(),
  descrizione_cambio: z.string(),
  larghezza: z.number(),
  lunghezza: z.number(),
  bagagliaio: z.number(),
  posti: z.number(),
  porte: z.number(),
});
export type Car = z.infer<typeof CarSchema>;

export const BrandSchema = z.object({ code: z.string(), name: z.string(), logo: z.string(), vehicleTypes: z.array(z.string()) });
export type Brand = z.infer<typeof BrandSchema>;
export const ModelSchema = z.object({ code: z.string(), name: z.string() });
export type CarModel = z.infer<typeof ModelSchema>;
export const VersionSchema = z.object({ code: z.string(), name: z.string(), id: z.number().int(), is_custom: z.boolean() });
export type CarVersion = z.infer<typeof VersionSchema>;

export const CarImageSchema = z.object({
  id: z.number().int().nullable(),
  source: z.string(),
  description: z.string(),
  type: z.enum(['MAIN', 'OTHER']),
  group: z.enum(['custom', 'default']),
});
export type CarImage = z.infer<typeof CarImageSchema>;

export const OptionSchema = z.object({ value: z.string(), label: z.string() });
export const BrokerSchema = z.object({ code: z.string(), name: z.string(), logo: z.string().nullable(), kind: z.string(), own: z.boolean() });
export type Broker = z.infer<typeof BrokerSchema>;
export const ProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  provider: z.string(),
  name: z.string(),
  description: z.string(),
  own: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;
export const DeliveryTimeSchema = z.object({ code: z.string(), label: z.string(), days: z.number() });
export type DeliveryTime = z.infer<typeof DeliveryTimeSchema>;

export const ServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  additional_text: z.string(),
  icon: z.string().nullable(),
  price: z.number(),
  franchise: z.number().nullable(),
  included: z.boolean(),
  has_price_map: z.boolean(),
  min_quantity: z.number().int().nullable(),
  max_quantity: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  price_map: z.unknown().nullable(),
});
export type Service = z.infer<typeof ServiceSchema>;

export const CatalogOfferSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  published: z.boolean(),
  car: CarSchema,
  image: z.string(),
  provider: z.string(),
  provider_name: z.string(),
  product: z.string(),
  product_name: z.string(),
  price: z.number(),
  deposit: z.number().int(),
  duration: z.number().int(),
  distance: z.number().int(),
  unlimitedKm: z.boolean(),
  deliveryTime: z.string(),
  fastDelivery: z.boolean(),
  right_label: CustomerTagSchema,
  reference_code: z.string(),
  notes: z.string(),
  private_notes: z.string(),
  potential_profit: z.number(),
  has_extra_commission: z.boolean(),
  has_under_commission: z.boolean(),
  has_over_commission: z.boolean(),
  tag: z.string().nullable(),
  services: z.array(CatalogServiceChoiceSchema),
  variations: z.array(VariationSchema),
  missing: z.object({ deposits: z.number().int(), durations: z.number().int(), distances: z.number().int() }),
  updated_at: z.string(),
});
export type CatalogOffer = z.infer<typeof CatalogOfferSchema>;

export const CatalogOfferRowSchema = CatalogOfferSchema.pick({
  id: true,
  code: true,
  published: true,
  image: true,
  provider_name: true,
  product_name: true,
  price: true,
  deposit: true,
  duration: true,
  distance: true,
  reference_code: true,
  updated_at: true,
}).extend({
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  variations: z.number().int(),
});
export type CatalogOfferRow = z.infer<typeof CatalogOfferRowSchema>;
export const CatalogOfferListSchema = paginated(CatalogOfferRowSchema);
export type CatalogOfferList = z.infer<typeof CatalogOfferListSchema>;
export const CatalogListQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10000).default(1), q: z.string().trim().max(80).optional() });

export const ProviderInputSchema = z.object({ name: required(80), logo: z.string().trim().max(300).nullable().default(null) });
export type ProviderInput = z.infer<typeof ProviderInputSchema>;
export const ProviderSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), logo: z.string().nullable(), products: z.number().int() });
export type Provider = z.infer<typeof ProviderSchema>;
export const ProductInputSchema = z.object({ provider: required(64), name: required(120), description: text(1000).default('') });
export type ProductInput = z.infer<typeof ProductInputSchema>;
export const ProductRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  provider: z.string(),
  provider_name: z.string(),
  name: z.string(),
  description: z.string(),
});
export type ProductRow = z.infer<typeof ProductRowSchema>;

/** A price-map entry as the product services editor writes it (core/pricing.ts PriceMapEntry). */
export const PriceMapEntrySchema = z.object({
  value: z
    .number({ error: rangeMessage(0, SERVICE_PRICE_MAX) })
    .min(0, { error: rangeMessage(0, SERVICE_PRICE_MAX) })
    .max(SERVICE_PRICE_MAX, { error: rangeMessage(0, SERVICE_PRICE_MAX) }),
  conditions: z.array(z.tuple([z.enum(PRICE_MAP_FIELDS), z.enum(PRICE_MAP_OPERATORS), z.number({ error: MESSAGES.required }).min(0).max(1_000_000)])).max(5),
  multipliedBy: z.enum(PRICE_MAP_FIELDS).nullable().optional(),
});
/** Entries by field (spec: "per field a list of entries"), one of the fields a condition can test. */
export const PriceMapSchema = z.partialRecord(z.enum(PRICE_MAP_FIELDS), z.array(PriceMapEntrySchema).max(30));
export type PriceMapInput = z.infer<typeof PriceMapSchema>;

const quantity = z.number().int().min(0).max(SERVICE_QUANTITY_MAX).nullable().default(null);
/** One service of a product (`PUT products/{id}/services` sends the whole list). */
export const ProductServiceInputSchema = z
  .object({
    id: rowId(),
    price: z
      .number({ error: rangeMessage(0, SERVICE_PRICE_MAX) })
      .min(0, { error: rangeMessage(0, SERVICE_PRICE_MAX) })
      .max(SERVICE_PRICE_MAX, { error: rangeMessage(0, SERVICE_PRICE_MAX) }),
    franchise: z
      .number()
      .min(0, { error: rangeMessage(0, 100000) })
      .max(100000, { error: rangeMessage(0, 100000) })
      .nullable()
      .default(null),
    included: z.boolean().default(false),
    quantity,
    min_quantity: quantity,
    max_quantity: quantity,
    has_price_map: z.boolean().default(false),
    price_map: PriceMapSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const min = v.min_quantity ?? 0;
    if (v.max_quantity !== null && v.max_quantity < min) ctx.addIssue({ code: 'custom', path: ['max_quantity'], message: CATALOG_MESSAGES.quantityRange });
    if (v.quantity !== null && (v.quantity < min || (v.max_quantity !== null && v.quantity > v.max_quantity)))
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: CATALOG_MESSAGES.quantityOutside });
    if (v.has_price_map && !Object.values(v.price_map ?? {}).some((list) => list.length > 0))
      ctx.addIssue({ code: 'custom', path: ['price_map'], message: CATALOG_MESSAGES.priceMapEmpty });
  });
export type ProductServiceInput = z.infer<typeof ProductServiceInputSchema>;
export const ProductServicesInputSchema = z.object({ services: z.array(ProductServiceInputSchema).max(50) }).superRefine((v, ctx) => {
  const seen = new Set<number>();
  v.services.forEach((s, i) => {
    if (seen.has(s.id)) ctx.addIssue({ code: 'custom', path: ['services', i, 'id'], message: CATALOG_MESSAGES.serviceDuplicate });
    seen.add(s.id);
  });
});
export type ProductServicesInput = z.infer<typeof ProductServicesInputSchema>;
export const ProductServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  franchise: z.number().nullable(),
  included: z.boolean(),
  quantity: z.number().int().nullable(),
  min_quantity: z.number().int().nullable(),
  max_quantity: z.number().int().nullable(),
  has_price_map: z.boolean(),
  price_map: z.unknown().nullable(),
});
export type ProductService = z.infer<typeof ProductServiceSchema>;

export const OfferRequestInputSchema = z.object({
  vehicleType: z.enum(REQUEST_VEHICLE_TYPES).default('auto'),
  brand: required(60),
  model: required(80),
  version: required(120),
  car: rowId().nullable().default(null),
  duration: between(OFFER_BOUNDS.duration.min, VARIATION_BOUNDS.duration.max),
  distance: between(OFFER_BOUNDS.distance.min, OFFER_BOUNDS.distance.max),
  deposit: between(OFFER_BOUNDS.deposit.min, OFFER_BOUNDS.deposit.max),
  services: z.array(z.string().trim().max(64)).max(20).default([]),
  notes: text(2000).default(''),
});
export type OfferRequestInput = z.infer<typeof OfferRequestInputSchema>;
export type OfferRequestForm = z.input<typeof OfferRequestInputSchema>;
export const OfferRequestSchema = OfferRequestInputSchema.extend({ id: z.number().int(), status: z.string(), created_at: z.string() });
export type OfferRequest = z.infer<typeof OfferRequestSchema>;
