/** Italian postcode (CAP): the spec's 5-digit pattern. */
export function isValidCap(input: string): boolean {
  return /^\d{5}$/.test(input.trim());
}
