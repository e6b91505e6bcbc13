import { describe, expect, it } from 'vitest';
import { CONTRACTUAL_CATEGORIES, categoriesFor, categoryInfo, customerTypeOf } from './categories';
import { ContractualCategorySchema } from './schemas/common';

describe('contractual categories', () => {
  // The spec's table, row by row (section 3).
  it.each([
    ['tempo-indeterminato', 'Dipendente a tempo indeterminato', 'PRIVATE', 'PRIVATE', false, 'privati'],
    ['ditta-individuale', 'Ditta individuale', 'BUSINESS', 'PRIVATE', true, 'piva'],
    ['libero-professionista', 'Libero professionista', 'BUSINESS', 'PRIVATE', true, 'piva'],
    ['pensionato', 'Pensionato', 'PRIVATE', 'PRIVATE', false, 'privati'],
    ['societa-capitale', 'Società di capitali', 'BUSINESS', 'BUSINESS', true, 'piva'],
    ['societa-persone', 'Società di persone', 'BUSINESS', 'BUSINESS', true, 'piva'],
    ['associazioni-enti-fondazioni', 'Associazioni, enti e fondazioni', 'BUSINESS', 'BUSINESS', true, 'piva'],
    ['studi-associati', 'Studi associati', 'BUSINESS', 'BUSINESS', true, 'piva'],
  ] as const)('%s', (value, label, type, secondaryType, requiresVat, customerType) => {
    expect(categoryInfo(value)).toEqual({ value, label, type, secondaryType, requiresVat });
    expect(customerTypeOf(value)).toBe(customerType);
    expect(categoriesFor(customerType).map((c) => c.value)).toContain(value);
  });

  it('lists the eight categories in the table order', () => {
    expect(CONTRACTUAL_CATEGORIES).toHaveLength(8);
    expect(categoriesFor('privati').map((c) => c.value)).toEqual(['tempo-indeterminato', 'pensionato']);
    expect(categoriesFor('piva')).toHaveLength(6);
  });

  it('rejects an unknown category with the spec message', () => {
    const result = ContractualCategorySchema.safeParse('disoccupato');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Attenzione, la categoria contrattuale non è valida.');
  });
});
