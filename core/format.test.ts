import { describe, expect, it } from 'vitest';
import {
  ITALIAN_MONTHS,
  ITALIAN_MONTHS_CAPITALISED,
  formatDateIt,
  formatDateTimeIt,
  formatDistance,
  formatEuro,
  formatMonthly,
  formatNumber,
  formatPrice,
  padProposalNumber,
  romeDay,
} from './format';

const NBSP = '\u00a0'; // Intl puts a no-break space before the euro sign

describe('formatEuro', () => {
  it.each([
    [1234.5, undefined, `1.234,50${NBSP}€`],
    [0, undefined, `0${NBSP}€`],
    [-0, undefined, `0${NBSP}€`],
    [2500, undefined, `2.500${NBSP}€`],
    [118.9, undefined, `118,90${NBSP}€`],
    [1234.567, { decimals: 0 }, `1.235${NBSP}€`],
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
    [180, `180${NBSP}€`],
    [180.5, `180,50${NBSP}€`],
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

// The numbers are written by hand (core/format.ts, italianDigits); Intl.NumberFormat, which the app used
// before, is the reference: the same figure must read the same on a screen, a PDF and a spreadsheet.
describe('numbers as Intl writes them', () => {
  const intl = (decimals?: number, currency = false) =>
    new Intl.NumberFormat('it-IT', {
      useGrouping: 'always',
      ...(currency ? { style: 'currency', currency: 'EUR' } : {}),
      ...(decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    });
  const edges = [
    0,
    1,
    -1,
    0.5,
    1.5,
    2.5,
    -2.5,
    1.005,
    1.015,
    1.045,
    2.675,
    8.345,
    1.0005,
    0.0005,
    0.0015,
    -0.001,
    -0.004,
    -0.005,
    0.1 + 0.2,
    9.995,
    99.995,
    999.9995,
    999999.995,
    1234.5,
    349.5,
    1e-7,
    1.5e-7,
    5e-324,
    123456789.125,
    1e15,
    1e21,
    1.7976931348623157e308,
    2 ** 53,
    -(2 ** 53) - 2,
    NaN,
    Infinity,
    -Infinity,
  ];
  // A fixed sequence (a linear congruential generator), so a failure names a value that fails again.
  let seed = 20261127;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const values = [
    ...edges,
    ...Array.from({ length: 3000 }, (_, i) => {
      const scale = 10 ** Math.floor(random() * 10 - 3); // 0.001 to 1e6
      const v = random() * scale;
      // Every third value on a cent or a half-cent, where rounding is decided.
      const snapped = i % 3 === 0 ? Math.round(v * 200) / 200 : v;
      return i % 5 === 0 ? -snapped : snapped;
    }),
  ];

  it('formatNumber: as many decimals as there are (up to 3), or exactly 0, 1 or 2', () => {
    for (const decimals of [undefined, 0, 1, 2]) {
      const reference = intl(decimals);
      for (const v of values) expect([v, decimals, formatNumber(v, { decimals })]).toEqual([v, decimals, reference.format(v === 0 ? 0 : v)]);
    }
  });

  it('formatEuro: whole euros or cents', () => {
    for (const decimals of [0, 2]) {
      const reference = intl(decimals, true);
      for (const v of values) expect([v, decimals, formatEuro(v, { decimals })]).toEqual([v, decimals, reference.format(v === 0 ? 0 : v)]);
    }
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
    // Moments are days in Rome: winter time is UTC+1, summer time UTC+2.
    ['2025-12-31T23:30:00Z', '01 gennaio 2026'], // 00:30 in Rome, New Year's Day
    ['2025-12-31T22:59:59.999Z', '31 dicembre 2025'], // 23:59 in Rome
    ['2026-01-15T23:00:00.000Z', '16 gennaio 2026'], // winter midnight in Rome
    ['2026-07-14T21:59:59Z', '14 luglio 2026'], // summer: 23:59 in Rome
    ['2026-07-14T22:00:00Z', '15 luglio 2026'], // summer midnight in Rome
    ['2026-07-14T22:30:00+00:00', '15 luglio 2026'],
    ['2026-03-29T00:30:00Z', '29 marzo 2026'], // the night summer time starts
    ['2026-10-24T22:30:00Z', '25 ottobre 2026'], // the night it ends (still UTC+2 until 01:00 UTC)
    ['2026-13-01', '2026-13-01'],
    ['ieri', 'ieri'],
  ])('%s -> %s', (date, expected) => {
    expect(formatDateIt(date)).toBe(expected);
  });
});

describe('romeDay', () => {
  it.each([
    ['2026-01-15T22:59:59Z', '2026-01-15'],
    ['2026-01-15T23:00:00Z', '2026-01-16'],
    ['2026-06-30T21:30:00Z', '2026-06-30'],
    ['2026-06-30T22:30:00Z', '2026-07-01'],
  ])('%s -> %s', (moment, expected) => {
    expect(romeDay(moment)).toBe(expected);
    expect(romeDay(new Date(moment))).toBe(expected);
  });

  it('is null for what is not a moment', () => {
    expect(romeDay('ieri')).toBeNull();
  });
});

describe('month names', () => {
  it('has twelve, lower case and capitalised', () => {
    expect(ITALIAN_MONTHS).toHaveLength(12);
    expect([ITALIAN_MONTHS[0], ITALIAN_MONTHS[11]]).toEqual(['gennaio', 'dicembre']);
    expect([ITALIAN_MONTHS_CAPITALISED[0], ITALIAN_MONTHS_CAPITALISED[11]]).toEqual(['Gennaio', 'Dicembre']);
  });
});

describe('formatDateTimeIt', () => {
  it('shows the day and the time in Rome', () => {
    expect(formatDateTimeIt('2026-11-25T09:32:00Z')).toBe('25 novembre 2026 alle 10:32');
    expect(formatDateTimeIt('2026-07-01T22:05:00Z')).toBe('02 luglio 2026 alle 00:05');
    expect(formatDateTimeIt('ieri')).toBe('ieri');
  });
});
