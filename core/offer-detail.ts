// Rules of the offer detail and configurator (spec §2 "Offer detail and configurator",
// §4 "Offer detail", §5 "Configurator and commission"): pure, shared by the screen and the server,
// which recomputes every printed rate with them (docs/pricing.md).
import type { Cents } from './money';
import {
  applyCommission,
  type ChildOffer,
  type CommissionFlags,
  type CommissionResult,
  effectiveRate,
  type Fees,
  findChildOffer,
  monthlyRate,
  type MonthlyRateBreakdown,
  type Service,
  servicePrice,
} from './pricing';

/** Occupations of the print panel (its select); free text is not accepted. */
export const OCCUPATIONS = ['Dipendente', 'Libero professionista', 'Imprenditore', 'Pensionato', 'Studente', 'Altro'] as const;
export type Occupation = (typeof OCCUPATIONS)[number];

/** Colours are the options of this group (spec §3). */
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

/** A chosen service with its quantity and what it adds each month (its share of `rate.services`). */
export interface PricedService<S> {
  service: S;
  quantity: number;
  monthly: Cents;
}

export type Configured<C, S = Service & { id: number | string }> =
  | { ok: true; child: C; rate: MonthlyRateBreakdown; services: PricedService<S>[] }
  /** `unknown` lists codes the offer does not have: the caller answers 422. */
  | { ok: false; reason: 'no-match' }
  | { ok: false; reason: 'unknown'; accessories: string[]; colors: string[]; services: string[] };

/**
 * The child offer the selection points at, and the configured monthly rate: the child's effective
 * rate plus accessories and colour spread over the duration plus the chosen services, monthly.
 */
export function configure<C extends ChildOffer, S extends Service & { id: number | string }>(
  offer: ConfigurableOffer<C> & { services: readonly S[] },
  sel: Selection,
): Configured<C, S> {
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
  const chosen = (services as S[]).map((s) => ({ ...s, quantity: sel.services[String(s.id)] ?? s.quantity }));
  const baseRate = effectiveRate(child);
  const fields = { deposit: child.deposit, distance: child.distance, bundle: child.bundle ?? null };
  const rate = monthlyRate({
    baseRate,
    durationMonths: child.duration,
    accessories: accessories as PricedOption[],
    colors: colors as PricedOption[],
    services: chosen,
    tag: offer.tag,
    offer: fields,
  });
  // Each service's own share, priced exactly as monthlyRate prices it (so the lines add up to rate.services).
  const context = { tag: offer.tag, offer: { ...fields, duration: child.duration, monthly_rate: baseRate } };
  return {
    ok: true,
    child,
    rate,
    services: chosen.map((s, i) => ({ service: (services as S[])[i]!, quantity: s.quantity ?? 1, monthly: servicePrice(s, context) })),
  };
}

/** What the agent asked for on top of the configuration: a commission (slider) or a monthly rate, euros. */
export interface AskedRate {
  commission?: number | null;
  monthlyRate?: number | null;
}

export type PricedQuote<C, S> = Extract<Configured<C, S>, { ok: true }> & {
  /** The final monthly rate, cents: the configured one moved by the commission change, if any. */
  monthlyRate: Cents;
  /** Null without fees (the agent earns nothing on this offer). */
  commission: CommissionResult | null;
};

/**
 * The one price of a quotation (docs/pricing.md): the configured rate (child, extras, services)
 * moved along the commission line by what the agent asked, within the flags' bounds. The offer
 * detail shows it, the wizard shows it, and the server recomputes it to save it; a `monthlyRate`
 * that the bounds move is not the rate the agent will get (the server refuses it).
 */
