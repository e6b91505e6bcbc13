import { describe, expect, it } from 'vitest';
import type { FilterSet } from '@core/schemas/offers';
import { activeChips, withoutChip } from './chips';
import { clampRange, parseInteger } from './components/range-filter';

const set: FilterSet = {
  filters: [
    { type: 'options', name: 'brands', options: [{ value: 'fiat', label: 'Fiat', icon: null, count: 3 }] },
    { type: 'range', name: 'monthly_rates', min: 90, max: 900, unit: '€' },
    { type: 'toggle', name: 'unlimitedKm', label: 'Km illimitati', icon: null, count: 2 },
  ],
  tags: [{ value: 'Catalogo', label: 'Catalogo', show: true, count: 1 }],
  orders: [],
};

describe('chips', () => {
  it('labels every active value from the filter set', () => {
    const chips = activeChips({ brands: ['fiat', 'jeep'], monthly_rates: [200, 1500], unlimitedKm: true, tags: ['Catalogo'] }, set);
    expect(chips.map((c) => c.label)).toEqual(['Catalogo', 'Fiat', 'jeep', 'Canone mensile: 200 € - 1.500 €', 'Km illimitati']);
  });

  it('removes one value, or the whole range or toggle', () => {
    const filters = { brands: ['fiat', 'jeep'], monthly_rates: [200, 400] as [number, number] };
    const [fiat, , rate] = activeChips(filters, set);
    expect(withoutChip(filters, fiat!)).toEqual({ name: 'brands', value: ['jeep'] });
    expect(withoutChip({ brands: ['fiat'] }, fiat!)).toEqual({ name: 'brands', value: undefined });
    expect(withoutChip(filters, rate!)).toEqual({ name: 'monthly_rates', value: undefined });
  });
});

describe('range inputs', () => {
  it('accept integers only, dots stripped', () => {
    expect(parseInteger('1.500')).toBe(1500);
    expect(parseInteger('12,5 €')).toBe(125);
    expect(parseInteger('abc')).toBeNull();
  });

  it('stay within bounds, start never above end', () => {
    expect(clampRange([50, 2000], [90, 900], 'from')).toEqual([90, 900]);
    expect(clampRange([500, 300], [90, 900], 'from')).toEqual([300, 300]);
    expect(clampRange([500, 300], [90, 900], 'to')).toEqual([500, 500]);
  });
});
