import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchSearchOffers } from './api/search-offers';
import { useOfferSearchState } from './use-offer-search-state';

// The search itself is search-offers' (its own tests); here only when this hook starts it.
vi.mock('./api/search-offers', () => ({ prefetchSearchOffers: vi.fn() }));

const render = (path = '/offers') =>
  renderHook(() => useOfferSearchState(), {
    wrapper: ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>,
  });

// The frame that paints the tapped control, then the task after it (src/ui/after-paint.ts).
const nextFrame = () => act(() => vi.advanceTimersToNextFrame());
const taskAfterIt = () => act(() => vi.runOnlyPendingTimers());

describe("a user's filter change", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    vi.mocked(prefetchSearchOffers).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('starts its search in the input’s own task and renders after the next paint', () => {
    const { result } = render();
    act(() => result.current.setFilter('brands', ['FIAT']));
    expect(prefetchSearchOffers).toHaveBeenCalledTimes(1);
    expect(vi.mocked(prefetchSearchOffers).mock.calls[0]![0]).toMatchObject({ brands: ['FIAT'], page: 1 });
    // Not rendered yet: the tapped control paints first, and the render waits for the task after that frame.
    expect(result.current.state.filters).toEqual({});
    nextFrame();
    expect(result.current.state.filters).toEqual({});
    taskAfterIt();
    expect(result.current.state.filters).toEqual({ brands: ['FIAT'] });
    expect(result.current.body).toMatchObject({ brands: ['FIAT'], page: 1 });
  });

  it('builds on a change not yet rendered, and renders both at once', () => {
    const { result } = render('/offers?page=3');
    expect(result.current.state.page).toBe(3);
    act(() => {
      result.current.setFilter('brands', ['FIAT']);
      result.current.setSort('price-down');
    });
    expect(vi.mocked(prefetchSearchOffers).mock.calls[1]![0]).toMatchObject({ brands: ['FIAT'], sort: 'price-down', page: 1 });
    nextFrame();
    taskAfterIt();
    expect(result.current.state).toMatchObject({ filters: { brands: ['FIAT'] }, sort: 'price-down', page: 1 });
  });

  it('is dropped with the screen: no render after it is left', () => {
    const { result, unmount } = render();
    act(() => result.current.setPage(2));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    const { result: again, unmount: leave } = render();
    act(() => again.current.setPage(2));
    nextFrame(); // the frame has passed: the render's task is queued
    leave();
    expect(vi.getTimerCount()).toBe(0);
  });
});
