// A catalogue offer's price rows (main and variations) in the shapes the rules and the API use.
import type { Variation, VariationInput } from '@core/schemas/catalog';
import type { offerVariations } from '../../db/schema';

export type VariationRow = typeof offerVariations.$inferSelect;
export const valuesOf = (r: VariationRow) => ({ deposit: r.deposit, distance: r.distance, duration: r.duration, monthly_rate: r.monthlyRate });
export const toVariation = (r: VariationRow): Variation => ({
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
export const variationValues = (input: VariationInput) => ({
  deposit: input.deposit,
  distance: input.distance,
  duration: input.duration,
  monthlyRate: input.monthly_rate,
  bundle: input.bundle === undefined ? undefined : input.bundle || null,
  webMonthlyRate: input.web_monthly_rate,
  specialRate: input.special_rate,
  specialPrice: input.special_rate === 0 ? null : input.special_price,
});
