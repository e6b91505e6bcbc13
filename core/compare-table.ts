// The compare page's table (docs/adr/0143-compare-offers.md): one column per compared configuration, priced
// with the detail's own rule (core/offer-detail.ts priceQuote, so a column shows the rate the detail and
// the quotation show), and the best value of each row. The screen and the server's PDF draw the same
// rows, labels and figures from here.
import { formatDistance, formatEuro, formatMonthly, formatMonths, formatPrice } from './format';
import { type Cents, addCents, multiplyCents, toCents, toEuros } from './money';
import { priceQuote, type PricedOption } from './offer-detail';
import { type CheckLimits, offerSustainability } from './offer-sustainability';
import type { ChildOffer, CommissionFlags, Fees, Service } from './pricing';
import type { Chance } from './prescoring/schemas';
import { type CompareItem, compareItemKey } from './compare';

/** What a column is made of: the offer as `GET offers/{id}` answers it (or the device's reduced copy of it). */
export interface CompareSource extends CommissionFlags {
  code: string;
  brand: string;
  model: string;
  version: string;
  image: string;
  tag: string | null;
  broker: { name: string };
  product: { name: string };
  delivery_time_label: string;
  /** Upper bound of the delivery time in days, for 'shortest'; absent from answers cached before it existed. */
  delivery_days?: number | null | undefined;
  fastDelivery: boolean;
  stockAvailabilityLabel: string;
  child: { data: readonly (ChildOffer & { ref: string })[] };
  optionalAccessories: readonly (PricedOption & { description: string })[];
  colors: readonly (PricedOption & { description: string })[];
  services: readonly (Service & { id: number | string; name: string })[];
  /** Only for users with fees-visibility (the server leaves it out otherwise). */
  fees?: Fees | undefined;
  /** The device's copy (offline): no options, colours, services or fees. */
  fromDevice?: boolean;
}

export interface CompareContext {
  /** A completed credit check's limits; null without one (no sustainability row). */
  check: CheckLimits | null;
  /** fees-visibility: the agent's commission is shown. */
  showFees: boolean;
}

export interface CompareColumn {
  key: string;
  item: CompareItem;
  code: string;
  /** The child offer the terms point at. */
  ref: string;
  title: string;
  version: string;
  image: string;
  broker: string;
  product: string;
  bundle: string | null;
  /** The final monthly rate, IVA esclusa. */
  monthlyRate: Cents;
  deposit: number;
  duration: number;
  distance: number;
  /** Deposit plus every monthly rate: what the contract costs, whatever its length. */
  totalCost: Cents;
  /** Names; null when unknown (the device's copy has no services). */
  includedServices: string[] | null;
  addedServices: { name: string; quantity: number; monthly: Cents }[];
  accessories: { description: string; price: number }[];
  color: { description: string; price: number } | null;
  deliveryLabel: string;
  deliveryDays: number | null;
  fastDelivery: boolean;
  stockLabel: string;
  sustainability: { index: Chance; message: string } | null;
  /** Whole euros as the detail shows it; null without fees-visibility or fees. */
  commission: number | null;
  /**
   * Priced from the device's copy without what it lacks (options, colours, services, the commission's
   * rate): the rate is not the detail's, and the column takes no part in the rate's best.
   */
  partial: boolean;
}

export type ColumnResult =
  | { ok: true; column: CompareColumn }
  /** The offer no longer has a child offer with these terms. */
  | { ok: false; reason: 'no-match' }
  /** Codes the offer does not have (or two colours): the server answers 422. */
  | { ok: false; reason: 'unknown'; accessories: string[]; colors: string[]; services: string[] };

