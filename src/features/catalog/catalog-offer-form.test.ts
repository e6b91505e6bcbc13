import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTANCE } from '@core/catalog';
import { CatalogOfferInputSchema, type CatalogOffer } from '@core/schemas/catalog';
import { emptyValues, limitedDistance, valuesOf } from './catalog-offer-form';

describe('the catalogue offer form', () => {
  it('starts a new offer with 36 months, the default distance, and the required fields empty', () => {
    const empty = emptyValues();
    expect(empty).toMatchObject({ duration: 36, distance: DEFAULT_DISTANCE, unlimitedKm: false, right_label: 'privati' });
    const parsed = CatalogOfferInputSchema.safeParse(empty);
    const fields = new Set(parsed.error?.issues.map((i) => String(i.path[0])));
    for (const required of ['car', 'provider', 'product', 'price']) expect(fields).toContain(required);
  });

  it("edits a saved offer's own values", () => {
    const offer = { ...emptyValues(), car: { id: 12 }, provider: 'ALD', product: 'P1', price: 399, potential_profit: 0 } as unknown as CatalogOffer;
    expect(valuesOf(offer)).toMatchObject({ car: 12, provider: 'ALD', product: 'P1', price: 399 });
  });

  it('restores the last limited distance when unlimited km is turned off, else the default', () => {
    expect(limitedDistance(20000)).toBe(20000);
    expect(limitedDistance(0)).toBe(DEFAULT_DISTANCE);
    expect(limitedDistance(undefined)).toBe(DEFAULT_DISTANCE);
  });
});
