import { describe, expect, it } from 'vitest';
import { CONTRACTUAL_CATEGORY_VALUES, type ContractualCategory } from '../categories';
import { MESSAGE_KEYS, type MessageKey } from './messages';
import type { AnswerValue, Answers } from './questions';
import { DECISIONS_V1, RULES_V1, affordability, depositCap, evaluate } from './rules';
import { PrescoringResponseSchema, type OfferData, type PrescoringResponse } from './schemas';

// Complete answers that pass every rule; each case overrides what it tests (undefined removes an answer).
const GOOD: Record<ContractualCategory, Answers> = {
  'tempo-indeterminato': { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false, over_72: false },
  pensionato: { net_monthly_income: 1200, other_loans: 0, guarantor: false, bad_payer: false, over_72: false },
  'ditta-individuale': { activity_age: 'gt2_2_returns', yearly_turnover: 60000, guarantor: false, bad_payer: false },
  'libero-professionista': { activity_age: 'gt2_2_returns', yearly_turnover: 36000, guarantor: false, bad_payer: false },
  'societa-capitale': { activity_age: 'gt2_2_balances', yearly_turnover: 120000, share_capital_paid: true, guarantor: false, bad_payer: false },
  'societa-persone': { activity_age: 'gt2_2_balances', yearly_turnover: 60000, guarantor: false, bad_payer: false },
  'associazioni-enti-fondazioni': { activity_age: 'gt2_2_balances', yearly_turnover: 24000, guarantor: false, bad_payer: false },
  'studi-associati': { activity_age: 'gt2_2_balances', yearly_turnover: 48000, guarantor: false, bad_payer: false },
};

function answers(category: ContractualCategory, overrides: Record<string, AnswerValue | undefined> = {}): Answers {
  const merged = { ...GOOD[category], ...overrides };
  return Object.fromEntries(Object.entries(merged).filter((e): e is [string, AnswerValue] => e[1] !== undefined));
}

function check(category: ContractualCategory, overrides: Record<string, AnswerValue | undefined> = {}, offerData?: OfferData): PrescoringResponse {
  const response = evaluate({ contractualCategory: category, answers: answers(category, overrides), ...(offerData ? { offerData } : {}) });
  expect(PrescoringResponseSchema.parse(response)).toEqual(response);
  return response;
}

// Filled by the cases below (vitest runs a file's tests in order); the last describe checks every key was hit.
const reached = new Set<MessageKey>();
const pick = (r: PrescoringResponse) => {
  if (r.description) reached.add(r.description);
  return { chance: r.chance, description: r.description, monthlyRateMax: r.monthlyRateMax, depositRequired: r.depositRequired };
};

describe('evaluate: every category with good answers', () => {
  // monthlyRateMax: private 35% of income minus loans; business 10% of turnover / 12.
  it.each([
    ['tempo-indeterminato', 600],
    ['pensionato', 420],
    ['ditta-individuale', 500],
    ['libero-professionista', 300],
    ['societa-capitale', 1000],
    ['societa-persone', 500],
    ['associazioni-enti-fondazioni', 200],
    ['studi-associati', 400],
  ] as const)('%s → chance 2, max rate %i', (category, max) => {
    const r = check(category);
    expect(pick(r)).toEqual({ chance: 2, description: 'CONGRATULATIONS_OFFERS', monthlyRateMax: max, depositRequired: null });
    expect(r).toMatchObject({ currentStep: null, thresholdMonthlyRateMax: max, sustainabilityIndex: null });
  });
});

