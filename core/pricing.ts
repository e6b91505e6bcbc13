// Pricing rules shared by the app, the service worker and the server (docs/pricing.md explains
// each formula with an example). Rule of units: inputs are domain data as it arrives, in euros;
// every computed amount is returned in integer cents (core/money.ts). Convert with toEuros to show.
import { type Cents, addCents, divideCents, multiplyCents, roundHalfUp, toCents, toEuros } from './money';

/**
 * Monthly rates are shown VAT excluded ('IVA esclusa', as the spec and the screens say). The spec's
 * commission formula divides a rate change by a configuration-level tax factor, 1.22 by default (the
 * ordinary IVA rate): a rate change of 1.22 € a month earns the network 1 €. Configurable per call
 * (e.g. 1).
 */
export const TAX_FACTOR = 1.22;

/** Services on offers with this tag use their plain price; other offers evaluate price maps. */
export const CATALOGUE_TAG = 'Catalogo';

// ---------------------------------------------------------------------------------------------
// Child offers (variations)

export interface ChildOffer {
  ref?: string | number | null;
  id?: string | number | null;
  deposit: number;
  duration: number;
  /** km per year; 0 means unlimited. */
  distance: number;
  monthly_rate: number;
  web_monthly_rate?: number | null;
  bundle?: string | null;
  special_rate?: number | null;
  special_price?: number | null;
}

export interface ChildSelection {
  duration: number;
  deposit: number;
  distance: number;
  bundle?: string | null;
}

/** The child matching duration, deposit and distance (and bundle when relevant), else undefined. */
export function findChildOffer<T extends ChildOffer>(children: readonly T[], selection: ChildSelection): T | undefined {
  // Bundle narrows only when one is chosen and the offer has bundles at all: offers without
  // bundles must still match whatever bundle a previous offer left selected.
  const byBundle = !!selection.bundle && children.some((c) => !!c.bundle);
  return children.find(
    (c) =>
      c.duration === selection.duration && c.deposit === selection.deposit && c.distance === selection.distance && (!byBundle || c.bundle === selection.bundle),
  );
}

/** The child's monthly rate in euros; with special_rate > 0 the lower of rate and special_price. */
export function effectiveRate(child: Pick<ChildOffer, 'monthly_rate' | 'special_rate' | 'special_price'>): number {
  const special = child.special_price ?? 0;
  // A special price of 0 or less is a missing value, not a free car.
  if ((child.special_rate ?? 0) > 0 && special > 0) return Math.min(child.monthly_rate, special);
  return child.monthly_rate;
}

// ---------------------------------------------------------------------------------------------
// Extras and services

/**
 * Accessories and colours are paid once but billed monthly: their prices are spread over the
 * duration (180 € over 36 months adds 5 € a month). Prices are summed first and divided once, so
 * the total is off by at most half a cent. A price of 0 or less is standard equipment ('Di Serie').
 */
export function extrasMonthly(extrasPriceEuros: readonly number[], durationMonths: number): Cents {
  assertDuration(durationMonths);
  const total = addCents(...extrasPriceEuros.map((p) => toCents(Math.max(0, p))));
  return divideCents(total, durationMonths);
}

/** Operators of price-map conditions; anything else makes the condition false. */
export type PriceMapOperator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in';
export type PriceMapScalar = number | string;
export type PriceMapCondition = readonly [field: string, operator: PriceMapOperator, value: PriceMapScalar | readonly PriceMapScalar[]];

export interface PriceMapEntry {
  /** Monthly price in euros when the entry applies. */
  value: number;
  /** All must hold; an empty list always holds (a catch-all entry). */
  conditions: readonly PriceMapCondition[];
  /** Name of a field whose value multiplies `value`, e.g. 'quantity'. */
  multipliedBy?: string | null;
}

/**
 * Entries grouped by field name (as the catalogue editor groups them). The key is only a label:
 * groups are read in key order and entries in list order; the first entry that applies wins.
 */
export type PriceMap = Readonly<Record<string, readonly PriceMapEntry[]>>;

export interface Service {
  id?: string | number;
  price: number;
  included?: boolean | null;
  quantity?: number | null;
  min_quantity?: number | null;
  max_quantity?: number | null;
  has_price_map?: boolean | null;
  price_map?: PriceMap | null;
}

