import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addCents, divideCents, multiplyCents, roundHalfUp, toCents, toEuros } from './money';

describe('roundHalfUp', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3], // away from zero: symmetric for refunds and discounts
    [2.4, 2],
    [1.005 * 100, 101], // 100.49999999999999 in floats, a half in intent
    [-0.4, 0],
  ])('%s -> %s', (x, expected) => {
    expect(roundHalfUp(x)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfUp(-0.2), 0)).toBe(true);
  });
});

describe('toCents / toEuros', () => {
  it.each([
    [1, 100],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [-1.005, -101],
    [349.5, 34950],
    [180, 18000],
  ])('toCents(%s) = %s', (euros, cents) => {
    expect(toCents(euros)).toBe(cents);
  });

  it('round-trips to euros', () => {
    expect(toEuros(34950)).toBe(349.5);
    expect(toEuros(toCents(0.1 + 0.2))).toBe(0.3);
  });
});

describe('addCents', () => {
  it.each([
    [[], 0],
    [[1, 2, 3], 6],
    [[10, 20, -5], 25],
  ])('%j -> %s', (values, expected) => {
    expect(addCents(...values)).toBe(expected);
  });
});

describe('divideCents', () => {
  it.each([
    [18000, 36, 500], // the spec's 180 € over 36 months
    [10000, 36, 278], // 277.78
    [18, 36, 1], // exactly half a cent rounds up
    [-18, 36, -1],
    [17, 36, 0],
  ])('%s / %s = %s', (cents, divisor, expected) => {
    expect(divideCents(cents, divisor)).toBe(expected);
  });

  it('refuses a zero divisor', () => {
    expect(() => divideCents(100, 0)).toThrow(RangeError);
  });
});

describe('multiplyCents', () => {
  it.each([
    [1000, 3, 3000],
    [999, 0.5, 500],
    [-999, 0.5, -500],
    [1000, 1.22, 1220],
  ])('%s * %s = %s', (cents, factor, expected) => {
    expect(multiplyCents(cents, factor)).toBe(expected);
  });
});

describe('roundHalfUp fast path', () => {
  // The definition, without the fast path.
  const reference = (x: number) => Math.sign(x) * Math.round(Number(Math.abs(x).toPrecision(15))) + 0;
  it('equals the 15-digit definition on any double, on cents from euros and near halves', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => Object.is(roundHalfUp(x), reference(x))),
      { numRuns: 5000, seed: 20261121 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (c) => Object.is(roundHalfUp((c / 100) * 100), reference((c / 100) * 100))),
      { numRuns: 5000, seed: 7 },
    );
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ min: -1e-5, max: 1e-5, noNaN: true }), (n, e) =>
        Object.is(roundHalfUp(n + 0.5 + e), reference(n + 0.5 + e)),
      ),
      { numRuns: 5000, seed: 11 },
    );
  });
});
