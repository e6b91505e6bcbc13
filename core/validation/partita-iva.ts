/** Italian VAT number: 11 digits, the last a Luhn check digit over the first ten. */
export function isValidPartitaIva(input: string): boolean {
  const s = input.trim();
  // All zeros passes the checksum but is never issued.
  if (!/^\d{11}$/.test(s) || /^0+$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(s[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(s[10]);
}