/** One column: the item's configuration of the offer, priced as the detail prices it. */
export function compareColumn(source: CompareSource, item: CompareItem, ctx: CompareContext): ColumnResult {
  const fees = ctx.showFees ? (source.fees ?? null) : null;
  const flags = {
    has_extra_commission: source.has_extra_commission,
    has_under_commission: source.has_under_commission,
    has_over_commission: source.has_over_commission,
  };
  const offer = {
    tag: source.tag,
    children: source.child.data,
    accessories: source.optionalAccessories,
    colors: source.colors,
    services: source.services,
    fees,
    flags,
  };
  const terms = { duration: item.duration, deposit: item.deposit, distance: item.distance, bundle: item.bundle };
  const asked = { monthlyRate: item.rate ?? null };
  let priced = priceQuote(offer, { ...terms, accessories: item.accessories, colors: item.colors, services: item.services }, asked);
  let partial = false;
  if (!priced.ok && priced.reason === 'unknown' && source.fromDevice) {
    // The device's copy holds no options, colours or services: the terms alone, said so.
    priced = priceQuote(offer, { ...terms, accessories: [], colors: [], services: {} }, asked);
    partial = true;
  }
  if (!priced.ok) return priced;
  // The commission's rate needs the fees, which the device's copy does not hold.
  if (item.rate !== undefined && ctx.showFees && !fees) partial = true;
  const { child } = priced;
  const monthlyRate = priced.monthlyRate;
  const color = source.colors.find((c) => item.colors.includes(c.code));
  return {
    ok: true,
    column: {
      key: compareItemKey(item),
      item,
      code: source.code,
      ref: child.ref,
      title: `${source.brand} ${source.model}`,
      version: source.version,
      image: source.image,
      broker: source.broker.name,
      product: source.product.name,
      bundle: child.bundle ?? null,
      monthlyRate,
      deposit: child.deposit,
      duration: child.duration,
      distance: child.distance,
      totalCost: addCents(toCents(child.deposit), multiplyCents(monthlyRate, child.duration)),
      includedServices: source.fromDevice ? null : source.services.filter((s) => s.included).map((s) => s.name),
      addedServices: priced.services.map((s) => ({ name: s.service.name, quantity: s.quantity, monthly: s.monthly })),
      accessories: partial
        ? []
        : source.optionalAccessories.filter((a) => item.accessories.includes(a.code)).map(({ description, price }) => ({ description, price })),
      color: !partial && color ? { description: color.description, price: color.price } : null,
      deliveryLabel: source.delivery_time_label,
      deliveryDays: source.delivery_days ?? null,
      fastDelivery: source.fastDelivery,
      stockLabel: source.stockAvailabilityLabel,
      sustainability: ctx.check ? offerSustainability(ctx.check, { rate: toEuros(monthlyRate), deposit: child.deposit }) : null,
      commission: priced.commission && fees ? priced.commission.displayCommission : null,
      partial,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The rows and their best value

export type CompareRowId =
  | 'lessor'
  | 'rate'
  | 'deposit'
  | 'duration'
  | 'distance'
  | 'totalCost'
  | 'includedServices'
  | 'addedServices'
  | 'extras'
  | 'delivery'
  | 'stock'
  | 'sustainability'
  | 'commission';

/**
 * Which value of a row is best, and how it is read: the lowest rate, deposit and total cost, the most km
 * (unlimited most of all), the most services included, the shortest delivery, the highest sustainability
 * and commission. Duration, the services and options chosen, the lessor and the stock are choices, not
 * values: no best. A value not known (null) takes no part. The total cost has a best only between
 * contracts of one duration: a shorter contract costs less in all and gives less.
 */
export const BEST_RULES: Partial<
  Record<CompareRowId, { better: 'lower' | 'higher'; value: (c: CompareColumn) => number | null; comparable?: (columns: readonly CompareColumn[]) => boolean }>
> = {
  rate: { better: 'lower', value: (c) => (c.partial ? null : c.monthlyRate) },
  deposit: { better: 'lower', value: (c) => c.deposit },
  distance: { better: 'higher', value: (c) => (c.distance === 0 ? Number.POSITIVE_INFINITY : c.distance) },
  totalCost: {
    better: 'lower',
    value: (c) => (c.partial ? null : c.totalCost),
    comparable: (columns) => columns.every((c) => c.duration === columns[0]?.duration),
  },
  includedServices: { better: 'higher', value: (c) => c.includedServices?.length ?? null },
  delivery: { better: 'lower', value: (c) => c.deliveryDays },
  sustainability: { better: 'higher', value: (c) => c.sustainability?.index ?? null },
  commission: { better: 'higher', value: (c) => (c.partial ? null : c.commission) },
};

/**
 * The cells holding a row's best value: every one equal to it (a tie marks each). Nothing is marked when
 * fewer than two values are known or all known values are equal: no column stands out.
 */
export function bestCells(values: readonly (number | null)[], better: 'lower' | 'higher'): boolean[] {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2 || known.every((v) => v === known[0])) return values.map(() => false);
  const best = better === 'lower' ? Math.min(...known) : Math.max(...known);
  return values.map((v) => v !== null && v === best);
}

export interface CompareRow {
  id: CompareRowId;
  label: string;
  /** One list of lines per column. */
  cells: string[][];
  best: boolean[];
}

export const COMPARE_TEXTS = {
  none: 'Nessuno',
  noDeposit: 'Nessun anticipo',
  unknownOffline: 'Non disponibili offline',
  partial: 'Senza optional e servizi scelti (dati del dispositivo)',
  fastDelivery: 'Consegna rapida',
  best: 'Migliore',
  levels: { 2: 'Alta', 1: 'Media', 0: 'Bassa' } as Record<number, string>,
} as const;

const LABELS: Record<CompareRowId, string> = {
  lessor: 'Società di noleggio',
  rate: 'Canone mensile (IVA esclusa)',
  deposit: 'Anticipo',
  duration: 'Durata',
  distance: 'Km annui',
  totalCost: 'Costo totale (anticipo e canoni)',
  includedServices: 'Servizi inclusi',
  addedServices: 'Servizi aggiuntivi',
  extras: 'Optional e colore',
  delivery: 'Consegna',
  stock: 'Disponibilità',
  sustainability: 'Sostenibilità (credit check)',
  commission: 'Provvigione',
};

const t = COMPARE_TEXTS;
const orNone = (lines: string[]) => (lines.length ? lines : [t.none]);

const CELLS: Record<CompareRowId, (c: CompareColumn) => string[]> = {
  lessor: (c) => [c.broker, c.product, ...(c.bundle ? [`Pacchetto ${c.bundle}`] : [])],
  rate: (c) => [formatMonthly(toEuros(c.monthlyRate)), ...(c.partial ? [t.partial] : [])],
  deposit: (c) => [c.deposit > 0 ? formatEuro(c.deposit, { decimals: 0 }) : t.noDeposit],
  duration: (c) => [formatMonths(c.duration)],
  distance: (c) => [formatDistance(c.distance)],
  totalCost: (c) => [formatEuro(toEuros(c.totalCost))],
  includedServices: (c) => (c.includedServices === null ? [t.unknownOffline] : orNone(c.includedServices)),
  addedServices: (c) => orNone(c.addedServices.map((s) => `${s.name}${s.quantity > 1 ? ` (x${s.quantity})` : ''}: ${formatMonthly(toEuros(s.monthly))}`)),
  extras: (c) =>
    orNone([
      ...c.accessories.map((a) => `${a.description} (${formatPrice(a.price)})`),
      ...(c.color ? [`Colore ${c.color.description} (${formatPrice(c.color.price)})`] : []),
    ]),
  delivery: (c) => [c.deliveryLabel, ...(c.fastDelivery ? [t.fastDelivery] : [])],
  stock: (c) => [c.stockLabel],
  sustainability: (c) => [c.sustainability ? `Livello ${c.sustainability.index} · ${t.levels[c.sustainability.index] ?? ''}` : '—'],
  commission: (c) => [c.commission === null ? '—' : formatEuro(c.commission, { decimals: 0 })],
};

/**
 * The table of the columns, row by row: sustainability only with a credit check, commission only for
 * users with fees-visibility.
 */
export function compareTable(columns: readonly CompareColumn[], ctx: { sustainability: boolean; commission: boolean }): CompareRow[] {
  const ids = (Object.keys(LABELS) as CompareRowId[]).filter(
    (id) => (id !== 'sustainability' || ctx.sustainability) && (id !== 'commission' || ctx.commission),
  );
  return ids.map((id) => {
    const rule = BEST_RULES[id];
    return {
      id,
      label: LABELS[id],
      cells: columns.map(CELLS[id]),
      best: rule && (rule.comparable?.(columns) ?? true) ? bestCells(columns.map(rule.value), rule.better) : columns.map(() => false),
    };
  });
}
