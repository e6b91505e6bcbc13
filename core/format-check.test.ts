import { describe, expect, it } from 'vitest';
import { findUnformattedNumbers } from './format-check';
import { formatConsumption, formatDistance, formatEuro, formatMonthly, formatNumber } from './format';

describe('findUnformattedNumbers', () => {
  it.each([
    ['Anticipo 2500 €', 'no thousands point'],
    ['Km annui 25000 km', 'no thousands point'],
    ['Consumo 5.1 l/100 km', 'decimal point instead of comma'],
    ['Canone 118.9', 'decimal point instead of comma'],
    ['Consumo medio 5.1', 'decimal point instead of comma'],
    ['Anticipo 5.000,00 €', 'cents on a whole amount'],
    ['Totale 1,234.50', 'English grouping'],
    ['Anticipo 5.000€', 'euro sign glued to the amount'],
    ['12500 Auto Trovate', 'no thousands point'],
    ['Totale 10000361 · Codici', 'no thousands point'],
  ])('flags %j', (text, why) => {
    expect(findUnformattedNumbers(text).map((p) => p.why)).toContain(why);
  });

  it.each([
    ['Anticipo 2.500 €'],
    ['94€ al mese IVA esclusa'],
    ['118,90€ al mese'],
    ['Consumo 5,1 l/100 km'],
    ['Preventivo #00001'],
    ['Codice AG0001 · CAP 20121'],
    ['Noleggio a lungo termine · Codice 10000361 · Data 07 dicembre 2026'],
    ['Telefono +39 333 1234567'],
    ['05 marzo 2026'],
    ['36 mesi · 15.000 km · 1.350 €'],
    ['274 Auto Trovate'],
    [['Fiat Panda 1.0 Hybrid 70cv Pandina', 'Volkswagen Golf 2.0 TDI 115cv Life'].join('\n')],
    ['Targa AB123CD, codice fiscale RSSMRA80A01H501U'],
  ])('accepts %j', (text) => {
    expect(findUnformattedNumbers(text)).toEqual([]);
  });

  it('accepts everything core/format.ts writes', () => {
    const samples = [0, 1, 99.5, 999, 1000, 1234.5, 2500, 15000, 100000, 1234567.89];
    const text = samples
      .flatMap((n) => [
        formatEuro(n),
        formatEuro(n, { decimals: 0 }),
        formatMonthly(n),
        formatDistance(Math.round(n)),
        formatNumber(n),
        formatConsumption(n, false),
      ])
      .join('\n');
    expect(findUnformattedNumbers(text)).toEqual([]);
  });
});