/** Field values price-map conditions read: the offer's (duration, distance, deposit, monthly_rate, ...). */
export type PricingFields = Readonly<Record<string, unknown>>;

export interface ServicePriceContext {
  tag?: string | null;
  offer?: PricingFields;
  /** Defaults to service.quantity, then 1. */
  quantity?: number | null;
}

/** Whole units within [min_quantity, max_quantity]; never below 0 (min wins over a smaller max). */
export function clampQuantity(service: Pick<Service, 'quantity' | 'min_quantity' | 'max_quantity'>, quantity?: number | null): number {
  const wanted = Math.round(quantity ?? service.quantity ?? 1);
  const min = Math.max(0, service.min_quantity ?? 0);
  const max = service.max_quantity ?? Number.POSITIVE_INFINITY;
  return Math.max(min, Math.min(wanted, max));
}

/**
 * Monthly price of one service in cents. Included services cost nothing (the rate already pays
 * for them). Catalogo offers, services without a price map, and price maps where nothing applies
 * use price x quantity; otherwise the first applying price-map entry decides.
 */
export function servicePrice(service: Service, context: ServicePriceContext = {}): Cents {
  if (service.included) return 0;
  const quantity = clampQuantity(service, context.quantity);
  const plain = multiplyCents(toCents(service.price), quantity);
  if (context.tag === CATALOGUE_TAG || service.has_price_map === false || !service.price_map) return plain;
  return evaluatePriceMap(service.price_map, { ...context.offer, quantity }) ?? plain;
}

/** A catalogue offer's choice of a service (account spec §5): price override and quantity. */
export interface ServiceOverride {
  id: string | number;
  /** Monthly euros, 0 to 1000; null keeps the product's price (and its price map). */
  price?: number | null;
  /** The default quantity; clamped to the service's min and max. */
  quantity?: number | null;
}

/**
 * The services an offer sells. Without choices: the product's services as they are. With choices
 * (a catalogue offer's "included services" section): only the chosen services, each with its price
 * override as a plain price (it replaces the price map too) and its quantity as the default.
 */
export function applyServiceOverrides<S extends Service & { id?: string | number }>(services: readonly S[], overrides: readonly ServiceOverride[]): S[] {
  if (overrides.length === 0) return [...services];
  return services.flatMap((s) => {
    const o = overrides.find((x) => String(x.id) === String(s.id));
    if (!o) return [];
    const priced = o.price != null ? { ...s, price: Math.max(0, o.price), has_price_map: false, price_map: null } : { ...s };
    return [o.quantity != null ? { ...priced, quantity: clampQuantity(s, o.quantity) } : priced];
  });
}

/** The first applying entry's price in cents, or undefined when none applies. */
export function evaluatePriceMap(priceMap: PriceMap, fields: PricingFields): Cents | undefined {
  for (const entries of Object.values(priceMap)) {
    for (const entry of entries) {
      if (!entry.conditions.every(([field, op, value]) => holds(field, fields[field], op, value))) continue;
      if (!entry.multipliedBy) return toCents(entry.value);
      const factor = asNumber(fields[entry.multipliedBy]);
      // A missing multiplier cannot price the entry: try the next one rather than charge 0.
      if (factor !== undefined) return multiplyCents(toCents(entry.value), factor);
    }
  }
  return undefined;
}

// Distance 0 means unlimited: for ordering it counts as more than any limit, so an entry for
// "distance <= 20000" does not hand unlimited-km offers the low-mileage price. '=' 0 still matches.
const UNLIMITED_WHEN_ZERO = new Set(['distance']);

function holds(field: string, actual: unknown, op: string, expected: unknown): boolean {
  if (actual === null || actual === undefined) return false;
  switch (op) {
    case '=':
      return same(actual, expected);
    case '!=':
      return !same(actual, expected);
    case 'in':
      return Array.isArray(expected) && expected.some((e) => same(actual, e));
  }
  let a = asNumber(actual);
  const b = asNumber(expected);
  if (a === undefined || b === undefined) return false;
  if (a === 0 && UNLIMITED_WHEN_ZERO.has(field)) a = Number.POSITIVE_INFINITY;
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return false;
  }
}

