import { describe, expect, it } from 'vitest';
import { savedCheckOf } from './saved-check';

const answers = { net_monthly_income: 1500, other_loans: 0 };

describe('savedCheckOf', () => {
  it('takes the answers and the result saved on the proposal', () => {
    expect(
      savedCheckOf({
        contractual_category: 'pensionato',
        sustainability: { contractualCategory: 'pensionato', step: 'bad_payer', answers, response: { chance: 2, description: 'OK' } },
      }),
    ).toEqual({ contractualCategory: 'pensionato', step: 'bad_payer', answers, response: { chance: 2, description: 'OK' } });
  });

  it("uses the customer's category when the check does not say", () => {
    expect(savedCheckOf({ contractual_category: 'pensionato', sustainability: { answers } })).toMatchObject({
      contractualCategory: 'pensionato',
      step: null,
      response: null,
    });
  });

  it('is null without answers or for another category', () => {
    expect(savedCheckOf({ contractual_category: 'pensionato', sustainability: null })).toBeNull();
    expect(savedCheckOf({ contractual_category: 'pensionato', sustainability: { answers: {} } })).toBeNull();
    expect(savedCheckOf({ contractual_category: 'pensionato', sustainability: { contractualCategory: 'tempo-indeterminato', answers } })).toBeNull();
  });
});
