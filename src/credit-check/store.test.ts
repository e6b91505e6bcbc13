import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logicFor, type PrescoringResponse } from '@core/prescoring';
import { CREDIT_CHECK_TTL_MS, EMPTY_CREDIT_CHECK, STORAGE_KEY, creditCheckStore } from './store';
import { useCreditCheck } from './use-credit-check';

const employee = logicFor('tempo-indeterminato');
const passed: PrescoringResponse = {
  chance: 2,
  currentStep: null,
  description: 'CONGRATULATIONS_OFFERS',
  monthlyRateMax: 600,
  depositRequired: null,
  thresholdMonthlyRateMax: 600,
  sustainabilityIndex: null,
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('credit-check store', () => {
  it('starts empty and keeps the same object between reads', () => {
    expect(creditCheckStore.get()).toBe(EMPTY_CREDIT_CHECK);
    creditCheckStore.setCategory('pensionato');
    expect(creditCheckStore.get()).toBe(creditCheckStore.get());
  });

  it('choosing a category resets the check and makes the first question current', () => {
    creditCheckStore.setCategory('tempo-indeterminato', employee);
    creditCheckStore.answer(employee, 'trial_period_ended', true);
    creditCheckStore.setResponse(passed);
    creditCheckStore.setCategory('pensionato', logicFor('pensionato'));
    expect(creditCheckStore.get()).toMatchObject({ contractualCategory: 'pensionato', step: 'net_monthly_income', answers: {}, response: null });
  });

  it('an answer truncates the later ones and clears a shown result', () => {
    creditCheckStore.setCategory('tempo-indeterminato', employee);
    for (const [k, v] of [
      ['trial_period_ended', true],
      ['net_monthly_income', 2000],
      ['other_loans', 0],
    ] as const)
      creditCheckStore.answer(employee, k, v);
    creditCheckStore.setResponse(passed);
    creditCheckStore.answer(employee, 'net_monthly_income', 1500);
    expect(creditCheckStore.get()).toMatchObject({
      step: 'other_loans',
      answers: { trial_period_ended: true, net_monthly_income: 1500 },
      response: null,
      checkedAt: null,
    });
  });

  it('a response selects its chance on the traffic light and stamps the check', () => {
    creditCheckStore.setCategory('tempo-indeterminato', employee);
    creditCheckStore.setResponse({ ...passed, chance: 1 });
    expect(creditCheckStore.get()).toMatchObject({ sustainability: [1], checkedAt: Date.now() });
  });

  it('expires one hour after the last change', () => {
    creditCheckStore.setCategory('tempo-indeterminato', employee);
    creditCheckStore.setResponse(passed);
    vi.advanceTimersByTime(CREDIT_CHECK_TTL_MS - 1000);
    expect(creditCheckStore.get().response).toEqual(passed);
    vi.advanceTimersByTime(1000);
    expect(creditCheckStore.get()).toBe(EMPTY_CREDIT_CHECK);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('a change restarts the hour', () => {
    creditCheckStore.setCategory('tempo-indeterminato', employee);
    vi.advanceTimersByTime(CREDIT_CHECK_TTL_MS - 60_000);
    creditCheckStore.answer(employee, 'trial_period_ended', true);
    vi.advanceTimersByTime(CREDIT_CHECK_TTL_MS - 60_000);
    expect(creditCheckStore.get().answers).toEqual({ trial_period_ended: true });
  });

  it('ignores a corrupt or foreign stored value', () => {
    localStorage.setItem(STORAGE_KEY, '{"expiresAt":"soon"}');
    expect(creditCheckStore.get()).toBe(EMPTY_CREDIT_CHECK);
    localStorage.setItem(STORAGE_KEY, 'not json');
    expect(creditCheckStore.get()).toBe(EMPTY_CREDIT_CHECK);
  });

  it('reset forgets everything', () => {
    creditCheckStore.setCategory('pensionato');
    creditCheckStore.reset();
    expect(creditCheckStore.get()).toBe(EMPTY_CREDIT_CHECK);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});

describe('useCreditCheck', () => {
  it('re-renders on changes and when the hour is over, without a reload', () => {
    const { result, unmount } = renderHook(() => useCreditCheck());
    expect(result.current.contractualCategory).toBeNull();
    act(() => result.current.setCategory('societa-persone', logicFor('societa-persone')));
    expect(result.current).toMatchObject({ contractualCategory: 'societa-persone', step: 'activity_age' });
    act(() => {
      vi.advanceTimersByTime(CREDIT_CHECK_TTL_MS + 100);
    });
    expect(result.current.contractualCategory).toBeNull();
    unmount();
  });
});