// Values from forms and JSON editors may be numeric strings: '36' equals 36.
function same(a: unknown, b: unknown): boolean {
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== undefined && y !== undefined) return x === y;
  return b !== null && b !== undefined && String(a) === String(b);
}

function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Monthly rate

export interface MonthlyRateInput {
  /** Euros, usually effectiveRate(child). */
  baseRate: number;
  durationMonths: number;
  accessories?: readonly { price: number }[];
  colors?: readonly { price: number }[];
  /** Selected services, each carrying its quantity. */
  services?: readonly Service[];
  tag?: string | null;
  /** Offer fields for price maps; duration and monthly_rate are taken from this input. */
  offer?: PricingFields;
}

export interface MonthlyRateBreakdown {
  base: Cents;
  /** Accessories and colours spread over the duration. */
  extras: Cents;
  services: Cents;
  total: Cents;
}

export function monthlyRate(input: MonthlyRateInput): MonthlyRateBreakdown {
  const { baseRate, durationMonths, tag } = input;
  const offer = { ...input.offer, duration: durationMonths, monthly_rate: baseRate };
  const base = toCents(baseRate);
  const extras = extrasMonthly(
    [...(input.accessories ?? []), ...(input.colors ?? [])].map((x) => x.price),
    durationMonths,
  );
  const services = addCents(...(input.services ?? []).map((s) => servicePrice(s, { tag, offer })));
  return { base, extras, services, total: addCents(base, extras, services) };
}

// ---------------------------------------------------------------------------------------------
// Commission (model and examples in docs/pricing.md)
//
// One straight line links the monthly rate R, the network's potential profit P and the agent's
// commission C, anchored at the configured rate R0 and the default commission C0:
//   P = P0 + (R - R0) * D / T          (D months, T tax factor: VAT is not profit)
//   C = C0 + (P - P0) * agentFee / 100 (the agent earns agentFee % of the profit)
// The flags only decide which stretch of the line the agent may reach.

export interface Fees {
  /** Percent of the profit that goes to the agent. */
  agentFee: number;
  /** Commission values in euros: the slider's floor, ceiling and starting point. */
  minFeeValue: number;
  maxFeeValue: number;
  defaultFeeValue: number;
  /** Euros of commission reachable above the slider's ceiling by raising the rate (needs has_over_commission). */
  overCommission?: number | null;
  originalPotentialProfit?: number | null;
  finalPotentialProfit?: number | null;
  finalMonthlyRate?: number | null;
  originalMonthlyRate: number;
  /** Carried for display and the proposal payload; not used by the maths. */
  extraCommissionToIdeal?: number | null;
  baseCommissionToIdeal?: number | null;
}

export interface CommissionFlags {
  /** Commission may rise above defaultFeeValue up to maxFeeValue (the rate rises with it). */
  has_extra_commission?: boolean | null;
  /** Commission may fall below defaultFeeValue down to minFeeValue (the rate falls with it). */
  has_under_commission?: boolean | null;
  /** The rate override may go above the rate at the slider's ceiling, by up to overCommission euros of commission. */
  has_over_commission?: boolean | null;
}

export interface CommissionContext {
  durationMonths: number;
  /** Defaults to TAX_FACTOR. */
  taxFactor?: number;
  /** Cents: the configured rate before any commission change (monthlyRate().total). Defaults to fees.originalMonthlyRate. */
  baseMonthlyRate?: Cents;
}

export interface Bounds {
  min: Cents;
  max: Cents;
}

/** The slider's range in cents; without flags it is pinned at the default commission. */
export function commissionBounds(fees: Fees, flags: CommissionFlags): Bounds & { default: Cents } {
  const def = toCents(fees.defaultFeeValue);
  return {
    min: flags.has_under_commission ? Math.min(toCents(fees.minFeeValue), def) : def,
    max: flags.has_extra_commission ? Math.max(toCents(fees.maxFeeValue), def) : def,
    default: def,
  };
}

/** The monthly-rate override's range in cents: the rates of the commission bounds, plus the over-commission room. */
export function rateBoundsForCommission(fees: Fees, flags: CommissionFlags, context: CommissionContext): Bounds {
  const line = commissionLine(fees, context);
  const { min, max } = reachableCommission(fees, flags);
  return { min: Math.max(0, line.rateFor(min)), max: line.rateFor(max) };
}

