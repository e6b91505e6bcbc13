/**
 * The credit check's effect on the offers search (spec §2 "the tool ... restricts the offers
 * shown accordingly", §4 "Credit check", "Sustainability (affordability) index", §7 `POST search/offers`
 * with answers, contractualCategory and the sustainability list). Pure; the server's SQL, the offline search
 * (core/offer-filter.ts) and the cards all use it.
 *
 *   sustainabilityFilterOf(search)   the check re-run from the search's category and answers (core/prescoring
 *                                    evaluate), with the traffic-light levels to keep; null without a result
 *   offerSustainability(limits, v)   a child offer's traffic light: the affordability rule (core/sustainability
 *                                    through prescoring `affordability`), never above the customer's chance
 *   sustainabilityBands(filter)      the same as rate/deposit regions, so SQL can filter without the rule:
 *                                    derived by evaluating the rule itself at the rule's breakpoints
 *   inSustainabilityBands(bands, v)  a child offer inside the regions (the offline search's predicate)
 */
import type { ContractualCategory } from './categories';
import { sustainabilityLock } from './credit-check-filters';
import { toCents, type Cents } from './money';
import type { Answers } from './prescoring/questions';
import { affordability, evaluate, RULES_V1 } from './prescoring/rules';
import type { MessageKey } from './prescoring/messages';
import type { Chance } from './prescoring/schemas';

/** What a completed check says, as far as offers are concerned. */
export interface CheckLimits {
  chance: Chance;
  description: MessageKey | null;
  monthlyRateMax: number | null;
  thresholdMonthlyRateMax: number | null;
  depositRequired: number | null;
}

export interface SustainabilityFilter {
  limits: CheckLimits;
  /** The traffic-light levels kept (never empty). All three: no restriction, the cards still get their index. */
  levels: readonly Chance[];
}

export const ALL_LEVELS: readonly Chance[] = [2, 1, 0];

/** The credit-check fields of a search body (spec §7). */
export interface CreditCheckSearch {
  contractualCategory?: ContractualCategory | undefined;
  answers?: Answers | undefined;
  sustainability?: readonly Chance[] | undefined;
}

/**
 * The check behind a search: re-run from the category and answers (the client's result is not trusted);
 * null when there is no category or the answers are incomplete (chance null: nothing to restrict by).
 * The levels: the lock when the check locks the traffic light (spec §4), else the ones sent, else all.
 */
export function sustainabilityFilterOf(search: CreditCheckSearch): SustainabilityFilter | null {
  if (!search.contractualCategory) return null;
  const r = evaluate({ contractualCategory: search.contractualCategory, answers: search.answers ?? {} });
  if (r.chance === null) return null;
  const limits: CheckLimits = {
    chance: r.chance,
    description: r.description,
    monthlyRateMax: r.monthlyRateMax,
    thresholdMonthlyRateMax: r.thresholdMonthlyRateMax,
    depositRequired: r.depositRequired,
  };
  const lock = sustainabilityLock({ contractualCategory: search.contractualCategory, response: r });
  const sent = ALL_LEVELS.filter((l) => search.sustainability?.includes(l));
  return { limits, levels: lock !== null ? [lock] : sent.length ? sent : ALL_LEVELS };
}

/**
 * A child offer's traffic light for the checked customer: the spec's affordability rule on its rate and
 * deposit, capped by the check's chance (a customer with chance 1 sees no offer as 2; a refused one sees 0).
 * The message is the rule's, or the check's own description when the chance caps the index.
 */
export function offerSustainability(limits: CheckLimits, v: { rate: number; deposit: number }): { index: Chance; message: string } {
  const a = affordability(
    {
      monthlyRate: v.rate,
      deposit: v.deposit,
      monthlyRateMax: limits.monthlyRateMax,
      thresholdMonthlyRateMax: limits.thresholdMonthlyRateMax,
      depositRequired: limits.depositRequired,
    },
    RULES_V1,
  );
  if (a.index <= limits.chance) return { index: a.index, message: a.description };
  return { index: limits.chance, message: limits.description ?? a.description };
}

