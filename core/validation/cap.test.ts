import { describe, expect, it } from 'vitest';
import { isValidCap } from './cap';

describe('isValidCap', () => {
  it.each([
    ['00118', true],
    ['20121', true],
    [' 98168 ', true],
    ['2012', false],
    ['201210', false],
    ['2012A', false],
    ['20 121', false],
    ['', false],
  ])('%j -> %s', (cap, expected) => {
    expect(isValidCap(cap)).toBe(expected);
  });
});
