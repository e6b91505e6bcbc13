import { beforeEach, describe, expect, it } from 'vitest';
import { COPY_OWNER_KEY, forgetOthersCopy, markCopy, unmarkCopy } from './copy-marker';

// A reopened app delays its background start only for a device holding the signed-in agent's copy (app-main.tsx).
describe('the catalogue copy marker', () => {
  beforeEach(() => localStorage.clear());

  it('names the copy written and goes with it', () => {
    markCopy(7);
    expect(localStorage.getItem(COPY_OWNER_KEY)).toBe('7');
    unmarkCopy();
    expect(localStorage.getItem(COPY_OWNER_KEY)).toBeNull();
  });

  it("a login of another agent forgets the former agent's copy; the same agent's stays marked", () => {
    markCopy(7);
    forgetOthersCopy(7);
    expect(localStorage.getItem(COPY_OWNER_KEY)).toBe('7');
    forgetOthersCopy(8);
    expect(localStorage.getItem(COPY_OWNER_KEY)).toBeNull();
  });
});
