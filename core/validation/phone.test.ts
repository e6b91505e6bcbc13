import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone, PHONE_PATTERN } from './phone';

describe('normalizePhone', () => {
  it.each([
    ['+39 347 123 4567', '3471234567'],
    ['0039-347-1234567', '3471234567'],
    [' (06) 1234.5678 ', '0612345678'],
    ['02/12345678', '0212345678'],
    ['3471234567', '3471234567'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['3471234567', 'mobile, 10 digits'],
    ['347123456', 'mobile, 9 digits'],
    ['+39 347 123 4567', 'mobile with +39 and spaces'],
    ['+393471234567', 'mobile with +39'],
    ['0039 347 1234567', 'mobile with 0039'],
    ['06 12345678', 'landline, Rome'],
    ['+39 02 1234567', 'landline with +39'],
    ['0577 123456', 'landline, 10 digits'],
    ['0121 12', 'landline, 6 digits'],
  ])('accepts %j (%s)', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['34712345', 'mobile too short'],
    ['34712345678', 'mobile too long'],
    ['01234', 'landline too short'],
    ['012345678901', 'landline too long'],
    ['8001234567', 'neither mobile nor landline'],
    ['347 123 45a7', 'letter'],
    ['+44 20 7946 0958', 'foreign prefix'],
    ['', 'empty'],
  ])('rejects %j (%s)', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('PHONE_PATTERN', () => {
  it('accepts exactly what isValidPhone accepts', () => {
    const re = new RegExp(PHONE_PATTERN);
    const phoneLike = fc
      .array(fc.constantFrom('0', '3', '9', '1', '5', '+', ' ', '-', '.', '/', '(', ')', '00', '39', '+39', '0039'), { maxLength: 16 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(phoneLike, (s) => re.test(s) === isValidPhone(s)),
      { numRuns: 5000, seed: 42 },
    );
    for (const s of ['+39 333 1234567', '02 1234567', '0039 02 123456', '00391234567', '3331234567', '']) expect(re.test(s), s).toBe(isValidPhone(s));
  });
});
