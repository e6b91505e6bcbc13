import { describe, expect, it } from 'vitest';
import {
  TRAFFIC_LIGHT,
  applyCreditCheckFilters,
  creditCheckFilterParams,
  creditCheckHiddenTags,
  creditCheckOffersUrl,
  creditCheckSearchFields,
  customerTypeFor,
  filtersToQuery,
  initialSustainability,
  needsResetConfirmation,
  shouldReloadOffers,
  sustainabilityLock,
  sustainabilityToggle,
  withoutCreditCheckFilters,
  type CreditCheckSnapshot,
} from './credit-check-filters';
import type { PrescoringResponse } from './prescoring';

type Limits = Pick<PrescoringResponse, 'chance' | 'monthlyRateMax' | 'depositRequired'>;
const createCheck = (overrides: Partial<CreditCheckSnapshot> = {}, response: Partial<Limits> | null = {}): CreditCheckSnapshot => ({
  contractualCategory: 'tempo-indeterminato',
  answers: { trial_period_ended: true },
  response: response === null ? null : { chance: 2, monthlyRateMax: 450, depositRequired: null, ...response },
  ...overrides,
});
const NONE: CreditCheckSnapshot = { contractualCategory: null, response: null };

describe('customer type from the category', () => {
  it.each([
    ['tempo-indeterminato', 'privati'],
    ['pensionato', 'privati'],
    ['ditta-individuale', 'piva'],
    ['libero-professionista', 'piva'],
    ['societa-capitale', 'piva'],
    ['societa-persone', 'piva'],
    ['associazioni-enti-fondazioni', 'piva'],
    ['studi-associati', 'piva'],
  ] as const)('%s → %s', (contractualCategory, type) => {
    expect(customerTypeFor(createCheck({ contractualCategory }))).toBe(type);
  });
  it('none without a check', () => expect(customerTypeFor(NONE)).toBeNull());
});

describe('filters a check sets', () => {
  it.each<[string, CreditCheckSnapshot, Record<string, (string | number)[]>]>([
    ['no check', NONE, {}],
    ['category chosen, not checked yet', createCheck({}, null), { customerType: ['privati'] }],
    ['pending (chance null)', createCheck({}, { chance: null, monthlyRateMax: null }), { customerType: ['privati'] }],
    ['passed, rate limit only', createCheck(), { customerType: ['privati'], monthly_rates: [0, 450] }],
    [
      'business needing a deposit',
      createCheck({ contractualCategory: 'societa-persone' }, { chance: 1, monthlyRateMax: 450, depositRequired: 5400 }),
      { customerType: ['piva'], monthly_rates: [0, 450], deposits: [1, 5400] },
    ],
    ['refused: no limits', createCheck({}, { chance: 0, monthlyRateMax: null }), { customerType: ['privati'] }],
  ])('%s', (_, check, expected) => {
    expect(creditCheckFilterParams(check)).toEqual(expected);
  });

  it('starts the rate range at the filter definition minimum when given', () => {
    expect(creditCheckFilterParams(createCheck(), { monthlyRate: 100 }).monthly_rates).toEqual([100, 450]);
    expect(creditCheckFilterParams(createCheck(), { monthlyRate: 900 }).monthly_rates).toEqual([450, 450]);
  });

  it('adds the rate and deposit only when the user chose neither', () => {
    const check = createCheck({ contractualCategory: 'ditta-individuale' }, { chance: 1, depositRequired: 5400 });
    expect(applyCreditCheckFilters({ brands: ['fiat'], customerType: ['privati'] }, check)).toEqual({
      brands: ['fiat'],
      customerType: ['piva'],
      monthly_rates: [0, 450],
      deposits: [1, 5400],
    });
    expect(applyCreditCheckFilters({ deposits: [0, 0] }, check)).toEqual({ deposits: [0, 0], customerType: ['piva'] });
    expect(applyCreditCheckFilters({ monthly_rates: [0, 300] }, check)).toEqual({ monthly_rates: [0, 300], customerType: ['piva'] });
    expect(applyCreditCheckFilters({ brands: ['fiat'] }, NONE)).toEqual({ brands: ['fiat'] });
  });

  it('reset removes exactly the check filters', () => {
    expect(withoutCreditCheckFilters({ brands: ['fiat'], customerType: ['piva'], monthly_rates: [0, 1], deposits: [1, 2] })).toEqual({ brands: ['fiat'] }); // The screen's filters also hold toggles: they pass through both ways.
    expect(withoutCreditCheckFilters({ unlimitedKm: true, monthly_rates: [0, 1] })).toEqual({ unlimitedKm: true });
    expect(applyCreditCheckFilters({ fast_delivery: true }, createCheck())).toEqual({
      fast_delivery: true,
      customerType: ['privati'],
      monthly_rates: [0, 450],
    });
  });

  it('hides the customer-type tag after a check', () => {
    expect(creditCheckHiddenTags(createCheck())).toEqual(['privati']);
    expect(creditCheckHiddenTags(createCheck({}, null))).toEqual([]);
  });
});

