import { describe, expect, it } from 'vitest';
import { fiscalCodeFromBarcode } from './tessera-sanitaria';

const TODAY = new Date('2026-12-07T00:00:00Z');

describe('the codice fiscale from a tessera sanitaria barcode', () => {
  it('takes the 16 characters, with or without the start and stop asterisks, and derives birth date, sex and place', () => {
    for (const raw of ['RSSMRA85T10A562S', '*RSSMRA85T10A562S*', ' rssmra85t10a562s\n']) {
      expect(fiscalCodeFromBarcode(raw, TODAY)).toEqual({
        code: 'RSSMRA85T10A562S',
        decoded: { birthDate: '1985-12-10', sex: 'M', placeCode: 'A562' },
      });
    }
  });

  it('reads an omocodic code (digits swapped for letters) as the same person', () => {
    // RSSMRA85T10A562S with its last place digit swapped (2 -> N): check character recomputed to 'H'.
    const read = fiscalCodeFromBarcode('RSSMRA85T10A56NH', TODAY);
    expect(read?.decoded).toEqual({ birthDate: '1985-12-10', sex: 'M', placeCode: 'A562' });
  });

  it('refuses a wrong check character, a wrong length and what is not a fiscal code', () => {
    expect(fiscalCodeFromBarcode('RSSMRA85T10A562T', TODAY)).toBeNull();
    expect(fiscalCodeFromBarcode('RSSMRA85T10A562', TODAY)).toBeNull();
    expect(fiscalCodeFromBarcode('80380123456789012345', TODAY)).toBeNull();
    expect(fiscalCodeFromBarcode('', TODAY)).toBeNull();
  });
});
