import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_LEVELS,
  bandRegions,
  inRegion,
  inSustainabilityBands,
  keepsEverything,
  offerSustainability,
  sustainabilityBands,
  sustainabilityFilterOf,
  type CheckLimits,
  type SustainabilityFilter,
} from './offer-sustainability';
import type { Chance } from './prescoring';

const PRIVATE_OK = { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false };
const BAD_PAYER = { trial_period_ended: true, net_monthly_income: 1800, other_loans: 0, guarantor: true, bad_payer: true };
const BUSINESS_DEPOSIT = { activity_age: 'max2_1_balance', yearly_turnover: 60000, guarantor: false, bad_payer: false };

describe('sustainabilityFilterOf: the check re-run from the search', () => {
  it('is null without a category or with incomplete answers', () => {
    expect(sustainabilityFilterOf({})).toBeNull();
    expect(sustainabilityFilterOf({ contractualCategory: 'tempo-indeterminato', answers: { trial_period_ended: true } })).toBeNull();
  });
  it('gives the check limits and keeps every level when none is sent', () => {
    const f = sustainabilityFilterOf({ contractualCategory: 'tempo-indeterminato', answers: PRIVATE_OK });
    expect(f?.limits).toMatchObject({ chance: 2, monthlyRateMax: 600, depositRequired: null });
    expect(f?.levels).toEqual(ALL_LEVELS);
  });
  it('keeps the levels sent, in traffic-light order, without duplicates', () => {
    expect(sustainabilityFilterOf({ contractualCategory: 'tempo-indeterminato', answers: PRIVATE_OK, sustainability: [0, 2, 2] })?.levels).toEqual([2, 0]);
  });
  it('a refusal locks the traffic light to 0 whatever is sent', () => {
    const f = sustainabilityFilterOf({ contractualCategory: 'tempo-indeterminato', answers: BAD_PAYER, sustainability: [2] });
    expect(f?.limits.chance).toBe(0);
    expect(f?.levels).toEqual([0]);
  });
  it('a business that needs a deposit: chance 1 with both limits, not locked', () => {
    const f = sustainabilityFilterOf({ contractualCategory: 'societa-persone', answers: BUSINESS_DEPOSIT, sustainability: [1, 2] });
    expect(f?.limits).toMatchObject({ chance: 1, monthlyRateMax: 500, depositRequired: 6000 });
    expect(f?.levels).toEqual([2, 1]);
  });
});

const limits = (over: Partial<CheckLimits> = {}): CheckLimits => ({
  chance: 2,
  description: 'CONGRATULATIONS_OFFERS',
  monthlyRateMax: 600,
  thresholdMonthlyRateMax: 600,
  depositRequired: null,
  ...over,
});

describe('offerSustainability: the affordability rule, capped by the chance', () => {
  it('follows the spec rule for a customer with chance 2', () => {
    expect(offerSustainability(limits(), { rate: 600, deposit: 0 })).toEqual({ index: 2, message: 'CONGRATULATIONS_THIS_OFFER' });
    expect(offerSustainability(limits(), { rate: 660, deposit: 0 })).toEqual({ index: 1, message: 'MONTHLY_RATE_TRASHOLD' });
    expect(offerSustainability(limits(), { rate: 660.01, deposit: 0 })).toEqual({ index: 0, message: 'TOO_MUCH_MONTHLY_RATE' });
    const deposit = limits({ depositRequired: 3000 });
    expect(offerSustainability(deposit, { rate: 500, deposit: 0 })).toEqual({ index: 1, message: 'NEED_DEPOSIT' });
    expect(offerSustainability(deposit, { rate: 500, deposit: 1500 }).index).toBe(2);
  });
  it('never rises above the chance', () => {
    const one = limits({ chance: 1, description: 'MORE_DEPOSIT_NEEDED', depositRequired: 6000 });
    expect(offerSustainability(one, { rate: 400, deposit: 2000 })).toEqual({ index: 1, message: 'MORE_DEPOSIT_NEEDED' });
    expect(offerSustainability(one, { rate: 400, deposit: 0 })).toEqual({ index: 1, message: 'NEED_DEPOSIT' });
    const refused = limits({ chance: 0, description: 'BAD_PAYER', monthlyRateMax: null, thresholdMonthlyRateMax: null });
    expect(offerSustainability(refused, { rate: 100, deposit: 0 })).toEqual({ index: 0, message: 'BAD_PAYER' });
  });
});

const levelsArb = fc.subarray([2, 1, 0] as Chance[], { minLength: 1 });
const limitsArb = fc.record({
  chance: fc.constantFrom<Chance>(0, 1, 2),
  description: fc.constant(null),
  monthlyRateMax: fc.option(
    fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100),
    { nil: null },
  ),
  thresholdMonthlyRateMax: fc.option(
    fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100),
    { nil: null },
  ),
  depositRequired: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
});

describe('sustainabilityBands: the same rule as regions', () => {
  it('a child offer is in the bands exactly when its traffic light is a kept level', () => {
    fc.assert(
      fc.property(
        limitsArb,
        levelsArb,
        fc.array(fc.record({ cents: fc.integer({ min: 0, max: 250_000 }), deposit: fc.constantFrom(0, 1, 500, 6000) }), { maxLength: 30 }),
        (l, levels, points) => {
          const filter: SustainabilityFilter = { limits: l, levels };
          const bands = sustainabilityBands(filter);
          const regions = bandRegions(bands);
          // Probe around the breakpoints too, where an off-by-one would hide.
          const near = [l.monthlyRateMax, l.thresholdMonthlyRateMax].flatMap((x) =>
            (x === null ? [] : [x * 100, x * 110]).flatMap((c) => [Math.round(c) - 1, Math.round(c), Math.round(c) + 1]),
          );
          for (const p of [
            ...points,
            ...near.filter((c) => c >= 0).map((cents) => ({ cents, deposit: 0 })),
            ...near.filter((c) => c >= 0).map((cents) => ({ cents, deposit: 1 })),
          ]) {
            const v = { rate: p.cents / 100, deposit: p.deposit };
            expect(inSustainabilityBands(bands, v)).toBe(levels.includes(offerSustainability(l, v).index));
            // The search index's flat form of the same bands.
            expect(inRegion(p.deposit > 0 ? regions.positive : regions.zero, p.cents)).toBe(inSustainabilityBands(bands, v));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
  it('all levels keep everything; a level nobody reaches keeps nothing', () => {
    expect(keepsEverything(sustainabilityBands({ limits: limits(), levels: ALL_LEVELS }))).toBe(true);
    expect(sustainabilityBands({ limits: limits({ chance: 1 }), levels: [2] })).toEqual([]);
    expect(sustainabilityBands({ limits: limits(), levels: [2] })).toEqual([
      { depositPositive: false, rateAboveCents: null, rateUpToCents: 60000 },
      { depositPositive: true, rateAboveCents: null, rateUpToCents: 60000 },
    ]);
  });
});
