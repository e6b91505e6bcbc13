import { describe, expect, it } from 'vitest';
import { readOfferConfig } from './offer-config';

const store = (v: unknown) => ({ getItem: () => (v === null ? null : JSON.stringify(v)) });

describe('readOfferConfig', () => {
  it('reads the address first: options, services with quantities and the rate shown on the detail', () => {
    expect(
      readOfferConfig('?offer=R1&duration=36&deposit=0&distance=15000&accessories=A,B&colors=C&services=12:2,14:1&rate=311.5', store({ offer: 'X' })),
    ).toEqual({
      offer: 'R1',
      duration: 36,
      deposit: 0,
      distance: 15000,
      accessories: ['A', 'B'],
      colors: ['C'],
      services: { '12': 2, '14': 1 },
      rate: 311.5,
    });
  });
  it('drops malformed services and rates', () => {
    expect(readOfferConfig('?offer=R1&services=12:x,:3,14:1,15:500&rate=abc')).toMatchObject({ services: { '14': 1 } });
    expect(readOfferConfig('?offer=R1&rate=-4')?.rate).toBeUndefined();
  });
  it('falls back to lastConfiguredOffer (with its services and price), and to nothing', () => {
    expect(
      readOfferConfig('', store({ offer: 'R2', selectedAccessories: ['A'], selectedColors: [], selectedServices: { '7': 3 }, price: 420.1, duration: 48 })),
    ).toEqual({
      offer: 'R2',
      duration: 48,
      accessories: ['A'],
      colors: [],
      services: { '7': 3 },
      rate: 420.1,
    });
    expect(readOfferConfig('', store(null))).toBeNull();
    expect(readOfferConfig('', { getItem: () => '{bad' })).toBeNull();
  });
});
