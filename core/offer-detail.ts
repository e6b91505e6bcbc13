// Rules of the offer detail and configurator (sales-portal.md §2 "Offer detail and configurator",
// §4 "Offer detail", §5 "Configurator and commission"): pure, shared by the screen and the server,
// which recomputes every printed rate with them (docs/pricing.md).
import { type ChildOffer, effectiveRate, type Fees, findChildOffer, monthlyRate, type MonthlyRateBreakdown, type Service } from './pricing';

/** Occupations of the print panel (its select); free text is not accepted. */
export const OCCUPATIONS = ['Dipendente', 'Libero professionista', 'Imprenditore', 'Pensionato', 'Studente', 'Altro'] as const;
export type Occupation = (typeof OCCUPATIONS)[number];

/** Colours are the options of this group (sales-portal.md §3). */
export const PAINT_GROUP = 'Vernici';

/** The spec's debounce timings (§9), in ms. */
export const DEBOUNCE = { affordability: 200, finalRate: 100, preselect: 100, override: 200 } as const;

export interface Selection {
  duration: number;
  deposit: number;
  distance: number;
  bundle?: string | null;
  accessories: readonly string[];
  /** At most one: paint choice is single. */
  colors: readonly string[];
  /** Additional services chosen: service id -> quantity. */
  services: Readonly<Record<string, number>>;
}

export interface PricedOption {
  code: string;
  price: number;
}

export interface ConfigurableOffer<C extends ChildOffer = ChildOffer> {
  tag: string | null;
  children: readonly C[];
  accessories: readonly PricedOption[];
  colors: readonly PricedOption[];
  services: readonly (Service & { id: number | string })[];
}

export type Configured<C> =
  | { ok: true; child: C; rate: MonthlyRateBreakdown }
  /** `unknown` lists codes the offer does not have: the caller answers 422. */
  | { ok: false; reason: 'no-match' }
  | { ok: false; reason: 'unknown'; accessories: string[]; colors: string[]; services: string[] };

/**
 * The child offer the selection points at, and the configured monthly rate: the child's effective
 * rate plus accessories and colour spread over the duration plus the chosen services, monthly.
 */
export function configure<C extends ChildOffer>(offer: ConfigurableOffer<C>, sel: Selection): Configured<C> {
  const accessories = sel.accessories.map((code) => offer.accessories.find((a) => a.code === code));
  const colors = sel.colors.map((code) => offer.colors.find((c) => c.code === code));
  const serviceIds = Object.keys(sel.services);
  const services = serviceIds.map((id) => offer.services.find((s) => String(s.id) === id && !s.included));
  const unknownA = sel.accessories.filter((_, i) => !accessories[i]);
  const unknownC = sel.colors.filter((_, i) => !colors[i]);
  const unknownS = serviceIds.filter((_, i) => !services[i]);
  if (unknownA.length || unknownC.length || unknownS.length || sel.colors.length > 1) {
    return { ok: false, reason: 'unknown', accessories: unknownA, colors: sel.colors.length > 1 ? [...sel.colors] : unknownC, services: unknownS };
  }
  const child = findChildOffer(offer.children, sel);
  if (!child) return { ok: false, reason: 'no-match' };
  const rate = monthlyRate({
    baseRate: effectiveRate(child),
    durationMonths: child.duration,
    accessories: accessories as PricedOption[],
    colors: colors as PricedOption[],
    services: (services as Service[]).map((s) => ({ ...s, quantity: sel.services[String(s.id)] ?? s.quantity })),
    tag: offer.tag,
    offer: { deposit: child.deposit, distance: child.distance, bundle: child.bundle ?? null },
  });
  return { ok: true, child, rate };
}

/** Distinct values of one child field, sorted: the choices of the duration, deposit and km selects. */
export function childChoices<C extends ChildOffer>(children: readonly C[], field: 'duration' | 'deposit' | 'distance'): number[] {
  // Unlimited (0) sorts last among distances: it is the most, not the least.
  const key = (n: number) => (field === 'distance' && n === 0 ? Number.POSITIVE_INFINITY : n);
  return [...new Set(children.map((c) => c[field]))].sort((a, b) => key(a) - key(b));
}

/**
 * Picking one value may leave no child matching the other two: keep the changed value and take the
 * closest child that has it (cheapest among equals), so the selects never strand the agent.
 */
