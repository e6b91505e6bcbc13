import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount, reformatAmount } from './amount';

describe('credit-check amounts', () => {
  it.each([
    ['', null],
    ['abc', null],
    ['0', 0],
    ['007', 7],
    ['1500', 1500],
    ['1.500', 1500],
    ['-200', 200],
    ['12,50', 12],
  ] as const)('parses %j as %s', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('groups thousands with a dot, even at four digits', () => {
    expect(formatAmount(1500)).toBe('1.500');
    expect(formatAmount(1234567)).toBe('1.234.567');
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(null)).toBe('');
    expect(reformatAmount('15000x')).toBe('15.000');
  });
});
