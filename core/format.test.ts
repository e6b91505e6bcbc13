import { describe, expect, it } from 'vitest';
import {
  ITALIAN_MONTHS,
  ITALIAN_MONTHS_CAPITALISED,
  formatDateIt,
  formatDistance,
  formatEuro,
  formatMonthly,
  formatNumber,
  formatPrice,
  padProposalNumber,
} from './format';

const NBSP = '\u00a0'; // Intl puts a no-break space before the euro sign

describe('formatEuro', () => {
  it.each([
    [1234.5, undefined, `1.234,50${NBSP}€`],
    [0, undefined, `0,00${NBSP}€`],
    [-0, undefined, `0,00${NBSP}€`],
    [1234567.891, undefined, `1.234.567,89${NBSP}€`],
    [349, { decimals: 0 }, `349${NBSP}€`],
  ])('%s %j -> %s', (euros, options, expected) => {
    expect(formatEuro(euros, options)).toBe(expected);
  });
});

describe('formatPrice', () => {
  it.each([
    [0, 'Di Serie'],
    [-5, 'Di Serie'],
    [180, `180,00${NBSP}€`],
  ])('%s -> %s', (euros, expected) => {
    expect(formatPrice(euros)).toBe(expected);
  });
});

describe('formatMonthly', () => {
  it.each([
    [349, '349€ al mese'],
    [349.5, '349,50€ al mese'],
    [1234, '1.234€ al mese'],
    [0.1 + 0.2, '0,30€ al mese'],
  ])('%s -> %s', (euros, expected) => {
    expect(formatMonthly(euros)).toBe(expected);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, 'illimitati'],
    [15000, '15.000 km'],
    [1500, '1.500 km'],
  ])('%s -> %s', (km, expected) => {
    expect(formatDistance(km)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [1234, undefined, '1.234'],
    [1234.5, undefined, '1.234,5'],
    [2, { decimals: 2 }, '2,00'],
  ])('%s %j -> %s', (n, options, expected) => {
    expect(formatNumber(n, options)).toBe(expected);
  });
});

describe('padProposalNumber', () => {
  it.each([
    [1, '00001'],
    ['42', '00042'],
    [123456, '123456'],
  ])('%s -> %s', (n, expected) => {
    expect(padProposalNumber(n)).toBe(expected);
  });
});

describe('formatDateIt', () => {
  it.each([
    ['2026-03-05', '05 marzo 2026'],
    ['2026-01-31', '31 gennaio 2026'],
    ['2025-12-31T23:30:00Z', '31 dicembre 2025'], // the text's day, whatever the time zone
    ['2026-13-01', '2026-13-01'],
    ['ieri', 'ieri'],
  ])('%s -> %s', (date, expected) => {
    expect(formatDateIt(date)).toBe(expected);
  });
});

describe('month names', () => {
  it('has twelve, lower case and capitalised', () => {
    expect(ITALIAN_MONTHS).toHaveLength(12);
    expect([ITALIAN_MONTHS[0], ITALIAN_MONTHS[11]]).toEqual(['gennaio', 'dicembre']);
    expect([ITALIAN_MONTHS_CAPITALISED[0], ITALIAN_MONTHS_CAPITALISED[11]]).toEqual(['Gennaio', 'Dicembre']);
  });
});
