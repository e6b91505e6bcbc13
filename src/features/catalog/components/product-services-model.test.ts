import { describe, expect, it } from 'vitest';
import { evaluatePriceMap } from '@core/pricing';
import { ProductServicesInputSchema, type ProductService } from '@core/schemas/catalog';
import {
  addEntry,
  changeCondition,
  entryValueKey,
  firstErrors,
  newRow,
  parseDecimal,
  parseInteger,
  toInput,
  toRow,
  withPriceMap,
} from './product-services-model';

const stored = (price_map: unknown): ProductService =>
  ({
    id: 7,
    name: 'Auto sostitutiva',
    price: 16,
    franchise: null,
    included: false,
    quantity: null,
    min_quantity: null,
    max_quantity: null,
    has_price_map: true,
    price_map,
  }) as ProductService;

describe('the product services editor', () => {
  it('reads a price map into entries and writes it back unchanged, so the first entry that holds still wins', () => {
    const map = {
      duration: [
        { value: 18, conditions: [['duration', '<=', 36]], multipliedBy: null },
        { value: 14, conditions: [['duration', '>', 36]], multipliedBy: null },
      ],
      distance: [{ value: 25, conditions: [['distance', '>', 30000]], multipliedBy: null }],
    };
    const row = toRow(stored(map));
    expect(row.entries.map((e) => [e.group, e.value])).toEqual([
      ['duration', 18],
      ['duration', 14],
      ['distance', 25],
    ]);
    const input = toInput(row);
    expect(input.price_map).toEqual(map);
    expect(ProductServicesInputSchema.safeParse({ services: [input] }).success).toBe(true);
    const price = (fields: { duration: number; distance: number }) => evaluatePriceMap(input.price_map!, fields);
    expect(price({ duration: 24, distance: 10000 })).toBe(1800);
    expect(price({ duration: 48, distance: 10000 })).toBe(1400);
  });

  it("moves a group an older editor named 'listino' to a field, keeping the entries' order", () => {
    const row = toRow(stored({ listino: [{ value: 9, conditions: [] }] }));
    expect(toInput(row).price_map).toEqual({ duration: [{ value: 9, conditions: [], multipliedBy: null }] });
  });

  it('starts a price map with one entry, and adds the next after the last', () => {
    const row = newRow({ id: 3, name: 'Kasko' });
    expect(toInput(row)).toMatchObject({ id: 3, price: 0, has_price_map: false, price_map: null });
    const on = { ...row, ...withPriceMap(row, true) };
    expect(on.entries).toEqual([{ group: 'duration', value: null, multipliedBy: null, conditions: [['duration', '<=', 36]] }]);
    expect(addEntry(on)).toHaveLength(2);
    expect(withPriceMap(on, false)).toEqual({ has_price_map: false, entries: on.entries });
  });

  it('changes one part of one condition', () => {
    const conditions = changeCondition(
      [
        ['duration', '<=', 36],
        ['distance', '>', 1000],
      ],
      1,
      2,
      2000,
    );
    expect(conditions).toEqual([
      ['duration', '<=', 36],
      ['distance', '>', 2000],
    ]);
  });

  it("finds an entry's error under its group and its place in that group, as the schema reports it", () => {
    const row = toRow(
      stored({
        duration: [{ value: 1, conditions: [] }],
        distance: [
          { value: 2, conditions: [] },
          { value: -1, conditions: [] },
        ],
      }),
    );
    const parsed = ProductServicesInputSchema.safeParse({ services: [toInput(row)] });
    const errors = firstErrors(parsed.error!.issues);
    expect(errors[entryValueKey('services.0', row, row.entries[2]!)]).toBeDefined();
    expect(errors[entryValueKey('services.0', row, row.entries[1]!)]).toBeUndefined();
  });

  it('reads numbers as an Italian agent types them', () => {
    expect(parseDecimal('9,5')).toBe(9.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseInteger('12')).toBe(12);
    expect(parseInteger('x')).toBeNull();
  });
});
