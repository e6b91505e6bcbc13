import { describe, expect, it } from 'vitest';
import { emptyQuote, isQuoteEditable, quoteCategories, quoteFieldsFor, type QuoteFormValues } from './quote-form';
import { quoteCustomer, quotePayload } from './quote-payload';

const mario: QuoteFormValues = {
  first_name: ' Mario ',
  last_name: 'Rossi',
  email: ' mario.rossi@example.it ',
  phone: '+39 347 123 4567',
  fiscal_code: ' rssmra85t10a562s ',
  zip_code: ' 20121 ',
  employee_category: 'tempo-indeterminato',
  vat_number: '01234567897',
  business_name: 'Rossi Srl',
  notes: '  da richiamare  ',
};

const offer = { ref: 'REF-1', monthly_rate: 399.9, deposit: 3000, duration: 36, distance: 15000, accessories: ['A1'], colors: ['C1'] };

describe('quote form fields', () => {
  it('shows VAT and business name for business types only; the name is required when the secondary type is BUSINESS', () => {
    expect(quoteFieldsFor('tempo-indeterminato')).toEqual({ vat_number: false, business_name: false, businessNameRequired: false });
    expect(quoteFieldsFor('ditta-individuale')).toEqual({ vat_number: true, business_name: true, businessNameRequired: false });
    expect(quoteFieldsFor('societa-capitale')).toEqual({ vat_number: true, business_name: true, businessNameRequired: true });
  });

  it('offers the categories of the offer’s customer type and starts on tempo-indeterminato when allowed', () => {
    expect(quoteCategories('privati').map((c) => c.value)).toEqual(['tempo-indeterminato', 'pensionato']);
    expect(quoteCategories(null)).toHaveLength(8);
    expect(emptyQuote('privati').employee_category).toBe('tempo-indeterminato');
    expect(emptyQuote(null).employee_category).toBe('tempo-indeterminato');
    expect(emptyQuote('piva').employee_category).toBe('ditta-individuale');
    expect(emptyQuote('privati')).toMatchObject({ first_name: '', email: '', notes: '' });
  });
});

describe('quote payload', () => {
  it('trims, upper-cases the fiscal code, strips +39 and drops VAT and business name of a private customer', () => {
    expect(quoteCustomer(mario)).toEqual({
      first_name: 'Mario',
      last_name: 'Rossi',
      email: 'mario.rossi@example.it',
      phone: '3471234567',
      fiscal_code: 'RSSMRA85T10A562S',
      zip_code: '20121',
      employee_category: 'tempo-indeterminato',
      vat_number: '',
      business_name: '',
      notes: 'da richiamare',
    });
  });

  it('is null while a check fails', () => {
    expect(quoteCustomer({ ...mario, phone: '12' })).toBeNull();
    expect(quoteCustomer({ ...mario, employee_category: 'societa-capitale', fiscal_code: '01234567897', business_name: '' })).toBeNull();
    expect(quotePayload({ ...mario, zip_code: '201' }, offer)).toBeNull();
  });

  it('carries the offer’s figures and the customer, business name also as company_name', () => {
    const p = quotePayload({ ...mario, employee_category: 'societa-capitale', fiscal_code: '01234567897', vat_number: ' 01234567897 ' }, offer);
    expect(p).toMatchObject({
      code: 'REF-1',
      selectedPrice: 399.9,
      monthly_rate: 399.9,
      deposit: 3000,
      duration: 36,
      distance: 15000,
      accessories: ['A1'],
      colors: ['C1'],
      vat_number: '01234567897',
      business_name: 'Rossi Srl',
      company_name: 'Rossi Srl',
      note: 'da richiamare',
      notes: 'da richiamare',
    });
  });
  it('leaves out the figures it does not know', () => {
    const p = quotePayload(mario, { ref: 'REF-1', accessories: [], colors: [] })!;
    expect(Object.keys(p)).not.toContain('duration');
    expect(Object.keys(p)).not.toContain('selectedPrice');
    expect(p.code).toBe('REF-1');
  });
});

describe('quote editing', () => {
  it('is allowed on an open quote whose credit check is not recorded', () => {
    expect(isQuoteEditable({ kind: 'quote', status: 'OPEN', sustainabilityAnswers: null })).toBe(true);
    expect(isQuoteEditable({ kind: 'quote', status: 'OPEN', sustainabilityAnswers: {} })).toBe(true);
    expect(isQuoteEditable({ kind: 'quote', status: 'OPEN', sustainabilityAnswers: { guarantor: false } })).toBe(false);
    expect(isQuoteEditable({ kind: 'quote', status: 'WON' })).toBe(false);
    expect(isQuoteEditable({ kind: 'proposal', status: 'OPEN' })).toBe(false);
  });
});
