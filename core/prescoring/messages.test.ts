import { describe, expect, it } from 'vitest';
import { MESSAGES, MESSAGE_KEYS, alertColor, displayKey, messageFor } from './messages';
import { RULES_V1 } from './rules';

describe('messages', () => {
  it('has an Italian text for every key', () => {
    for (const key of MESSAGE_KEYS) expect(MESSAGES[key].length).toBeGreaterThan(20);
    expect(Object.keys(MESSAGES).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it('quotes the deposit cap of the rules', () => {
    const share = `${RULES_V1.depositCarValueShare * 100}%`;
    const rates = `${RULES_V1.depositRates.withGuarantor}/${RULES_V1.depositRates.withoutGuarantor}`;
    for (const key of ['MORE_DEPOSIT_NEEDED', 'DEPOSIT_GUARANTEE'] as const) expect(MESSAGES[key]).toContain(rates);
    for (const key of ['MORE_DEPOSIT_NEEDED', 'DEPOSIT_GUARANTEE', 'GUARANTOR_OR_DEPOSIT'] as const) expect(MESSAGES[key]).toContain(share);
  });

  it.each([
    ['CONGRATULATIONS_THIS_OFFER', 'widget', 'CONGRATULATIONS_OFFERS'],
    ['CONGRATULATIONS_THIS_OFFER', 'offer', 'CONGRATULATIONS_THIS_OFFER'],
    ['BAD_PAYER', 'widget', 'BAD_PAYER'],
    ['NEED_DEPOSIT', 'offer', 'NEED_DEPOSIT'],
    ['SOMETHING_NEW', 'widget', 'CONGRATULATIONS_OFFERS'],
    ['SOMETHING_NEW', 'offer', 'CONGRATULATIONS_OFFERS'],
    [null, 'widget', 'CONGRATULATIONS_OFFERS'],
  ] as const)('%s in the %s shows %s', (key, place, shown) => {
    expect(displayKey(key, place)).toBe(shown);
    expect(messageFor(key, place)).toBe(MESSAGES[shown]);
  });

  it.each([
    [0, 'danger'],
    [1, 'warning'],
    [2, 'success'],
    [null, 'info'],
    [undefined, 'info'],
    [3, 'info'],
  ] as const)('alert colour of chance %s is %s', (chance, color) => {
    expect(alertColor(chance)).toBe(color);
  });
});
