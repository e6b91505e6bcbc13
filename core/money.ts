// Money inside core/ is integer euro cents, so sums never drift (0.1 + 0.2 !== 0.3 in floats).
// Payloads and the screen speak euros: convert with toCents on the way in, toEuros on the way out.

/** Integer euro cents. A plain number alias: it documents intent, it does not enforce it. */
export type Cents = number;

/**
 * Rounds half away from zero ("half up" as accountants and Java's HALF_UP mean it), so
 * f(-x) === -f(x). The value is first cut to 15 significant digits: that removes binary noise
 * such as 1.005 * 100 = 100.49999999999999 and lets a true half round up.
 */
export function roundHalfUp(x: number): number {
  const a = Math.abs(x);
  // Fast path (searches compare thousands of rates): below 1e8 the 15-digit cut moves a value by
  // less than 1e-6, so away from a half it cannot change the result.
  if (a < 1e8) {
    const f = a - Math.floor(a);
    if (Math.abs(f - 0.5) > 1e-6) return Math.sign(x) * Math.round(a) + 0;
  }
  const clean = Number(a.toPrecision(15));
  return Math.sign(x) * Math.round(clean) + 0; // + 0 turns -0 into 0
}

/** Euros to cents. Math.round(euros * 100) would turn 1.005 into 100; this gives 101. */
export function toCents(euros: number): Cents {
  return roundHalfUp(euros * 100);
}

export function toEuros(cents: Cents): number {
  return cents / 100;
}

export function addCents(...values: readonly Cents[]): Cents {
  return values.reduce((sum, v) => sum + v, 0);
}

/** cents / divisor rounded half up to a whole cent (e.g. spreading a price over months). */
export function divideCents(cents: Cents, divisor: number): Cents {
  if (!Number.isFinite(divisor) || divisor === 0) throw new RangeError(`divideCents: invalid divisor ${divisor}`);
  return roundHalfUp(cents / divisor);
}

/** cents * factor rounded half up to a whole cent (quantities, percentages, tax factors). */
export function multiplyCents(cents: Cents, factor: number): Cents {
  return roundHalfUp(cents * factor);
}
