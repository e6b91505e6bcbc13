import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

const ofLength = (n: number) => `${'a'.repeat(n - '@example.it'.length)}@example.it`;

describe('isValidEmail', () => {
  it.each(['mario.rossi@example.it', 'a+b@sub.example.com', '  mario@example.it  ', 'MARIO@EXAMPLE.IT'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['mario.rossi', 'no @'],
    ['mario@example', 'no dot in the domain'],
    ['mario@@example.it', 'two @'],
    ['mario rossi@example.it', 'inner blank'],
    ['@example.it', 'no local part'],
    ['mario@.it', 'empty domain label'],
    ['mario@example..it', 'empty domain label'],
    [ofLength(255), '255 characters'],
    ['', 'empty'],
  ])('rejects %j (%s)', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts exactly 254 characters', () => {
    expect(isValidEmail(ofLength(254))).toBe(true);
  });
});
