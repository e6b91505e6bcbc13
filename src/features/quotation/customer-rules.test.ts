import { describe, expect, it } from 'vitest';
import * as schemas from '@core/schemas/customer';
import { afterFailedLookup, customerErrors, emptyCustomer, fiscalCodeEntry, startTypeOf, switchNeedsConfirm, vatEntry } from './customer-rules';

const CF = 'RSSMRA85T10A562S';
const complete = {
  ...emptyCustomer('tempo-indeterminato'),
  first_name: 'Mario',
  last_name: 'Rossi',
  email: 'mario.rossi@example.it',
  phone: '+39 333 1234567',
  fiscal_code: CF,
  zip_code: '20121',
  address: 'Via Roma 1',
  city: 'Milano',
  consent: true,
};

describe("the wizard's customer step", () => {
  it('looks a private customer up at 16 valid characters, and says so at 16 wrong ones', () => {
    expect(fiscalCodeEntry(' rssmra85t10a562s ', 'privati')).toEqual({ value: CF, next: 'lookup' });
    expect(fiscalCodeEntry('RSSMRA85T10A562X', 'privati')).toEqual({ value: 'RSSMRA85T10A562X', next: 'invalid' });
    expect(fiscalCodeEntry('RSSMRA85T10', 'privati').next).toBe('none');
    // A P.IVA customer is looked up by the VAT number; the fiscal code is just a field there.
    expect(fiscalCodeEntry(CF, 'piva').next).toBe('none');
  });

  it('looks a company up at 11 valid digits', () => {
    expect(vatEntry('01234567897').next).toBe('lookup');
    expect(vatEntry('01234567890').next).toBe('invalid');
    expect(vatEntry('0123').next).toBe('none');
  });

  it('keeps what was typed to search, the category and the consent after a failed lookup', () => {
    const typed = { ...complete, employee_category: 'pensionato' as const };
    expect(afterFailedLookup(typed, { code: CF })).toEqual({ ...emptyCustomer('pensionato'), fiscal_code: CF, consent: true });
    expect(afterFailedLookup(typed, { vat: '01234567897' })).toMatchObject({ fiscal_code: '', vat_number: '01234567897', first_name: '' });
  });

  it('asks before switching P.IVA / Privati only when typed data would be lost', () => {
    expect(switchNeedsConfirm(emptyCustomer('tempo-indeterminato'), null, false)).toBe(false);
    expect(switchNeedsConfirm(complete, null, true)).toBe(true);
    expect(switchNeedsConfirm(complete, true, false)).toBe(false);
    expect(switchNeedsConfirm(complete, true, true)).toBe(true);
  });

  it("starts from the customer's category, else from the offer's type", () => {
    expect(startTypeOf(null, 'piva')).toBe('piva');
    expect(startTypeOf(null, null)).toBe('privati');
    expect(startTypeOf({ ...complete, employee_category: 'societa-capitale' }, 'privati')).toBe('piva');
  });

  it('passes a complete customer, and names the missing fields and the consent otherwise', () => {
    expect(customerErrors(complete, schemas)).toBeNull();
    const errors = customerErrors({ ...complete, address: ' ', consent: false }, schemas);
    expect(errors).toMatchObject({ address: 'Questo campo è obbligatorio', consent: 'Il consenso è obbligatorio per proseguire' });
  });
});
