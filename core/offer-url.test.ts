import { describe, expect, it } from 'vitest';
import { readOfferUrl, writeOfferUrl } from './offer-url';

describe('offer URL', () => {
  it('round-trips filters, sort and page with comma-separated arrays', () => {
    const state = { filters: { brands: ['fiat', 'jeep'], durations: [36, 48], monthly_rates: [200, 400] as [number, number], unlimitedKm: true }, sort: 'price-down' as const, page: 3 };
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
});