export function priceQuote<C extends ChildOffer, S extends Service & { id: number | string }>(
  offer: ConfigurableOffer<C> & { services: readonly S[]; fees: Fees | null; flags: CommissionFlags },
  sel: Selection,
  asked: AskedRate = {},
): PricedQuote<C, S> | Exclude<Configured<C, S>, { ok: true }> {
  const configured = configure(offer, sel);
  if (!configured.ok) return configured;
  const commission = offer.fees
    ? applyCommission(
        offer.fees,
        offer.flags,
        { commission: asked.commission ?? null, overrideMonthlyRate: asked.monthlyRate ?? null },
        { durationMonths: configured.child.duration, baseMonthlyRate: configured.rate.total },
      )
    : null;
  return { ...configured, monthlyRate: commission?.monthlyRate ?? configured.rate.total, commission };
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
export function nearestChild<C extends ChildOffer>(
  children: readonly C[],
  sel: Pick<Selection, 'duration' | 'deposit' | 'distance' | 'bundle'>,
  changed: 'duration' | 'deposit' | 'distance',
): C | undefined {
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

/**
 * The agent's fees on an offer. `showMargin: false` (a sub-agent: docs/adr/0052-network-margins-sub-agents-see-their-own.md)
 * leaves the offer's margin out: it is the network's, and what the agent does not earn of it is the leader's.
 */
export function offerFees(potentialProfit: number, monthlyRateEuros: number, agent: AgentFeeSettings, opts: { showMargin?: boolean } = {}): Required<Fees> {
  const margin = opts.showMargin === false ? null : potentialProfit;
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
    originalPotentialProfit: margin,
    finalPotentialProfit: margin,
    finalMonthlyRate: monthlyRateEuros,
    originalMonthlyRate: monthlyRateEuros,
    extraCommissionToIdeal: max - def,
    baseCommissionToIdeal: def,
  };
}

// ---------------------------------------------------------------------------------------------
// The detail's address (spec §2): duration, deposit, distance, bundle, accessories and
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
 * The configuration a quotation is made of, as the detail hands it to the wizard (the address of
 * /quotation/, so a reload or a shared link keeps it) and the wizard hands it to the server:
 * `offer` (child ref), the detail's selection, chosen services with quantities (`services=12:2,14:1`)
 * and the final monthly rate the agent saw (`rate`, euros, after a commission change).
 */
export interface QuoteConfig extends DetailUrlState {
  offer: string;
  services: Record<string, number>;
  rate?: number;
}

const servicesText = (services: Readonly<Record<string, number>>) =>
  Object.entries(services)
    .map(([id, q]) => `${id}:${q}`)
    .join(',');

export function readServices(raw: string | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of list(raw ?? '').slice(0, 60)) {
    const [id, q] = part.split(':');
    const quantity = q === undefined ? NaN : Number(q);
    if (id && /^[\w-]{1,40}$/.test(id) && Number.isInteger(quantity) && quantity >= 0 && quantity <= 99) out[id] = quantity;
  }
  return out;
}

export function writeQuoteConfig(c: QuoteConfig): string {
  const p = new URLSearchParams(writeDetailUrl(c));
  const out = new URLSearchParams({ offer: c.offer });
  for (const [k, v] of p) out.set(k, v);
  if (Object.keys(c.services).length) out.set('services', servicesText(c.services));
  if (c.rate !== undefined) out.set('rate', String(c.rate));
  return out.toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
}

export function readQuoteConfig(query: string | URLSearchParams): QuoteConfig | null {
  const p = typeof query === 'string' ? new URLSearchParams(query) : query;
  const offer = p.get('offer')?.trim();
  if (!offer || offer.length > 80) return null;
  const rate = p.get('rate');
  const n = rate === null || rate.trim() === '' ? NaN : Number(rate);
  return { ...readDetailUrl(p), offer, services: readServices(p.get('services')), ...(Number.isFinite(n) && n >= 0 ? { rate: n } : {}) };
}

/** The preview's query (GET quotations/offer/{ref}) for a configuration. */
export function previewQuery(c: Pick<QuoteConfig, 'accessories' | 'colors' | 'services' | 'rate'>): Record<string, string> {
  return {
    ...(c.accessories.length ? { accessories: c.accessories.join(',') } : {}),
    ...(c.colors.length ? { colors: c.colors.join(',') } : {}),
    ...(Object.keys(c.services).length ? { services: servicesText(c.services) } : {}),
    ...(c.rate !== undefined ? { rate: String(c.rate) } : {}),
  };
}

/**
 * What the detail stores as localStorage 'lastConfiguredOffer' (spec §2): the wizard
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
