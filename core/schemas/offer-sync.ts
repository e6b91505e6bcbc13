import { z } from './zod-config';
import { OfferCardSchema } from './offers';

/** One variation as the device keeps it: what the search filters on and what the card shows. */
export const SyncVariationSchema = z.object({
  id: z.number().int(),
  ref: z.string(),
  deposit: z.number(),
  duration: z.number().int(),
  distance: z.number().int(),
  /** Effective monthly rate (core/pricing.ts effectiveRate). */
  rate: z.number(),
  web_monthly_rate: z.number().nullable(),
  bundle: z.string().nullable(),
});
export type SyncVariation = z.infer<typeof SyncVariationSchema>;

/** An offer of the device's copy: the fields core/offer-filter.ts searches, and a card to show. */
export const SyncOfferSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  model: z.string(),
  broker: z.string(),
  category: z.string(),
  fuel: z.string(),
  gear: z.string(),
  delivery_time: z.string(),
  product: z.string(),
  stock: z.string(),
  area: z.string(),
  customerType: z.enum(['piva', 'privati']),
  status: z.string(),
  noviceDriver: z.boolean(),
  fastDelivery: z.boolean(),
  tag: z.string().nullable(),
  createdAt: z.number(),
  variations: z.array(SyncVariationSchema),
  /** The card of one variation; the device swaps in the variation a search picks. */
  card: OfferCardSchema,
});
export type SyncOffer = z.infer<typeof SyncOfferSchema>;

const Named = z.record(z.string(), z.string());

export const OfferDeltaSchema = z.object({
  /** Pass back as `since` next time. */
  cursor: z.string(),
  /** True when this is a whole copy (no or too old cursor): the device replaces what it has. */
  full: z.boolean(),
  offers: z.array(SyncOfferSchema),
  removed: z.array(z.number().int()),
  lookups: z.object({
    brands: Named,
    brokers: z.record(z.string(), z.object({ name: z.string(), logo: z.string().nullable() })),
    products: Named,
    areas: Named,
    deliveryTimes: z.record(z.string(), z.object({ label: z.string(), days: z.number() })),
  }),
});
export type OfferDelta = z.infer<typeof OfferDeltaSchema>;
