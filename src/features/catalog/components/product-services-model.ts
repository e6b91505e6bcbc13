import { PRICE_MAP_FIELDS, type PRICE_MAP_OPERATORS } from '@core/catalog';
import type { PriceMapInput, ProductService, ProductServiceInput } from '@core/schemas/catalog';

/**
 * The product services editor's rows and how they change (account spec §3 "Service"), apart from the
 * screen that draws them (product-services-editor.tsx): every function here returns a new value.
 */

export type Field = (typeof PRICE_MAP_FIELDS)[number];
export type Operator = (typeof PRICE_MAP_OPERATORS)[number];
export type Condition = [Field, Operator, number | null];
/** A price-map entry in the editor: its group (the price map's key) is kept, not shown. */
export type Entry = { group: Field; value: number | null; multipliedBy: Field | null; conditions: Condition[] };
export type Row = Omit<ProductServiceInput, 'price' | 'price_map'> & { name: string; price: number | null; entries: Entry[] };

/** The price map's key of new entries: keys are fields (spec: "per field a list of entries"); one group keeps the rows' order. */
export const NEW_GROUP: Field = 'duration';
/** At most this many conditions per entry (the schema's limit). */
export const MAX_CONDITIONS = 5;

/** A stored key that is not a field (an older editor wrote 'listino') joins the default group. */
const asGroup = (key: string): Field => ((PRICE_MAP_FIELDS as readonly string[]).includes(key) ? (key as Field) : NEW_GROUP);

/** A decimal as typed, with a comma or a point; null when empty or not a number. */
export const parseDecimal = (raw: string) => {
  const n = Number.parseFloat(raw.replace(',', '.'));
  return raw.trim() === '' || Number.isNaN(n) ? null : n;
};
/** A whole number as typed; null when empty or not a number. */
export const parseInteger = (raw: string) => {
  const n = Number.parseInt(raw, 10);
  return Number.isNaN(n) ? null : n;
};

/** A stored service as the editor's row: the price map flattened into entries, in the order they are tried. */
export function toRow(s: ProductService): Row {
  const map = (s.price_map ?? {}) as Record<string, { value: number; conditions: [Field, Operator, number][]; multipliedBy?: Field | null }[]>;
  const entries = Object.entries(map).flatMap(([key, list]) =>
    list.map((e) => ({
      group: asGroup(key),
      value: e.value,
      multipliedBy: e.multipliedBy ?? null,
      conditions: e.conditions.map((c) => [...c] as Condition),
    })),
  );
  return {
    id: s.id,
    name: s.name,
    price: s.price,
    franchise: s.franchise,
    included: s.included,
    quantity: s.quantity,
    min_quantity: s.min_quantity,
    max_quantity: s.max_quantity,
    has_price_map: s.has_price_map,
    entries,
  };
}

/** The row as the API takes it (`PUT products/{id}/services`); the zod schema checks it before it is sent. */
export function toInput(r: Row) {
  const map: Partial<Record<Field, unknown[]>> = {};
  for (const e of r.entries) (map[e.group] ??= []).push({ value: e.value, conditions: e.conditions, multipliedBy: e.multipliedBy });
  const { name: _name, entries: _entries, ...rest } = r;
  return { ...rest, price_map: r.has_price_map ? (map as unknown as PriceMapInput) : null };
}

/** A service added from the list: price 0, nothing else set. */
export const newRow = (s: { id: number; name: string }): Row => ({
  id: s.id,
  name: s.name,
  price: 0,
  franchise: null,
  included: false,
  quantity: null,
  min_quantity: null,
  max_quantity: null,
  has_price_map: false,
  entries: [],
});

/** Turning the price map on starts it with one entry (up to 36 months), so the agent sees what an entry is. */
export function withPriceMap(r: Row, on: boolean): Partial<Row> {
  const starter: Entry = { group: NEW_GROUP, value: null, multipliedBy: null, conditions: [['duration', '<=', 36]] };
  return { has_price_map: on, entries: on && r.entries.length === 0 ? [starter] : r.entries };
}

/** A new entry, tried after the others (in the last entry's group). */
export const addEntry = (r: Row): Entry[] => [...r.entries, { group: r.entries.at(-1)?.group ?? NEW_GROUP, value: null, multipliedBy: null, conditions: [] }];

export const replaceAt = <T>(list: readonly T[], i: number, patch: Partial<T>): T[] => list.map((x, j) => (j === i ? { ...x, ...patch } : x));
export const removeAt = <T>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);

/** One part (field, operator or value) of a condition changed. */
export function changeCondition(conditions: readonly Condition[], c: number, at: 0 | 1 | 2, value: Condition[number]): Condition[] {
  return conditions.map((x, j) => (j === c ? (Object.assign([...x], { [at]: value }) as Condition) : x));
}

/** The key of an entry's value in the schema's and the server's errors: its group, then its place in that group. */
export const entryValueKey = (rowKey: string, r: Row, e: Entry) =>
  `${rowKey}.price_map.${e.group}.${r.entries.filter((x) => x.group === e.group).indexOf(e)}.value`;

/** The first message for each field path ('services.1.price'), from zod's issues or the server's envelope. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[issue.path.map(String).join('.')] ??= issue.message;
  return found;
}