describe('address of the filtered offers', () => {
  it('puts arrays comma-separated, ranges as min,max', () => {
    expect(filtersToQuery({ customerType: ['privati'], monthly_rates: [0, 450], deposits: [1, 5400], brands: [] })).toBe(
      'customerType=privati&monthly_rates=0,450&deposits=1,5400',
    );
    expect(filtersToQuery({ brands: ['alfa romeo', 'a&b'] })).toBe('brands=alfa%20romeo,a%26b');
  });

  it('builds the offers link of a check', () => {
    expect(creditCheckOffersUrl(createCheck({ contractualCategory: 'societa-capitale' }, { chance: 1, depositRequired: 5400 }))).toBe(
      '/offers?customerType=piva&monthly_rates=0,450&deposits=1,5400',
    );
    expect(creditCheckOffersUrl(NONE)).toBe('/offers');
  });

  it.each<[string, string, CreditCheckSnapshot, boolean]>([
    ['on /offers after a pass', '/offers', createCheck(), true],
    ['on /offers after a refusal (chance 0)', '/offers', createCheck({}, { chance: 0 }), true],
    ['on /offers while pending', '/offers', createCheck({}, { chance: null }), false],
    ['on /offers without a response', '/offers', createCheck({}, null), false],
    ['elsewhere', '/', createCheck(), false],
    ['on an offer detail', '/offers/ABC123', createCheck(), false],
  ])('reload: %s', (_, pathname, check, expected) => {
    expect(shouldReloadOffers(pathname, check)).toBe(expected);
  });

  it('gives the search its credit-check fields', () => {
    expect(creditCheckSearchFields(NONE)).toEqual({});
    expect(creditCheckSearchFields(createCheck())).toEqual({
      contractualCategory: 'tempo-indeterminato',
      answers: { trial_period_ended: true },
      sustainability: [2],
    });
    expect(creditCheckSearchFields(createCheck({ sustainability: [2, 1] }))).toMatchObject({ sustainability: [2, 1] });
  });
});

describe('traffic light', () => {
  it('shows 2, 1, 0 as red, amber, green (the spec, verbatim)', () => {
    expect(TRAFFIC_LIGHT).toEqual([
      { value: 2, color: 'red' },
      { value: 1, color: 'amber' },
      { value: 0, color: 'green' },
    ]);
  });

  it.each<[string, Partial<Limits> | null, 0 | 1 | 2 | null]>([
    ['chance 0 without limits', { chance: 0, monthlyRateMax: null }, 0],
    ['chance 1 without a deposit limit', { chance: 1, depositRequired: null }, 1],
    ['chance 1 without a rate limit', { chance: 1, monthlyRateMax: null, depositRequired: 5400 }, 1],
    ['chance 1 with both limits', { chance: 1, depositRequired: 5400 }, null],
    ['chance 2', { chance: 2 }, null],
    ['no response', null, null],
  ])('lock: %s', (_, response, lock) => {
    expect(sustainabilityLock(createCheck({}, response))).toBe(lock);
  });

  it('selects the chance after a check', () => {
    expect(initialSustainability(createCheck({}, { chance: 1 }))).toEqual([1]);
    expect(initialSustainability(NONE)).toEqual([]);
  });

  const free = createCheck({}, { chance: 1, depositRequired: 5400 });
  it.each<[string, (0 | 1 | 2)[], 0 | 1 | 2, CreditCheckSnapshot, (0 | 1 | 2)[]]>([
    ['adds a level, in display order', [1], 2, free, [2, 1]],
    ['adds the last level', [2, 1], 0, free, [2, 1, 0]],
    ['removes a level', [2, 1], 2, free, [1]],
    ['keeps the last level', [1], 1, free, [1]],
    ['locked: stays on the lock', [0], 2, createCheck({}, { chance: 0, monthlyRateMax: null }), [0]],
    ['locked: even when removing it', [1], 1, createCheck({}, { chance: 1 }), [1]],
  ])('toggle: %s', (_, selected, value, check, expected) => {
    expect(sustainabilityToggle(selected, value, check)).toEqual(expected);
  });
});

describe('confirmation prompts', () => {
  it.each<[string, Parameters<typeof needsResetConfirmation>[0], 'edit' | 'remove' | null]>([
    ['edit customer type', { kind: 'edit', filter: 'customerType' }, 'edit'],
    ['edit monthly rate', { kind: 'edit', filter: 'monthly_rates' }, 'edit'],
    ['edit deposit', { kind: 'edit', filter: 'deposits' }, 'edit'],
    ['edit brands', { kind: 'edit', filter: 'brands' }, null],
    ['remove monthly rate', { kind: 'remove', filter: 'monthly_rates' }, 'remove'],
    ['remove deposit', { kind: 'remove', filter: 'deposits' }, 'remove'],
    ['remove the private chip', { kind: 'remove', filter: 'privati' }, 'remove'],
    ['remove the business chip', { kind: 'remove', filter: 'piva' }, 'remove'],
    ['remove a brand', { kind: 'remove', filter: 'brands' }, null],
    ['clear all', { kind: 'clearAll' }, 'remove'],
  ])('with a check: %s', (_, change, expected) => {
    expect(needsResetConfirmation(change, createCheck())).toBe(expected);
  });

  it('never asks without a check', () => {
    expect(needsResetConfirmation({ kind: 'clearAll' }, NONE)).toBeNull();
    expect(needsResetConfirmation({ kind: 'edit', filter: 'monthly_rates' }, NONE)).toBeNull();
  });
});
