import { describe, expect, it } from 'vitest';
import { readOfferConfig } from './offer-config';

const store = (v: unknown) => ({ getItem: () => (v === null ? null : JSON.stringify(v)) });

describe('readOfferConfig', () => {
  it('reads the address first', () => {
    expect(readOfferConfig('?offer=R1&duration=36&deposit=0&distance=15000&accessories=A,B&colors=C', store({ offer: 'X' }))).toEqual({
      offer: 'R1',
      duration: 36,
      deposit: 0,
      distance: 15000,
      accessories: ['A', 'B'],
      colors: ['C'],
      services: [],
    });
  });
  it('falls back to lastConfiguredOffer, and to nothing', () => {
    expect(readOfferConfig('', store({ ref: 'R2', accessories: ['A'] }))?.offer).toBe('R2');
    expect(readOfferConfig('', store(null))).toBeNull();
    expect(readOfferConfig('', { getItem: () => '{bad' })).toBeNull();
  });
});
