import { describe, expect, it } from 'vitest';
import { type SustainabilityInput, sustainabilityColor, sustainabilityIndex } from './sustainability';

// Credit check: max rate 400, threshold 500, so "close enough" ends at 550 (1.1 x 500).
const createInput = (overrides: Partial<SustainabilityInput> = {}): SustainabilityInput => ({
  monthlyRate: 400,
  deposit: 0,
  monthlyRateMax: 400,
  thresholdMonthlyRateMax: 500,
  depositRequired: false,
  ...overrides,
});

describe('sustainabilityIndex', () => {
  it.each([
    ['no deposit needed, exactly at the max', { monthlyRate: 400 }, 2, 'CONGRATULATIONS_THIS_OFFER'],
    ['no deposit needed, a cent above the max', { monthlyRate: 400.01 }, 1, 'MONTHLY_RATE_TRASHOLD'],
    ['no deposit needed, exactly at 1.1 x threshold', { monthlyRate: 550 }, 1, 'MONTHLY_RATE_TRASHOLD'],
    ['no deposit needed, a cent above 1.1 x threshold', { monthlyRate: 550.01 }, 0, 'TOO_MUCH_MONTHLY_RATE'],
    ['deposit required and chosen, at the max', { depositRequired: true, deposit: 2000 }, 2, 'CONGRATULATIONS_THIS_OFFER'],
    ['deposit required and chosen, at 1.1 x threshold', { depositRequired: true, deposit: 2000, monthlyRate: 550 }, 1, 'MONTHLY_RATE_TRASHOLD'],
    ['deposit required, none chosen, at the max', { depositRequired: true, deposit: 0 }, 1, 'NEED_DEPOSIT'],
    ['deposit required, deposit null, below the max', { depositRequired: true, deposit: null, monthlyRate: 350 }, 1, 'NEED_DEPOSIT'],
    ['deposit required, none chosen, above the max', { depositRequired: true, deposit: 0, monthlyRate: 450 }, 0, 'TOO_MUCH_MONTHLY_RATE'],
    ['no threshold, above the max', { thresholdMonthlyRateMax: null, monthlyRate: 450 }, 0, 'TOO_MUCH_MONTHLY_RATE'],
    ['odd threshold, at the cent of 1.1 x', { monthlyRateMax: 300, thresholdMonthlyRateMax: 333.33, monthlyRate: 366.66 }, 1, 'MONTHLY_RATE_TRASHOLD'],
    ['odd threshold, a cent above 1.1 x', { monthlyRateMax: 300, thresholdMonthlyRateMax: 333.33, monthlyRate: 366.67 }, 0, 'TOO_MUCH_MONTHLY_RATE'],
  ] as const)('%s', (_, overrides, index, message) => {
    expect(sustainabilityIndex(createInput(overrides))).toEqual({ index, message });
  });

  it('is null without a credit check', () => {
    expect(sustainabilityIndex(createInput({ monthlyRateMax: null }))).toBeNull();
    expect(sustainabilityIndex(createInput({ monthlyRateMax: undefined }))).toBeNull();
  });
});

describe('sustainabilityColor', () => {
  it.each([
    [0, 'danger'],
    [1, 'warning'],
    [2, 'success'],
    [3, 'info'],
    [-1, 'info'],
    [null, 'info'],
    [undefined, 'info'],
  ] as const)('%s -> %s', (index, color) => {
    expect(sustainabilityColor(index)).toBe(color);
  });
});

describe('depositRequired as the check gives it (euro amount or null)', () => {
  it.each([
    [6000, 0, 1, 'NEED_DEPOSIT'],
    [6000, 1000, 2, 'CONGRATULATIONS_THIS_OFFER'],
    [null, 0, 2, 'CONGRATULATIONS_THIS_OFFER'],
    [0, 0, 2, 'CONGRATULATIONS_THIS_OFFER'],
  ] as const)('depositRequired %s, deposit %s -> %s', (depositRequired, deposit, index, message) => {
    expect(sustainabilityIndex(createInput({ depositRequired, deposit }))).toEqual({ index, message });
  });
});
