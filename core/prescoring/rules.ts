import { customerTypeOf, type ContractualCategory } from '../categories';
import { AFFORDABILITY_THRESHOLD_FACTOR, sustainabilityIndex } from '../sustainability';
import type { MessageKey } from './messages';
import { logicFor, walk, type Answers } from './questions';
import type { Chance, OfferData, PrescoringInput, PrescoringResponse } from './schemas';

/** Thresholds of the credit check. Versioned: a change of rules is a new constant, not an edit. */
export interface Rules {
  version: number;
  /** Share of the net monthly income that may go to instalments (the rental's plus other loans). */
  incomeShare: number;
  /** Share of the yearly turnover a business may spend on the rental. */
  turnoverShare: number;
  /** Below this affordable rate (€/month) no rental fits: the cheapest offers start around here. */
  minMonthlyRate: number;
  /** Customers older than this are refused (asked as a yes/no question). */
  ageLimit: number;
  /** Deposit cap as a share of the car's value. */
  depositCarValueShare: number;
  /** Deposit cap in monthly rates when the car's value is unknown: fewer with a guarantor sharing the risk. */
  depositRates: { withGuarantor: number; withoutGuarantor: number };
  /** A rate up to thresholdMonthlyRateMax × this factor is "just above" the limit (spec section 9). */
  thresholdFactor: number;
}

export const RULES_V1: Readonly<Rules> = Object.freeze({
  version: 1,
  incomeShare: 0.35,
  turnoverShare: 0.1,
  minMonthlyRate: 150,
  ageLimit: 72,
  depositCarValueShare: 0.3,
  depositRates: Object.freeze({ withGuarantor: 9, withoutGuarantor: 12 }),
  thresholdFactor: AFFORDABILITY_THRESHOLD_FACTOR,
});

/** What the answers say, in the rules' terms. */
export interface Facts {
  trialEnded: boolean;
  badPayer: boolean;
  over72: boolean;
  guarantor: boolean;
  /** €/month the customer can afford: income share minus other loans, or turnover share / 12. */
  affordable: number;
  /** Business track record: none (new, no returns or balances), short (1), full (2); private: full. */
  history: 'none' | 'short' | 'full';
  /** false only for a società di capitali whose share capital is not fully paid. */
  capitalPaid: boolean;
}

/** One row of the decision table; the first row whose condition holds decides. */
export interface Decision {
  id: string;
  when: (f: Facts, rules: Rules) => boolean;
  chance: Chance;
  description: MessageKey;
  /** Which limits the result carries: none (refused), a rate cap, or a rate cap and a deposit. */
  limits: 'none' | 'rate' | 'rate+deposit';
}

const lowIncome = (f: Facts, r: Rules) => f.affordable < r.minMonthlyRate;

export const DECISIONS_V1: readonly Decision[] = [
  { id: 'trial-period', when: (f) => !f.trialEnded, chance: 0, description: 'TRIAL_PERIOD_NOT_ENDED', limits: 'none' },
  { id: 'bad-payer', when: (f) => f.badPayer, chance: 0, description: 'BAD_PAYER', limits: 'none' },
  { id: 'age-limit', when: (f) => f.over72, chance: 0, description: 'AGE_LIMIT_EXCEEDED', limits: 'none' },
  { id: 'low-income-guarantor', when: (f, r) => lowIncome(f, r) && f.guarantor, chance: 1, description: 'GUARANTOR_OR_DEPOSIT', limits: 'rate+deposit' },
  { id: 'low-income', when: lowIncome, chance: 0, description: 'INSUFFICIENT_REVENUE', limits: 'none' },
  { id: 'new-business-guarantor', when: (f) => f.history === 'none' && f.guarantor, chance: 1, description: 'GUARANTOR_OR_DEPOSIT', limits: 'rate+deposit' },
  { id: 'new-business', when: (f) => f.history === 'none', chance: 0, description: 'GUARANTEES_NEEDED', limits: 'none' },
  { id: 'short-history', when: (f) => f.history === 'short' && !f.guarantor, chance: 1, description: 'MORE_DEPOSIT_NEEDED', limits: 'rate+deposit' },
  { id: 'short-history-guarantor', when: (f) => f.history === 'short', chance: 1, description: 'DEPOSIT_GUARANTEE', limits: 'rate+deposit' },
  { id: 'capital-not-paid', when: (f) => !f.capitalPaid, chance: 1, description: 'DEPOSIT_GUARANTEE', limits: 'rate+deposit' },
  { id: 'good', when: () => true, chance: 2, description: 'CONGRATULATIONS_OFFERS', limits: 'rate' },
];

