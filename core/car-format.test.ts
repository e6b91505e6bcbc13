import { describe, expect, it } from 'vitest';
import { CAR_CATEGORIES, CAR_FUELS, CAR_GEARBOXES, REQUEST_VEHICLE_TYPES } from './catalog';
import { countOf, formatMeasure, formatPower, slugLabel, slugOptions } from './car-format';
import { formatConsumption } from './format';
import { BODIES, CATEGORIES, FUELS, GEARS, STATUSES, STOCKS, VEHICLE_TYPES } from './offer-options';

describe('car figures in Italian', () => {
  it.each([
    [3686, 'mm', '3.686 mm'],
    [1197, 'cc', '1.197 cc'],
    [380, 'l', '380 l'],
    [121, 'g/km', '121 g/km'],
    [1829.6, 'mm', '1.830 mm'],
    [null, 'mm', '—'],
  ])('%s %s -> %s', (value, unit, expected) => {
    expect(formatMeasure(value, unit)).toBe(expected);
  });

  it('groups thousands as Intl.NumberFormat("it-IT") does, from the first thousand', () => {
    const intl = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 3686, 12_345, 250_000, 1_234_567]) expect(formatMeasure(n, 'mm')).toBe(`${intl.format(n)} mm`);
  });

  it('writes consumption with a decimal comma, in kWh for electric cars', () => {
    expect(formatConsumption(5.1, false)).toBe('5,1 l/100 km');
    expect(formatConsumption(5, false)).toBe('5,0 l/100 km');
    expect(formatConsumption(14.94, true)).toBe('14,9 kWh/100 km');
  });

  it('writes power in CV and kW', () => {
    expect(formatPower(70, 51)).toBe('70 CV (51 kW)');
    expect(formatPower(1001, 736)).toBe('1.001 CV (736 kW)');
    expect(formatPower(0, 0)).toBe('—');
  });
});

describe('plurals', () => {
  it.each([
    [0, '0 anticipi'],
    [1, '1 anticipo'],
    [2, '2 anticipi'],
    [1500, '1.500 anticipi'],
  ])('%s -> %s', (n, expected) => {
    expect(countOf(n, 'anticipo', 'anticipi')).toBe(expected);
  });

  it('agrees the noun with the count (account spec §2 "N Prodotto presente/presenti")', () => {
    expect(countOf(1, 'Prodotto presente', 'Prodotti presenti')).toBe('1 Prodotto presente');
    expect(countOf(3, 'Prodotto presente', 'Prodotti presenti')).toBe('3 Prodotti presenti');
  });
});

describe('every slug has an Italian label', () => {
  const slugs = [
    ...CAR_CATEGORIES,
    ...CAR_FUELS,
    ...CAR_GEARBOXES,
    ...REQUEST_VEHICLE_TYPES,
    ...VEHICLE_TYPES,
    ...BODIES,
    ...[CATEGORIES, FUELS, GEARS, STOCKS, STATUSES].flatMap((o) => o.map((x) => x.value)),
  ];

  it.each(slugs)('%s', (slug) => {
    const label = slugLabel(slug);
    expect(label).not.toBe(slug);
    expect(label).not.toMatch(/^[a-z]+(-[a-z]+)+$|^[A-Z]+-[A-Z]+$/);
    expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
  });

  it('names the issue’s examples', () => {
    expect(slugLabel('city-car')).toBe('City car');
    expect(slugLabel('ibrida')).toBe('Ibrida');
    expect(slugLabel('suv-crossover')).toBe('SUV e crossover');
    expect(slugLabel('HEV-IB')).toBe('Ibrida (benzina)');
  });

  it('shows a value that is no slug as written, and an unknown slug as words', () => {
    expect(slugLabel('Cambio automatico')).toBe('Cambio automatico');
    expect(slugLabel('B')).toBe('B');
    expect(slugLabel('quattro-ruote-motrici')).toBe('Quattro ruote motrici');
    expect(slugLabel('')).toBe('—');
  });

  it('gives selects a label per option', () => {
    expect(slugOptions(['city-car', 'berlina'])).toEqual([
      { value: 'city-car', label: 'City car' },
      { value: 'berlina', label: 'Berlina' },
    ]);
  });
});
