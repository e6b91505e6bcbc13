import { decodeCodiceFiscale, type DecodedCodiceFiscale, normalizeCodiceFiscale } from './codice-fiscale';

/**
 * The codice fiscale read from a tessera sanitaria's Code 39 barcode (docs/adr/0061-scanning-the-tessera-sanitaria.md):
 * the barcode carries the 16 characters as they are; a reader may keep Code 39's start and stop '*' or stray
 * spaces. Null unless what is left is a valid personal code (check character, omocodia: codice-fiscale.ts)
 * naming a real day.
 */
export function fiscalCodeFromBarcode(raw: string, today: Date = new Date()): { code: string; decoded: DecodedCodiceFiscale } | null {
  const code = normalizeCodiceFiscale(raw.replace(/^\*+|\*+$/g, '').replace(/\s+/g, ''));
  if (code.length !== 16) return null;
  const decoded = decodeCodiceFiscale(code, today);
  return decoded ? { code, decoded } : null;
}