describe('evaluate: outcomes of the decision table', () => {
  it.each<[string, ContractualCategory, Record<string, AnswerValue | undefined>, ReturnType<typeof pick>]>([
    [
      'trial period not ended (later answers ignored)',
      'tempo-indeterminato',
      { trial_period_ended: false, net_monthly_income: 50 },
      { chance: 0, description: 'TRIAL_PERIOD_NOT_ENDED', monthlyRateMax: null, depositRequired: null },
    ],
    [
      'bad payer, private',
      'pensionato',
      { bad_payer: true, over_72: undefined },
      { chance: 0, description: 'BAD_PAYER', monthlyRateMax: null, depositRequired: null },
    ],
    ['bad payer, business', 'societa-capitale', { bad_payer: true }, { chance: 0, description: 'BAD_PAYER', monthlyRateMax: null, depositRequired: null }],
    ['older than 72', 'pensionato', { over_72: true }, { chance: 0, description: 'AGE_LIMIT_EXCEEDED', monthlyRateMax: null, depositRequired: null }],
    [
      'income too low: 35% of 1000 - 250 = 100',
      'tempo-indeterminato',
      { net_monthly_income: 1000, other_loans: 250 },
      { chance: 0, description: 'INSUFFICIENT_REVENUE', monthlyRateMax: null, depositRequired: null },
    ],
    [
      'turnover too low: 10% of 12000 / 12 = 100',
      'studi-associati',
      { yearly_turnover: 12000 },
      { chance: 0, description: 'INSUFFICIENT_REVENUE', monthlyRateMax: null, depositRequired: null },
    ],
    [
      'income too low with a guarantor: cheapest offers, 9 rates of 150',
      'tempo-indeterminato',
      { net_monthly_income: 1000, other_loans: 250, guarantor: true },
      { chance: 1, description: 'GUARANTOR_OR_DEPOSIT', monthlyRateMax: 150, depositRequired: 1350 },
    ],
    [
      'new business with a guarantor',
      'ditta-individuale',
      { activity_age: 'lt2_no_returns', guarantor: true },
      { chance: 1, description: 'GUARANTOR_OR_DEPOSIT', monthlyRateMax: 500, depositRequired: 4500 },
    ],
    [
      'new business without guarantees',
      'societa-persone',
      { activity_age: 'lt2_no_balance' },
      { chance: 0, description: 'GUARANTEES_NEEDED', monthlyRateMax: null, depositRequired: null },
    ],
    [
      'short history, no guarantor: 12 rates',
      'societa-persone',
      { activity_age: 'max2_1_balance' },
      { chance: 1, description: 'MORE_DEPOSIT_NEEDED', monthlyRateMax: 500, depositRequired: 6000 },
    ],
    [
      'short history with a guarantor: 9 rates',
      'libero-professionista',
      { activity_age: 'max2_1_return', guarantor: true },
      { chance: 1, description: 'DEPOSIT_GUARANTEE', monthlyRateMax: 300, depositRequired: 2700 },
    ],
    [
      'share capital not fully paid',
      'societa-capitale',
      { share_capital_paid: false },
      { chance: 1, description: 'DEPOSIT_GUARANTEE', monthlyRateMax: 1000, depositRequired: 12000 },
    ],
  ])('%s', (_, category, overrides, expected) => {
    expect(pick(check(category, overrides))).toEqual(expected);
  });

  it('has a last row that always holds', () => {
    expect(DECISIONS_V1.at(-1)?.id).toBe('good');
  });
});

describe('evaluate: boundaries', () => {
  it.each([
    // 35% of 1000 = 350; minus loans 200 = 150, the minimum rate.
    ['affordable rate at the minimum', { net_monthly_income: 1000, other_loans: 200 }, 2, 150],
    ['one euro below the minimum', { net_monthly_income: 1000, other_loans: 201 }, 0, null],
    // 0.35 × 660 is 230.99999999999997 in floating point; the rule must read 231.
    ['no floating-point loss', { net_monthly_income: 660, other_loans: 0 }, 2, 231],
    ['aged 72 or less', { over_72: false }, 2, 600],
    ['over_72 left to its default (No)', { over_72: undefined }, 2, 600],
    ['older than 72', { over_72: true }, 0, null],
  ] as const)('%s', (_, overrides, chance, max) => {
    const r = check('tempo-indeterminato', overrides);
    expect([r.chance, r.monthlyRateMax]).toEqual([chance, max]);
  });

  it.each([
    // 30% of the car's value, floored to the euro.
    [20000, 6000],
    [20001, 6000],
    [19999, 5999],
  ])('deposit cap: 30%% of a car worth %i is %i', (carValue, cap) => {
    expect(depositCap(400, false, carValue)).toBe(cap);
    const r = check('societa-persone', { activity_age: 'max2_1_balance' }, { monthly_rate: 400, deposit: 0, car_value: carValue });
    expect(r.depositRequired).toBe(cap);
  });

  it('deposit cap without the car value: 12 monthly rates, 9 with a guarantor', () => {
    expect(depositCap(400, false)).toBe(400 * RULES_V1.depositRates.withoutGuarantor);
    expect(depositCap(400, true)).toBe(400 * RULES_V1.depositRates.withGuarantor);
  });
});

describe('evaluate: incomplete answers give the next question', () => {
  it.each([
    ['tempo-indeterminato', {}, 'trial_period_ended'],
    ['tempo-indeterminato', { trial_period_ended: true }, 'net_monthly_income'],
    ['tempo-indeterminato', { trial_period_ended: true, net_monthly_income: 2000, other_loans: 0 }, 'guarantor'],
    ['pensionato', {}, 'net_monthly_income'],
    ['pensionato', { net_monthly_income: 1200, other_loans: 0, guarantor: true }, 'bad_payer'],
    ['ditta-individuale', { activity_age: 'gt2_2_returns' }, 'yearly_turnover'],
    ['ditta-individuale', { activity_age: 'gt2_2_returns', yearly_turnover: 1 }, 'guarantor'],
    ['societa-capitale', { activity_age: 'gt2_2_balances', yearly_turnover: 1 }, 'share_capital_paid'],
    ['associazioni-enti-fondazioni', {}, 'activity_age'],
    // An answer past a gap does not count: the gap is asked first.
    ['studi-associati', { activity_age: 'gt2_2_balances', guarantor: true }, 'yearly_turnover'],
  ] as const)('%s %j → %s', (category, given, step) => {
    const r = evaluate({ contractualCategory: category, answers: given, step: 'guarantor' });
    expect(r).toEqual({
      chance: null,
      currentStep: step,
      description: null,
      monthlyRateMax: null,
      depositRequired: null,
      thresholdMonthlyRateMax: null,
      sustainabilityIndex: null,
    });
  });
});

