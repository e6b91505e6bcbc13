import { describe, expect, it } from 'vitest';
import { decodeCodiceFiscale, isValidCodiceFiscale, isValidCompanyFiscalCode, normalizeCodiceFiscale } from './codice-fiscale';

// Check characters computed with an independent reference implementation of the official tables.
describe('isValidCodiceFiscale', () => {
  it.each([
    ['RSSMRA85T10A562S', 'man'],
    ['RSSMRA80A01H501U', 'man, Rome'],
    ['BNCLRA90A41F205I', 'woman (day + 40)'],
    ['FRRGLI01H65Z110R', 'woman born abroad'],
    ['VRDGPP72D15Z404L', 'born abroad (Z404)'],
    ['RSSMRA85T10A56NH', 'omocodia, last digit'],
    ['RSSMRA85T10ARSNO', 'omocodia, place code digits'],
    ['RSSMRAURTMLARSNL', 'omocodia, all seven digits'],
    ['VRDGPPTNDMRZQLQE', 'omocodia, all seven digits, born abroad'],
    ['BNCLRAVLAQMFNLRH', 'omocodia, woman'],
    ['rssmra85t10a562s', 'lower case'],
    ['  RSSMRA85T10A562S\t', 'surrounding blanks'],
    ['RSSMRA85B30A562G', 'nonexistent date still has a valid shape'],
  ])('accepts %s (%s)', (cf) => {
    expect(isValidCodiceFiscale(cf)).toBe(true);
  });

  it.each([
    ['RSSMRA85T10A562T', 'wrong check character'],
    ['RSSMRA85T10A56NS', 'omocodia without recomputing the check character'],
    ['RSSMRA85T10A562', 'too short'],
    ['RSSMRA85T10A562SX', 'too long'],
    ['', 'empty'],
    ['RSSMRA85F10A562R', 'month letter F'],
    ['RSSMRA85T32A562Y', 'day 32'],
    ['RSSMRA85T00A562R', 'day 0'],
    ['RSSMRA85T40A562V', 'day 40'],
    ['RSSMRA85T72A562C', 'day 72'],
    ['RSSMRA85T10A56AO', 'A is not an omocodia letter'],
    ['RSSMRA85T10AW62B', 'W is not an omocodia letter'],
    ['RSSMR185T10A562T', 'digit in the name part'],
    ['RSSMRA85T101562T', 'place code without a letter'],
    ['RSSMRA85T10 A562S', 'inner blank'],
    ['01234567897', 'company code (partita IVA)'],
  ])('rejects %j (%s)', (cf) => {
    expect(isValidCodiceFiscale(cf)).toBe(false);
  });
});

describe('normalizeCodiceFiscale', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCodiceFiscale(' rssmra85t10a562s ')).toBe('RSSMRA85T10A562S');
  });
});

describe('decodeCodiceFiscale', () => {
  const today = new Date(2025, 5, 1);

  it.each([
    ['RSSMRA85T10A562S', { birthDate: '1985-12-10', sex: 'M', placeCode: 'A562' }],
    ['BNCLRA90A41F205I', { birthDate: '1990-01-01', sex: 'F', placeCode: 'F205' }],
    ['FRRGLI01H65Z110R', { birthDate: '2001-06-25', sex: 'F', placeCode: 'Z110' }],
    ['VRDGPPTNDMRZQLQE', { birthDate: '1972-04-15', sex: 'M', placeCode: 'Z404' }],
    ['rssmra80b29h501q', { birthDate: '1980-02-29', sex: 'M', placeCode: 'H501' }],
  ])('decodes %s', (cf, expected) => {
    expect(decodeCodiceFiscale(cf, today)).toEqual(expected);
  });

  it('puts years above the current two-digit year in the 1900s', () => {
    expect(decodeCodiceFiscale('BNCGNN45E02H501B', new Date(2025, 0, 1))?.birthDate).toBe('1945-05-02');
    expect(decodeCodiceFiscale('BNCGNN45E02H501B', new Date(2050, 0, 1))?.birthDate).toBe('2045-05-02');
    expect(decodeCodiceFiscale('FRRGLI01H65Z110R', new Date(2001, 0, 1))?.birthDate).toBe('2001-06-25');
  });

  it.each([
    ['RSSMRA85T10A562T', 'wrong check character'],
    ['RSSMRA85B30A562G', '30 February'],
    ['RSSMRA81B29H501R', '29 February of a non-leap year'],
  ])('returns null for %s (%s)', (cf) => {
    expect(decodeCodiceFiscale(cf, today)).toBeNull();
  });
});

describe('isValidCompanyFiscalCode', () => {
  it.each([
    ['01234567897', true],
    [' 12345678903 ', true],
    ['01234567890', false],
    ['RSSMRA85T10A562S', false],
  ])('%j -> %s', (code, expected) => {
    expect(isValidCompanyFiscalCode(code)).toBe(expected);
  });
});