/** A region of child offers: deposit zero or positive, rate in (above, upTo] cents (null = unbounded). */
export interface SustainabilityBand {
  depositPositive: boolean;
  rateAboveCents: Cents | null;
  rateUpToCents: Cents | null;
}

/**
 * The child offers whose traffic light is one of the filter's levels, as rate/deposit regions. The rule only
 * compares the rate (in cents) with the maximum and the tolerance (max, threshold × factor) and only asks
 * whether a deposit is chosen, so it is constant between those breakpoints: evaluating it once per segment,
 * at the segment's upper end, gives each segment's level. Adjacent kept segments are merged.
 * [] keeps nothing; one unbounded band per deposit class keeps everything.
 */
export function sustainabilityBands(filter: SustainabilityFilter): SustainabilityBand[] {
  const { limits, levels } = filter;
  const points = new Set<number>();
  for (const x of [limits.monthlyRateMax, limits.thresholdMonthlyRateMax]) {
    if (x === null) continue;
    const c = toCents(x);
    const near = Math.round(c * RULES_V1.thresholdFactor);
    for (const p of [c - 1, c, c + 1, near - 1, near, near + 1]) if (p >= 0) points.add(p);
  }
  const breaks = [...points].sort((a, b) => a - b);
  const bands: SustainabilityBand[] = [];
  for (const depositPositive of [false, true]) {
    let open: SustainabilityBand | null = null;
    for (let i = 0; i <= breaks.length; i++) {
      const above = i === 0 ? null : breaks[i - 1]!;
      const upTo = i === breaks.length ? null : breaks[i]!;
      const probe = upTo ?? (above ?? 0) + 1;
      const { index } = offerSustainability(limits, { rate: probe / 100, deposit: depositPositive ? 1 : 0 });
      if (levels.includes(index)) {
        if (open) open.rateUpToCents = upTo;
        else {
          open = { depositPositive, rateAboveCents: above, rateUpToCents: upTo };
          bands.push(open);
        }
      } else open = null;
    }
  }
  return bands;
}

export function inSustainabilityBands(bands: readonly SustainabilityBand[], v: { rate: number; deposit: number }): boolean {
  return centsInSustainabilityBands(bands, toCents(v.rate), v.deposit);
}

/** inSustainabilityBands for a rate already in cents (the search index holds rates so). */
export function centsInSustainabilityBands(bands: readonly SustainabilityBand[], cents: Cents, deposit: number): boolean {
  const positive = deposit > 0;
  return bands.some(
    (b) => b.depositPositive === positive && (b.rateAboveCents === null || cents > b.rateAboveCents) && (b.rateUpToCents === null || cents <= b.rateUpToCents),
  );
}

/**
 * The bands as flat [above, upTo] pairs in cents (exclusive, inclusive), per kind of deposit: the form
 * the search index checks 200,000 child offers against (inRegion is centsInSustainabilityBands on it).
 */
export type BandRegions = { zero: Float64Array; positive: Float64Array };

export function bandRegions(bands: readonly SustainabilityBand[]): BandRegions {
  const pairs = (positive: boolean) =>
    Float64Array.from(bands.filter((b) => b.depositPositive === positive).flatMap((b) => [b.rateAboveCents ?? -Infinity, b.rateUpToCents ?? Infinity]));
  return { zero: pairs(false), positive: pairs(true) };
}

/** centsInSustainabilityBands over bandRegions' pairs of one kind of deposit (`regions.positive` for a deposit above 0). */
export function inRegion(pairs: Float64Array, cents: number): boolean {
  for (let j = 0; j < pairs.length; j += 2) if (cents > pairs[j]! && cents <= pairs[j + 1]!) return true;
  return false;
}

/** Whether the bands keep every child offer (then no filter is needed, only the cards' index). */
export const keepsEverything = (bands: readonly SustainabilityBand[]): boolean =>
  [false, true].every((p) => bands.some((b) => b.depositPositive === p && b.rateAboveCents === null && b.rateUpToCents === null));
