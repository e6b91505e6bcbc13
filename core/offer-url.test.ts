import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_FILTERS, NUMBER_FILTERS, RANGE_FILTERS, TOGGLE_FILTERS } from './offer-options';
import { filterValueAccepted, readOfferUrl, writeOfferUrl } from './offer-url';
import { OfferFiltersSchema } from './schemas/offers';

describe('offer URL', () => {
  it('round-trips filters, sort and page with comma-separated arrays', () => {
    const state = {
      filters: { brands: ['fiat', 'jeep'], durations: [36, 48], monthly_rates: [200, 400] as [number, number], unlimitedKm: true },
      sort: 'price-down' as const,
      page: 3,
    };
    const qs = writeOfferUrl(state);
    expect(qs).toBe('brands=fiat,jeep&durations=36,48&monthly_rates=200,400&unlimitedKm=1&sort=price-down&page=3');
    expect(readOfferUrl(qs)).toEqual(state);
  });

  it('leaves defaults out', () => {
    expect(writeOfferUrl({ filters: {}, sort: 'price-up', page: 1 })).toBe('');
  });

  it('drops what a pasted link gets wrong and keeps the rest', () => {
    expect(readOfferUrl('brands=fiat,<x>&monthly_rates=500,100&durations=abc&sort=nope&page=-2&fuels=ibrida&foo=1')).toEqual({
      filters: { fuels: ['ibrida'] },
      sort: 'price-up',
      page: 1,
    });
  });

  it('takes a filter value exactly when the search schema does', () => {
    const names = [...CODE_FILTERS, 'tags', ...NUMBER_FILTERS, ...RANGE_FILTERS, ...TOGGLE_FILTERS, 'unknown'];
    const word = fc.oneof(
      fc.constantFrom('fiat', 'piva', 'privati', 'Alfa Romeo', "d'oro", 'a.b_c-d', '', ' ', '<x>', 'x'.repeat(65), 'città'),
      fc.string({ maxLength: 8 }),
    );
    // Mostly the bounds of the schema's rules, where a difference would show.
    const number = fc.oneof(
      fc.integer({ min: -5, max: 130 }),
      fc.constantFrom(-1, 0, 1, 1.5, 119, 120, 121, 999_999, 1_000_000, 1_000_001, 9_999_999, 10_000_000, 10_000_001, Number.NaN),
    );
    const value = fc.oneof(
      fc.array(word, { maxLength: 4 }),
      fc.array(number, { maxLength: 4 }),
      fc.array(word, { minLength: 99, maxLength: 102 }),
      fc.array(number, { minLength: 49, maxLength: 52 }),
      fc.tuple(number, number),
      fc.boolean(),
      word,
      number,
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.constantFrom(...names), value, (name, v) => {
        expect(filterValueAccepted(name, v)).toBe(OfferFiltersSchema.safeParse({ [name]: v }).success);
      }),
      { numRuns: 5000 },
    );
  });
});
