import { describe, expect, it } from 'vitest';
import { isValidPartitaIva } from './partita-iva';

// Check digits computed with an independent reference implementation.
describe('isValidPartitaIva', () => {
  it.each(['01234567897', '12345678903', '08031960969', '12097500891', '02116120482', '00000000018', ' 01234567897 '])('accepts %j', (piva) => {
    expect(isValidPartitaIva(piva)).toBe(true);
  });

  it.each([
    ['01234567890', 'wrong check digit'],
    ['12345678901', 'wrong check digit'],
    ['0123456789', 'ten digits'],
    ['012345678977', 'twelve digits'],
    ['0123456789A', 'letter'],
    ['IT01234567897', 'country prefix'],
    ['01234 567897', 'inner blank'],
    ['00000000000', 'all zeros'],
    ['', 'empty'],
  ])('rejects %j (%s)', (piva) => {
    expect(isValidPartitaIva(piva)).toBe(false);
  });
});