/** Euros. When both are given the rate override wins: a typed rate is the more precise request. */
export interface CommissionInput {
  commission?: number | null;
  overrideMonthlyRate?: number | null;
}

export interface CommissionResult {
  monthlyRate: Cents;
  /** Exact commission in cents (may exceed maxFeeValue by the over-commission). */
  commission: Cents;
  /** What the screen shows: whole euros, never below 0. */
  displayCommission: number;
  originalDisplayCommission: number;
  potentialProfit: Cents;
  /** The shown commission differs from the original: strike the original through. */
  changed: boolean;
}

/**
 * Applies a commission (slider, euros) or a monthly-rate override (euros), clamped to the bounds.
 * The commission keeps the value chosen on the slider; the rate is rounded to the cent, and the
 * profit always follows the rate (the spec's "rate change / tax factor over the duration").
 */
export function applyCommission(fees: Fees, flags: CommissionFlags, input: CommissionInput, context: CommissionContext): CommissionResult {
  const line = commissionLine(fees, context);
  let rate = line.r0;
  let commission = line.c0;
  if (input.overrideMonthlyRate != null) {
    rate = clamp(toCents(input.overrideMonthlyRate), rateBoundsForCommission(fees, flags, context));
    // Rounding the rate to the cent may overshoot a bound by a few cents of commission.
    commission = clamp(line.commissionFor(rate), reachableCommission(fees, flags));
  } else if (input.commission != null && line.canMove) {
    commission = clamp(toCents(input.commission), commissionBounds(fees, flags));
    rate = line.rateFor(commission);
  }
  const displayCommission = displayedCommission(toEuros(commission));
  const originalDisplayCommission = displayedCommission(fees.defaultFeeValue);
  return {
    monthlyRate: rate,
    commission,
    displayCommission,
    originalDisplayCommission,
    potentialProfit: line.profitFor(rate),
    changed: displayCommission !== originalDisplayCommission,
  };
}

/** Commission as shown: rounded to whole euros and never below 0. */
export function displayedCommission(euros: number): number {
  return Math.max(0, roundHalfUp(euros));
}

/** The fees object to save with a proposal, carrying the final rate and profit in euros. */
export function feesWithResult(fees: Fees, result: Pick<CommissionResult, 'monthlyRate' | 'potentialProfit'>): Fees {
  return { ...fees, finalMonthlyRate: toEuros(result.monthlyRate), finalPotentialProfit: toEuros(result.potentialProfit) };
}

// The slider's range widened by the over-commission room the rate override may reach.
function reachableCommission(fees: Fees, flags: CommissionFlags): Bounds {
  const { min, max } = commissionBounds(fees, flags);
  const over = flags.has_over_commission ? Math.max(0, toCents(fees.overCommission ?? 0)) : 0;
  return { min, max: max + over };
}

function commissionLine(fees: Fees, context: CommissionContext) {
  assertDuration(context.durationMonths);
  const taxFactor = context.taxFactor ?? TAX_FACTOR;
  if (!(taxFactor > 0)) throw new RangeError(`taxFactor must be above 0, got ${taxFactor}`);
  const r0 = context.baseMonthlyRate ?? toCents(fees.originalMonthlyRate);
  const c0 = toCents(fees.defaultFeeValue);
  const p0 = toCents(fees.originalPotentialProfit ?? 0);
  const share = fees.agentFee / 100;
  // Profit in cents earned by one cent more per month over the whole contract, net of VAT.
  const profitPerRateCent = context.durationMonths / taxFactor;
  // With no agent share a commission change cannot be paid by the rate: everything stays put.
  const canMove = share > 0;
  return {
    r0,
    c0,
    canMove,
    profitFor: (rate: Cents) => p0 + roundHalfUp((rate - r0) * profitPerRateCent),
    commissionFor: (rate: Cents) => c0 + roundHalfUp((rate - r0) * profitPerRateCent * share),
    rateFor: (commission: Cents) => (canMove ? r0 + roundHalfUp((commission - c0) / share / profitPerRateCent) : r0),
  };
}

function clamp(x: number, { min, max }: Bounds): number {
  return Math.min(Math.max(x, min), max);
}

function assertDuration(months: number): void {
  if (!(months > 0)) throw new RangeError(`durationMonths must be above 0, got ${months}`);
}
