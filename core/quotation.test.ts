import { describe, expect, it } from 'vitest';
import { CONTRACTUAL_CATEGORY_VALUES } from './categories';
import { categoryAllowedFor, documentSlots, isShownExpired, proposalTitle, trackerStep } from './quotation';

describe('quotation rules', () => {
  it('pads proposal numbers to 5 digits', () => {
    expect(proposalTitle(1)).toBe('Preventivo #00001');
    expect(proposalTitle(123456)).toBe('Preventivo #123456');
  });

  it.each([
    [{}, 1],
    [{ sustainabilityAnswers: {} }, 1],
    [{ sustainabilityAnswers: { income: 2000 } }, 2],
    [{ sustainabilityAnswers: { income: 2000 }, code: 'Q-1' }, 3],
    [{ sustainabilityAnswers: { income: 2000 }, code: 'Q-1', hasAttachments: true }, 4],
    [{ sustainabilityAnswers: { income: 2000 }, code: 'Q-1', hasAttachments: true, status: 'WON' as const }, 5],
    [{ sustainabilityAnswers: { income: 2000 }, code: null, hasAttachments: true }, 2],
    // Accepted or rejected is the outcome, whatever was skipped (a quote won without a credit check).
    [{ status: 'WON' as const }, 5],
    [{ sustainabilityAnswers: {}, code: 'Q-1', status: 'LOST' as const }, 5],
    [{ status: 'OPEN' as const }, 1],
  ])('tracker %o is at step %i', (input, step) => expect(trackerStep(input)).toBe(step));

  it('shows a proposal as expired only before step 3', () => {
    expect(isShownExpired(false, 2)).toBe(true);
    expect(isShownExpired(false, 3)).toBe(false);
    expect(isShownExpired(true, 1)).toBe(false);
  });

  it('gives every category an identity slot and a privacy slot with a template', () => {
    for (const c of CONTRACTUAL_CATEGORY_VALUES) {
      const slots = documentSlots(c);
      expect(slots.some((s) => s.file_type === 'identity')).toBe(true);
      expect(slots.find((s) => s.file_type === 'privacy')?.template).toBeTruthy();
      expect(new Set(slots.map((s) => s.file_type)).size).toBe(slots.length);
    }
  });

  it('matches categories to the offer customer type', () => {
    expect(categoryAllowedFor('tempo-indeterminato', ['privati'])).toBe(true);
    expect(categoryAllowedFor('tempo-indeterminato', ['piva'])).toBe(false);
    expect(categoryAllowedFor('ditta-individuale', ['piva'])).toBe(true);
    expect(categoryAllowedFor('societa-capitale', ['privati', 'piva'])).toBe(true);
    expect(categoryAllowedFor('pensionato', [])).toBe(true);
  });
});