const HISTORY: Record<string, Facts['history']> = {
  lt2_no_returns: 'none',
  lt2_no_balance: 'none',
  max2_1_return: 'short',
  max2_1_balance: 'short',
  gt2_2_returns: 'full',
  gt2_2_balances: 'full',
};

const amountOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Reads the answers on the path (defaults included). Questions a category does not ask take the harmless value. */
export function factsOf(category: ContractualCategory, answers: Answers, rules: Rules = RULES_V1): Facts {
  const business = customerTypeOf(category) === 'piva';
  const affordable = business
    ? (amountOf(answers.yearly_turnover) * rules.turnoverShare) / 12
    : amountOf(answers.net_monthly_income) * rules.incomeShare - amountOf(answers.other_loans);
  return {
    trialEnded: answers.trial_period_ended !== false,
    badPayer: answers.bad_payer === true,
    over72: answers.over_72 === true,
    guarantor: answers.guarantor === true,
    // Cents first: 0.35 × 660 is 230.99999999999997 in floating point, and must floor to 231.
    affordable: Math.floor(Math.round(affordable * 100) / 100),
    history: business ? (HISTORY[String(answers.activity_age)] ?? 'none') : 'full',
    capitalPaid: answers.share_capital_paid !== false,
  };
}

/** Most deposit asked (€): a share of the car's value when known, else a number of monthly rates. */
export function depositCap(monthlyRate: number, guarantor: boolean, carValue?: number, rules: Rules = RULES_V1): number {
  if (carValue !== undefined) return Math.floor(Math.round(carValue * rules.depositCarValueShare * 100) / 100);
  const rates = guarantor ? rules.depositRates.withGuarantor : rules.depositRates.withoutGuarantor;
  return Math.floor(monthlyRate * rates);
}

export interface AffordabilityInput {
  monthlyRate: number;
  deposit: number;
  monthlyRateMax: number | null;
  thresholdMonthlyRateMax: number | null;
  depositRequired: number | null;
}

/**
 * The spec's sustainability index of one offer (section 4) with the message code of the branch taken.
 * The rule itself lives in core/sustainability.ts (one implementation for the engine and the app); here a
 * missing rate limit means any rate is within it, since the engine only asks with a limit in hand.
 */
export function affordability(o: AffordabilityInput, rules: Rules = RULES_V1): { index: Chance; description: MessageKey } {
  const result = sustainabilityIndex(o, rules.thresholdFactor);
  return result ? { index: result.index, description: result.message } : { index: 2, description: 'CONGRATULATIONS_THIS_OFFER' };
}

const EMPTY: PrescoringResponse = {
  chance: null,
  currentStep: null,
  description: null,
  monthlyRateMax: null,
  depositRequired: null,
  thresholdMonthlyRateMax: null,
  sustainabilityIndex: null,
};

/**
 * The credit check. Incomplete answers give chance null and the next question to ask; complete ones the
 * first matching decision row and its limits. With offerData (the single-offer variant) the offer's rate
 * and deposit are then held against those limits.
 */
export function evaluate(input: PrescoringInput, rules: Rules = RULES_V1, decisions: readonly Decision[] = DECISIONS_V1): PrescoringResponse {
  const offer: OfferData | undefined = input.offerData;
  // input.step is not trusted: the path is recomputed from the answers, so a stale step cannot skip questions.
  const path = walk(logicFor(input.contractualCategory, offer ? 'offer' : 'quote'), input.answers);
  if (path.pending !== null) return { ...EMPTY, currentStep: path.pending };

  const facts = factsOf(input.contractualCategory, path.answers, rules);
  const decision = decisions.find((d) => d.when(facts, rules));
  if (!decision) throw new Error('The decision table needs a last row that always holds');

  // A guarantor-backed customer below the minimum still sees the cheapest offers.
  const rateMax = decision.limits === 'none' ? null : Math.max(facts.affordable, rules.minMonthlyRate);
  const deposit =
    decision.limits === 'rate+deposit' && rateMax !== null ? depositCap(offer?.monthly_rate ?? rateMax, facts.guarantor, offer?.car_value, rules) : null;
  const result: PrescoringResponse = {
    ...EMPTY,
    chance: decision.chance,
    description: decision.description,
    monthlyRateMax: rateMax,
    // V1 has one limit; the field stays separate so a rule version can move the tolerance base alone.
    thresholdMonthlyRateMax: rateMax,
    depositRequired: deposit,
  };
  if (!offer) return result;
  if (decision.chance === 0) return { ...result, sustainabilityIndex: 0 };

  const { index, description } = affordability(
    { monthlyRate: offer.monthly_rate, deposit: offer.deposit, monthlyRateMax: rateMax, thresholdMonthlyRateMax: rateMax, depositRequired: deposit },
    rules,
  );
  return { ...result, chance: index, description, sustainabilityIndex: index };
}