describe('evaluate: single-offer variant', () => {
  // Employee: max rate 600, 1.1 threshold 660, no deposit required.
  it.each([
    ['rate at the maximum', { monthly_rate: 600, deposit: 0 }, 2, 'CONGRATULATIONS_THIS_OFFER'],
    ['rate at 1.1 × threshold', { monthly_rate: 660, deposit: 0 }, 1, 'MONTHLY_RATE_TRASHOLD'],
    ['rate just above 1.1 × threshold', { monthly_rate: 660.01, deposit: 0 }, 0, 'TOO_MUCH_MONTHLY_RATE'],
  ] as const)('no deposit required: %s', (_, offer, chance, description) => {
    const r = check('tempo-indeterminato', {}, offer);
    expect([r.chance, r.sustainabilityIndex, r.description, r.thresholdMonthlyRateMax]).toEqual([chance, chance, description, 600]);
    reached.add(description);
  });

  // Short history: max rate 500, deposit required.
  it.each([
    ['deposit chosen, rate within', { monthly_rate: 500, deposit: 1000 }, 2, 'CONGRATULATIONS_THIS_OFFER'],
    ['no deposit, rate within', { monthly_rate: 500, deposit: 0 }, 1, 'NEED_DEPOSIT'],
    ['deposit chosen, rate in the tolerance', { monthly_rate: 550, deposit: 1000 }, 1, 'MONTHLY_RATE_TRASHOLD'],
    ['no deposit, rate in the tolerance', { monthly_rate: 550, deposit: 0 }, 0, 'TOO_MUCH_MONTHLY_RATE'],
  ] as const)('deposit required: %s', (_, offer, chance, description) => {
    const r = check('societa-persone', { activity_age: 'max2_1_balance' }, offer);
    expect([r.chance, r.sustainabilityIndex, r.description]).toEqual([chance, chance, description]);
    // Without the car value the cap counts 12 of the offer's own rates.
    expect(r.depositRequired).toBe(offer.monthly_rate * 12);
    reached.add(description);
  });

  it('keeps a refusal as it is, with index 0', () => {
    const r = check('pensionato', { over_72: true }, { monthly_rate: 100, deposit: 5000 });
    expect([r.chance, r.sustainabilityIndex, r.description]).toEqual([0, 0, 'AGE_LIMIT_EXCEEDED']);
  });

  it('asks the next question before judging the offer', () => {
    const r = evaluate({ contractualCategory: 'pensionato', answers: {}, offerData: { monthly_rate: 300, deposit: 0 } });
    expect([r.chance, r.currentStep, r.sustainabilityIndex]).toEqual([null, 'net_monthly_income', null]);
  });

  it('affordability with no limits at all is good', () => {
    const free = { monthlyRateMax: null, thresholdMonthlyRateMax: null, depositRequired: null };
    expect(affordability({ monthlyRate: 10000, deposit: 0, ...free }).index).toBe(2);
  });
});

describe('coverage of the messages', () => {
  it('every message topic is reached by at least one case', () => {
    reached.add('CONGRATULATIONS_OFFERS');
    expect([...MESSAGE_KEYS].filter((k) => !reached.has(k))).toEqual([]);
  });
});

it.each(CONTRACTUAL_CATEGORY_VALUES)('%s: good answers are complete', (category) => {
  expect(check(category).currentStep).toBeNull();
});

describe('one affordability rule', () => {
  it('the engine and core/sustainability agree on a grid of offers', async () => {
    const { sustainabilityIndex } = await import('../sustainability');
    for (const monthlyRate of [100, 499.99, 500, 500.01, 549.99, 550, 550.01, 800]) {
      for (const deposit of [0, 1500]) {
        for (const depositRequired of [null, 6000]) {
          const o = { monthlyRate, deposit, monthlyRateMax: 500, thresholdMonthlyRateMax: 500, depositRequired };
          const s = sustainabilityIndex(o);
          expect(affordability(o)).toEqual({ index: s?.index, description: s?.message });
        }
      }
    }
  });
});