export function nearestChild<C extends ChildOffer>(children: readonly C[], sel: Pick<Selection, 'duration' | 'deposit' | 'distance' | 'bundle'>, changed: 'duration' | 'deposit' | 'distance'): C | undefined {
  const exact = findChildOffer(children, sel);
  if (exact) return exact;
  const candidates = children.filter((c) => c[changed] === sel[changed]);
  const score = (c: C) => (c.duration === sel.duration ? 0 : 1) + (c.deposit === sel.deposit ? 0 : 1) + (c.distance === sel.distance ? 0 : 1);
  return [...candidates].sort((a, b) => score(a) - score(b) || effectiveRate(a) - effectiveRate(b))[0];
}

// ---------------------------------------------------------------------------------------------
// Fees: the catalogue keeps the network's potential profit per offer; the agent's share comes from
// their fee settings (profile). Percentages earn agentFee % of the profit and move with the rate;
// a fixed fee is a flat amount that no rate change moves.

export interface AgentFeeSettings {
  feeType: string;
  /** Percent for percentage types, euros for FIXED_VALUE. */
  feeValue: number;
}

/** The slider reaches from half to one and a half of the default commission; the rate may add a quarter more. */
export const FEE_RANGE = { min: 0.5, max: 1.5, over: 0.25 } as const;

export function offerFees(potentialProfit: number, monthlyRateEuros: number, agent: AgentFeeSettings): Required<Fees> {
  const fixed = agent.feeType === 'FIXED_VALUE';
  const agentFee = fixed ? 0 : Math.max(0, Math.min(100, agent.feeValue));
  const def = Math.round(fixed ? agent.feeValue : (potentialProfit * agentFee) / 100);
  const max = Math.round(def * FEE_RANGE.max);
  return {
    agentFee,
    minFeeValue: Math.round(def * FEE_RANGE.min),
    maxFeeValue: max,
    defaultFeeValue: def,
    overCommission: Math.round(def * FEE_RANGE.over),
    originalPotentialProfit: potentialProfit,
    finalPotentialProfit: potentialProfit,
    finalMonthlyRate: monthlyRateEuros,
    originalMonthlyRate: monthlyRateEuros,
    extraCommissionToIdeal: max - def,
    baseCommissionToIdeal: def,
  };
}

// ---------------------------------------------------------------------------------------------
// The detail's address (sales-portal.md §2): duration, deposit, distance, bundle, accessories and
// colors (comma lists). Read leniently: a bad value is dropped, never breaks the screen.

export interface DetailUrlState {
  duration?: number;
  deposit?: number;
  distance?: number;
  bundle?: string;
  accessories: string[];
  colors: string[];
}

const list = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s.length <= 64);
const whole = (raw: string | null) => {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 10_000_000 ? n : undefined;
};

export function readDetailUrl(query: string | URLSearchParams): DetailUrlState {
  const p = typeof query === 'string' ? new URLSearchParams(query) : query;
  const state: DetailUrlState = { accessories: [...new Set(list(p.get('accessories')))], colors: list(p.get('colors')).slice(0, 1) };
  const duration = whole(p.get('duration'));
  const deposit = whole(p.get('deposit'));
  const distance = whole(p.get('distance'));
  if (duration !== undefined) state.duration = duration;
  if (deposit !== undefined) state.deposit = deposit;
  if (distance !== undefined) state.distance = distance;
  const bundle = p.get('bundle')?.trim();
  if (bundle) state.bundle = bundle;
  return state;
}

export function writeDetailUrl(state: DetailUrlState): string {
  const p = new URLSearchParams();
  if (state.duration !== undefined) p.set('duration', String(state.duration));
  if (state.deposit !== undefined) p.set('deposit', String(state.deposit));
  if (state.distance !== undefined) p.set('distance', String(state.distance));
  if (state.bundle) p.set('bundle', state.bundle);
  if (state.accessories.length) p.set('accessories', state.accessories.join(','));
  if (state.colors.length) p.set('colors', state.colors.join(','));
  return p.toString().replace(/%2C/g, ',');
}

/**
 * What the detail stores as localStorage 'lastConfiguredOffer' (sales-portal.md §2): the wizard
 * and the credit check read it. Prices in euros.
 */
export interface LastConfiguredOffer {
  /** Child offer ref. */
  offer: string;
  /** Offer code. */
  code: string;
  /** Final monthly rate, euros (after a commission change). */
  price: number;
  accessories: PricedOption[];
  selectedAccessories: string[];
  colors: PricedOption[];
  selectedColors: string[];
  /** service id -> quantity. */
  selectedServices: Record<string, number>;
  equippedOptionals: string;
  fees: Fees | null;
  duration: number;
  deposit: number;
  distance: number;
  bundle: string | null;
}

export const LAST_CONFIGURED_OFFER_KEY = 'lastConfiguredOffer';
