import { describe, expect, it } from 'vitest';
import type { OfflineSearchResponse } from '../../../offline/catalogue';
import { searchStaleTime } from './search-offers';

const answer = (fromDevice: boolean) => ({ total: 1, ...(fromDevice ? { offlineSyncedAt: 1 } : {}) }) as OfflineSearchResponse;

describe('searchStaleTime', () => {
  it('offline, an answer the server gave is stale at once (the device answers it again, saying how old its copy is)', () => {
    expect(searchStaleTime(answer(false), false)).toBe(0);
  });
  it('online, an answer the device gave is stale at once (the server answers it again)', () => {
    expect(searchStaleTime(answer(true), true)).toBe(0);
  });
  it('an answer from where searches go keeps the usual 30 s', () => {
    expect(searchStaleTime(answer(false), true)).toBe(30_000);
    expect(searchStaleTime(answer(true), false)).toBe(30_000);
    expect(searchStaleTime(undefined, false)).toBe(30_000);
  });
});
