import { describe, expect, it } from 'vitest';
import type { CatalogOffer, Variation } from '@core/schemas/catalog';
import { copyOf, inputOf, newRowFor, type Row, rowErrors, rowsWithDraft, valuesOf } from './variations-model';

const main = { deposit: 3000, distance: 15000, duration: 36, price: 399 } as CatalogOffer;
const variation = (id: number, monthly_rate: number): Variation =>
  ({ id, deposit: 0, distance: 15000, duration: 48, monthly_rate, bundle: null, web_monthly_rate: null, special_rate: 0, special_price: null }) as Variation;
const saved = (v: Variation): Row => ({ key: `v${v.id}`, saved: v, values: valuesOf(v), duplicated: false });

describe('the price-variation editor', () => {
  it("checks a row against the spec's bounds first", () => {
    const row = newRowFor(main);
    expect(rowErrors(row.values, main).monthly_rate).toBe('Inserisci un valore compreso tra 1 e 99.999');
    expect(rowErrors({ ...row.values, monthly_rate: 350, duration: 73 }, main)).toEqual({ duration: 'Inserisci un valore compreso tra 1 e 72' });
  });

  it('refuses a row identical to the main offer', () => {
    const same = { ...newRowFor(main).values, monthly_rate: 399 };
    expect(rowErrors(same, main)).toEqual({ _: "La variazione è identica all'offerta principale" });
    expect(rowErrors({ ...same, monthly_rate: 420 }, main)).toEqual({});
  });

  it('sends the special price only with the special rate on, and empty optional values as null', () => {
    const values = { ...valuesOf(variation(1, 350)), special: false, special_price: 300 as const };
    expect(inputOf(values)).toMatchObject({ bundle: null, web_monthly_rate: null, special_rate: 0, special_price: null });
    expect(inputOf({ ...values, special: true, bundle: ' Light ' })).toMatchObject({ bundle: 'Light', special_rate: 1, special_price: 300 });
  });

  it('inserts a copy right below its original, a new row at the end, and shows an edited row in its place', () => {
    const rows = [saved(variation(1, 350)), saved(variation(2, 360)), saved(variation(3, 370))];
    const copy = copyOf(rows[0]!);
    expect(rowsWithDraft(rows, { row: copy, after: 'v1' }).map((r) => r.key)).toEqual(['v1', 'copy-v1', 'v2', 'v3']);
    expect(rowsWithDraft(rows, { row: newRowFor(main), after: null }).map((r) => r.key)).toEqual(['v1', 'v2', 'v3', 'new']);
    const edited = { ...rows[1]!, values: { ...rows[1]!.values, monthly_rate: 365 } };
    expect(rowsWithDraft(rows, { row: edited, after: null }).map((r) => r.values.monthly_rate)).toEqual([350, 365, 370]);
    expect(copy).toMatchObject({ saved: null, duplicated: true });
  });
});
