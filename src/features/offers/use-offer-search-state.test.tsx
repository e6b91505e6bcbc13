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

describe("a user's filter change", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(prefetchSearchOffers).mockClear();
  });
  afterEach(cleanup);

  it('starts its search in the input’s own task, before the screen renders it', () => {
    const { result } = render();
    let filtersWhenSearched: unknown;
    vi.mocked(prefetchSearchOffers).mockImplementationOnce(() => {
      filtersWhenSearched = result.current.state.filters;
    });
    act(() => result.current.setFilter('brands', ['FIAT']));
    expect(prefetchSearchOffers).toHaveBeenCalledTimes(1);
    expect(vi.mocked(prefetchSearchOffers).mock.calls[0]![0]).toMatchObject({ brands: ['FIAT'], page: 1 });
    expect(filtersWhenSearched).toEqual({});
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
    expect(result.current.state).toMatchObject({ filters: { brands: ['FIAT'] }, sort: 'price-down', page: 1 });
  });
});
