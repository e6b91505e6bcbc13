import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareItemOf, compareItemKey } from '@core/compare';
import { compareStore, STORAGE_KEY, useCompareItems, useCompareNotice } from './selection';

const item = (code: string, duration = 36) => compareItemOf(code, { duration, deposit: 0, distance: 15000 });

beforeEach(() => {
  localStorage.clear();
  compareStore.dismissNotice();
});

describe('the comparison on the device', () => {
  it('keeps the items in localStorage for their user, so a reload finds them', () => {
    compareStore.toggleOffer(7, item('OF000001'));
    compareStore.add(7, item('OF000002'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).toEqual({ userId: 7, items: [item('OF000001'), item('OF000002')] });
    expect(compareStore.items(7).map((i) => i.code)).toEqual(['OF000001', 'OF000002']);
    // Another login on the device starts empty; no user (no profile yet) has none.
    expect(compareStore.items(8)).toEqual([]);
    expect(compareStore.items(undefined)).toEqual([]);
  });

  it('refuses a fifth and a repeat, and says so until the next change', () => {
    for (const code of ['OF000001', 'OF000002', 'OF000003', 'OF000004']) compareStore.toggleOffer(7, item(code));
    expect(compareStore.toggleOffer(7, item('OF000005'))).toEqual({ ok: false, reason: 'full' });
    expect(compareStore.notice()?.reason).toBe('full');
    expect(compareStore.items(7)).toHaveLength(4);
    compareStore.remove(7, compareItemKey(item('OF000004')));
    expect(compareStore.notice()).toBeNull();
    expect(compareStore.add(7, item('OF000001'))).toEqual({ ok: false, reason: 'present' });
    expect(compareStore.add(7, item('OF000001', 48)).ok).toBe(true);
    // The card's toggle takes the offer out in every configuration.
    compareStore.toggleOffer(7, item('OF000001'));
    expect(compareStore.items(7).map((i) => i.code)).toEqual(['OF000002', 'OF000003']);
  });

  it('reads a damaged or foreign entry as empty', () => {
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(compareStore.items(7)).toEqual([]);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId: 7, items: [{ code: 'OF 1' }, item('OF000009')] }));
    expect(compareStore.items(7)).toEqual([item('OF000009')]);
  });

  it('re-renders what reads it when the comparison changes', () => {
    const { result } = renderHook(() => ({ items: useCompareItems(7), notice: useCompareNotice() }));
    expect(result.current.items).toEqual([]);
    act(() => void compareStore.toggleOffer(7, item('OF000001')));
    expect(result.current.items).toEqual([item('OF000001')]);
    act(() => void compareStore.replace(7, []));
    expect(result.current.items).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });
});
