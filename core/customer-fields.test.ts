import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS, pickFields, QUOTE_FIELDS } from './customer-fields';
import { ProposalCustomerSchema, QuoteCustomerSchema } from './schemas/customer';

describe('customer fields', () => {
  it('name exactly what the proposal and quote schemas check', () => {
    const proposal = Object.keys(ProposalCustomerSchema.shape);
    expect(CUSTOMER_FIELDS.filter((f) => !proposal.includes(f))).toEqual([]);
    const quote = Object.keys(QuoteCustomerSchema.shape);
    expect(QUOTE_FIELDS.filter((f) => !quote.includes(f))).toEqual([]);
    expect(QUOTE_FIELDS).not.toContain('address');
  });

  it('picks only the named keys', () => {
    expect(pickFields({ a: 1, b: 2, c: 3 }, ['a', 'c'])).toEqual({ a: 1, c: 3 });
  });
});
