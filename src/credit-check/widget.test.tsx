import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrescoringResponse } from '@core/prescoring';
import { hidesCreditCheck } from '../routes';
import { useOffersReloadAfterCheck } from './credit-check-widget';
import { creditCheckStore } from './store';

describe('where the button is hidden', () => {
  it.each([
    ['/', false],
    ['/offers', false],
    ['/quotations', false],
    ['/faq', false],
    ['/quotations/ABC123', true],
    ['/quotations/', true],
    ['/quotation/', true],
    ['/quotation', true],
    ['/offers/AB12cd', true],
    ['/offers/AB12cd/', true],
    ['/offers/with-dash', false],
    // The comparison (docs/adr/0143-compare-offers.md) shows the check's sustainability: the button stays.
    ['/offers/compare', false],
  ] as const)('%s → hidden %s', (path, hidden) => {
    expect(hidesCreditCheck(path)).toBe(hidden);
  });
});

const business: PrescoringResponse = {
  chance: 1,
  currentStep: null,
  description: 'MORE_DEPOSIT_NEEDED',
  monthlyRateMax: 450,
  depositRequired: 5400,
  thresholdMonthlyRateMax: 450,
  sustainabilityIndex: null,
};

function renderAt(path: string, reload: (url: string) => void, resultOpen = false) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(
    ({ open }: { open: boolean }) => {
      const location = useLocation();
      useOffersReloadAfterCheck(location.pathname, open, reload);
      return location;
    },
    { wrapper, initialProps: { open: resultOpen } },
  );
}

describe('reload of /offers after a check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps the result on screen as long as it is open, then reloads /offers with the check filters', () => {
    const reload = vi.fn();
    const { rerender } = renderAt('/offers', reload, true);
    act(() => {
      creditCheckStore.setCategory('societa-persone');
      creditCheckStore.setResponse(business);
    });
    act(() => void vi.advanceTimersByTime(60_000));
    expect(reload).not.toHaveBeenCalled();
    rerender({ open: false });
    expect(reload).toHaveBeenCalledExactlyOnceWith('/offers?customerType=piva&monthly_rates=0,450&deposits=1,5400');
    rerender({ open: true });
    rerender({ open: false });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does nothing elsewhere, nor for a check stored before the screen opened', () => {
    creditCheckStore.setCategory('tempo-indeterminato');
    creditCheckStore.setResponse({ ...business, chance: 2, depositRequired: null });
    const onOffers = vi.fn();
    renderAt('/offers', onOffers);
    act(() => void vi.advanceTimersByTime(5000));
    expect(onOffers).not.toHaveBeenCalled();
    cleanup();

    const onHome = vi.fn();
    renderAt('/', onHome);
    act(() => creditCheckStore.setResponse({ ...business, chance: 2, depositRequired: null }));
    act(() => void vi.advanceTimersByTime(5000));
    expect(onHome).not.toHaveBeenCalled();
  });

  it('does not reload /offers when arriving there after a check made elsewhere (Vetrina Offerte)', () => {
    const reload = vi.fn();
    const { result } = renderHook(
      () => {
        const location = useLocation();
        const navigate = useNavigate();
        useOffersReloadAfterCheck(location.pathname, false, reload);
        return navigate;
      },
      { wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter> },
    );
    act(() => {
      creditCheckStore.setCategory('tempo-indeterminato');
      creditCheckStore.setResponse({ ...business, chance: 2, depositRequired: null });
    });
    act(() => result.current('/offers?customerType=privati&monthly_rates=0,450'));
    act(() => void vi.advanceTimersByTime(5000));
    expect(reload).not.toHaveBeenCalled();
  });
});
