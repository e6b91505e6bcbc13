// The offers an agent compares (docs/adr/0143-compare-offers.md): up to four items, each an offer and a
// configuration of it, kept on the device and carried by the compare page's address (a link another
// agent can open). Pure and small: the offer cards' 'Confronta' toggle loads it on the first screen.
// The columns and their best values are core/compare-table.ts.

/** At most this many offers or configurations side by side (a phone shows two, a desktop four). */
export const COMPARE_LIMIT = 4;

/** One compared configuration: an offer (its code) and what the detail's configurator holds. */
export interface CompareItem {
  /** The offer's code (the cards' and the detail's address), not a child ref: the terms pick the child. */
  code: string;
  duration: number;
  deposit: number;
  /** km per year; 0 is unlimited. */
  distance: number;
  bundle: string | null;
  accessories: string[];
  /** At most one: paint choice is single. */
  colors: string[];
  /** Additional services: service id -> quantity. */
  services: Record<string, number>;
  /** The monthly rate (euros) the agent set with the commission on the detail; absent: the configured rate. */
  rate?: number;
}

export type CompareChange = { ok: true; items: CompareItem[] } | { ok: false; reason: 'full' | 'present' };

const CODE = /^[A-Za-z0-9_.-]{1,80}$/;
// Option codes and bundles are free text in the catalogue: anything but the address's separators.
const TEXT = /^[^~,]{1,64}$/;
const whole = (n: unknown, max: number): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= max;

/** Whether an item can be kept and written into an address (what readCompareItem would read back). */
export function isCompareItem(item: CompareItem): boolean {
  return (
    CODE.test(item.code) &&
    whole(item.duration, 120) &&
    whole(item.deposit, 1_000_000) &&
    whole(item.distance, 1_000_000) &&
    (item.bundle === null || TEXT.test(item.bundle.trim())) &&
    item.accessories.length <= 60 &&
    item.accessories.every((a) => TEXT.test(a)) &&
    item.colors.length <= 1 &&
    item.colors.every((c) => TEXT.test(c)) &&
    Object.entries(item.services).every(([id, q]) => /^[\w-]{1,40}$/.test(id) && whole(q, 99)) &&
    (item.rate === undefined || (Number.isFinite(item.rate) && item.rate >= 0 && item.rate <= 100_000))
  );
}

/**
 * The item as one address value: `OF000123~36~0~15000`, then what is chosen on top, each part named:
 * `~b=Full Service~a=A1,A2~c=VER-ROSSO~s=12:1,14:2~r=349.9`. Lists are sorted, so one configuration
 * always reads the same (its key, too).
 */
export function writeCompareItem(item: CompareItem): string {
  const parts = [item.code, String(item.duration), String(item.deposit), String(item.distance)];
  if (item.bundle?.trim()) parts.push(`b=${item.bundle.trim()}`);
  if (item.accessories.length) parts.push(`a=${[...new Set(item.accessories)].sort().join(',')}`);
  if (item.colors.length) parts.push(`c=${item.colors.join(',')}`);
  const services = Object.keys(item.services).sort();
  if (services.length) parts.push(`s=${services.map((id) => `${id}:${item.services[id]}`).join(',')}`);
  if (item.rate !== undefined) parts.push(`r=${item.rate}`);
  return parts.join('~');
}

/** An address value back into an item; null when it is not one (a pasted link is read leniently, part by part). */
export function readCompareItem(text: string): CompareItem | null {
  const [code, duration, deposit, distance, ...rest] = text.trim().split('~');
  const numbers = [duration, deposit, distance].map((s) => (s === undefined || s.trim() === '' ? NaN : Number(s)));
  const item: CompareItem = {
    code: code ?? '',
    duration: numbers[0]!,
    deposit: numbers[1]!,
    distance: numbers[2]!,
    bundle: null,
    accessories: [],
    colors: [],
    services: {},
  };
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq < 1) return null;
    const name = part.slice(0, eq);
    const value = part.slice(eq + 1).trim();
    const list = [
      ...new Set(
        value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (name === 'b') item.bundle = value || null;
    else if (name === 'a') item.accessories = list.sort();
    else if (name === 'c') item.colors = list;
    // `id:quantity` pairs; one that is not makes the item unreadable (isCompareItem below).
    else if (name === 's') item.services = Object.fromEntries(list.map((pair) => [pair.split(':')[0] ?? '', Number(pair.split(':')[1] ?? NaN)]));
    else if (name === 'r') item.rate = value === '' ? NaN : Number(value);
    else return null;
  }
  return isCompareItem(item) ? item : null;
}

