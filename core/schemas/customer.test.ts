import { describe, expect, it } from 'vitest';
import { isCustomerComplete, ProposalCustomerSchema, QuoteCustomerSchema } from './customer';

const privato = {
  first_name: 'Mario',
  last_name: 'Rossi',
  email: ' mario.rossi@example.it ',
  phone: '+39 347 123 4567',
  fiscal_code: 'rssmra85t10a562s',
  zip_code: '20121 ',
  employee_category: 'tempo-indeterminato',
  notes: '  ',
};

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('quote customer', () => {
  it('accepts a private customer, trimming and normalising', () => {
    const r = QuoteCustomerSchema.parse(privato);
    expect(r).toMatchObject({ email: 'mario.rossi@example.it', phone: '3471234567', fiscal_code: 'RSSMRA85T10A562S', zip_code: '20121', notes: '' });
  });

  it('gives the spec messages', () => {
    const r = QuoteCustomerSchema.safeParse({ ...privato, phone: '12', zip_code: '201', fiscal_code: 'RSSMRA85T10A562X', first_name: ' ' });
    expect(errorsOf(r)).toMatchObject({
      phone: 'Indicare un numero di telefono valido',
      zip_code: 'Indicare un CAP valido',
      fiscal_code: 'Il codice fiscale indicato non è valido',
      first_name: 'Questo campo è obbligatorio',
    });
  });

  it('needs a valid VAT for BUSINESS and a business name for secondary BUSINESS', () => {
    const ditta = QuoteCustomerSchema.safeParse({ ...privato, employee_category: 'ditta-individuale', vat_number: '01234567890' });
    expect(errorsOf(ditta)).toEqual({ vat_number: 'La partita IVA indicata non è valida' });
    const srl = QuoteCustomerSchema.safeParse({ ...privato, employee_category: 'societa-capitale', vat_number: '01234567897', fiscal_code: '01234567897' });
    expect(errorsOf(srl)).toEqual({ business_name: 'Questo campo è obbligatorio' });
    expect(
      QuoteCustomerSchema.safeParse({
        ...privato,
        employee_category: 'societa-capitale',
        vat_number: '01234567897',
        fiscal_code: '01234567897',
        business_name: 'Rossi Srl',
      }).success,
    ).toBe(true);
  });

  it('refuses a company fiscal code for a private customer', () => {
    expect(errorsOf(QuoteCustomerSchema.safeParse({ ...privato, fiscal_code: '01234567897' }))).toEqual({
      fiscal_code: 'Il codice fiscale indicato non è valido',
    });
  });
});

describe('proposal customer', () => {
  it('checks optional fields only when present', () => {
    expect(ProposalCustomerSchema.safeParse({ ...privato, phone: '', zip_code: '' }).success).toBe(true);
    expect(errorsOf(ProposalCustomerSchema.safeParse({ ...privato, zip_code: '2012' }))).toEqual({ zip_code: 'Indicare un CAP valido' });
  });

  it('is complete only with every field and the consent', () => {
    const full = { ...privato, address: 'Via Roma 1', city: 'Milano', consent: true } as const;
    expect(isCustomerComplete({ ...full, employee_category: 'tempo-indeterminato' })).toBe(true);
    expect(isCustomerComplete({ ...full, employee_category: 'tempo-indeterminato', consent: false })).toBe(false);
    expect(isCustomerComplete({ ...full, employee_category: 'tempo-indeterminato', city: ' ' })).toBe(false);
    expect(isCustomerComplete({ ...full, employee_category: 'ditta-individuale', vat_number: '01234567897' })).toBe(false);
    expect(isCustomerComplete({ ...full, employee_category: 'ditta-individuale', vat_number: '01234567897', business_name: 'Rossi' })).toBe(true);
  });
});
