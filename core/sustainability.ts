// The affordability index of an offer for a customer who passed the credit check
// (spec sales-portal §4 "Sustainability (affordability) index", §9 threshold factor 1.1).
// This is the one implementation: the prescoring engine's single-offer check (core/prescoring/rules.ts
// `affordability`) and the app's live indicator both call it.
import { toCents } from './money';

/** A rate up to 110% of the threshold is still "close enough" (index 1). */
export const AFFORDABILITY_THRESHOLD_FACTOR = 1.1;

export type SustainabilityLevel = 0 | 1 | 2;
export type SustainabilityMessage = 'CONGRATULATIONS_THIS_OFFER' | 'MONTHLY_RATE_TRASHOLD' | 'NEED_DEPOSIT' | 'TOO_MUCH_MONTHLY_RATE';
export type SustainabilityColor = 'danger' | 'warning' | 'success' | 'info';

export interface SustainabilityInput {
  /** Euros. */
  monthlyRate: number;
  /** Euros; null or 0 means no deposit chosen. */
  deposit: number | null | undefined;
  /** From the credit check; null when there is none. */
  monthlyRateMax: number | null | undefined;
  /** Base of the tolerance (× 1.1); null means no tolerance band: above the max is index 0 or 1 by deposit. */
  thresholdMonthlyRateMax: number | null | undefined;
  /**
   * Whether the check asks for a deposit: a boolean, or the check's `depositRequired` amount in euro
   * (a positive number means required, null or 0 means not).
   */
  depositRequired: boolean | number | null | undefined;
}

export interface Sustainability {
  index: SustainabilityLevel;
  message: SustainabilityMessage;
}

export const isDepositRequired = (value: SustainabilityInput['depositRequired']): boolean => value === true || (typeof value === 'number' && value > 0);

/**
 * The spec's rule, step by step; null when no credit check gave a maximum rate.
 * `thresholdFactor` is the rules' tolerance (RULES_V1.thresholdFactor is this module's 1.1).
 */
export function sustainabilityIndex(input: SustainabilityInput, thresholdFactor: number = AFFORDABILITY_THRESHOLD_FACTOR): Sustainability | null {
  if (input.monthlyRateMax === null || input.monthlyRateMax === undefined) return null;
  // Compared in cents so a rate exactly at a limit is never pushed over it by float noise.
  const rate = toCents(input.monthlyRate);
  const max = toCents(input.monthlyRateMax);
  const threshold = input.thresholdMonthlyRateMax;
  const nearLimit = threshold === null || threshold === undefined ? undefined : Math.round(toCents(threshold) * thresholdFactor);
  const required = isDepositRequired(input.depositRequired);
  const hasDeposit = (input.deposit ?? 0) > 0;
  const depositOk = !required || hasDeposit;

  if (depositOk && rate <= max) return { index: 2, message: 'CONGRATULATIONS_THIS_OFFER' };
  if (depositOk && nearLimit !== undefined && rate <= nearLimit) return { index: 1, message: 'MONTHLY_RATE_TRASHOLD' };
  if (required && !hasDeposit && rate <= max) return { index: 1, message: 'NEED_DEPOSIT' };
  return { index: 0, message: 'TOO_MUCH_MONTHLY_RATE' };
}

/** Ionic colour of an index; anything but 0, 1, 2 (including null) is 'info'. */
export function sustainabilityColor(index: number | null | undefined): SustainabilityColor {
  switch (index) {
    case 0:
      return 'danger';
    case 1:
      return 'warning';
    case 2:
      return 'success';
    default:
      return 'info';
  }
}