/** The item of an offer's terms, with what is chosen on top (none by default: the card's rate). */
export function compareItemOf(
  code: string,
  terms: { duration: number; deposit: number; distance: number; bundle?: string | null },
  chosen: Partial<Pick<CompareItem, 'accessories' | 'colors' | 'services' | 'rate'>> = {},
): CompareItem {
  const item: CompareItem = {
    code,
    duration: terms.duration,
    deposit: terms.deposit,
    distance: terms.distance,
    bundle: terms.bundle?.trim() || null,
    accessories: [...new Set(chosen.accessories ?? [])].sort(),
    colors: [...(chosen.colors ?? [])],
    services: { ...chosen.services },
  };
  if (chosen.rate !== undefined) item.rate = chosen.rate;
  return item;
}

/** Two items are the same when they read the same. */
export const compareItemKey = (item: CompareItem): string => writeCompareItem(item);

/** Adds a configuration (the detail's 'Aggiungi al confronto'): refused when it is there already or the list is full. */
export function addCompareItem(items: readonly CompareItem[], item: CompareItem): CompareChange {
  const key = compareItemKey(item);
  if (items.some((x) => compareItemKey(x) === key)) return { ok: false, reason: 'present' };
  if (items.length >= COMPARE_LIMIT) return { ok: false, reason: 'full' };
  return { ok: true, items: [...items, item] };
}

export function removeCompareItem(items: readonly CompareItem[], key: string): CompareItem[] {
  return items.filter((x) => compareItemKey(x) !== key);
}

/** Whether the offer is compared, in any configuration (the card's toggle is on). */
export const comparesOffer = (items: readonly CompareItem[], code: string): boolean => items.some((x) => x.code === code);

/**
 * The card's toggle: on, it adds the card's own terms (the rate the card shows); off, it takes the offer
 * out in every configuration, since the card stands for the offer.
 */
export function toggleCompareOffer(items: readonly CompareItem[], item: CompareItem): CompareChange {
  if (comparesOffer(items, item.code)) return { ok: true, items: items.filter((x) => x.code !== item.code) };
  return addCompareItem(items, item);
}

/** A stored value as an item, when it has an item's shape and values (storage is read without zod, on the first screen). */
function asCompareItem(v: unknown): CompareItem | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  const services = typeof o.services === 'object' && o.services !== null && !Array.isArray(o.services);
  if (typeof o.code !== 'string' || !strings(o.accessories) || !strings(o.colors) || !services) return null;
  if (!(o.bundle === null || typeof o.bundle === 'string') || !(o.rate === undefined || typeof o.rate === 'number')) return null;
  const item = { ...o } as unknown as CompareItem;
  return isCompareItem(item) ? item : null;
}

/** Items read from anywhere (storage, an address): valid ones only, no repeats, at most COMPARE_LIMIT. */
export function cleanCompareItems(items: readonly unknown[]): CompareItem[] {
  const out: CompareItem[] = [];
  for (const value of items) {
    const item = asCompareItem(value);
    if (out.length >= COMPARE_LIMIT) break;
    if (item && !out.some((x) => compareItemKey(x) === compareItemKey(item))) out.push(item);
  }
  return out;
}

/** The compare page's query: one `c` per item, in order. */
export function writeCompareQuery(items: readonly CompareItem[]): string {
  const p = new URLSearchParams();
  for (const item of items) p.append('c', writeCompareItem(item));
  // The separators stay readable in a shared link; URLSearchParams reads them back either way.
  return p.toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%3D/g, '=').replace(/%7E/gi, '~');
}

export function readCompareQuery(query: string | URLSearchParams): CompareItem[] {
  const p = typeof query === 'string' ? new URLSearchParams(query) : query;
  return cleanCompareItems(p.getAll('c').flatMap((text) => readCompareItem(text) ?? []));
}
