import { rangeMessage, sameValues, VARIATION_BOUNDS } from '@core/catalog';
import { type CatalogOffer, type Variation, VariationInputSchema } from '@core/schemas/catalog';
import { it } from '../../../i18n/catalog';

/**
 * The price-variation editor's rows and their checks (account spec §2, §4, §5), apart from the screen that
 * draws them (variations-editor.tsx). One row is edited at a time: the draft, which replaces its saved row
 * or, for a new row or a copy, is inserted (a copy right below its original).
 */

export type Values = {
  deposit: number | '';
  distance: number | '';
  duration: number | '';
  monthly_rate: number | '';
  bundle: string;
  web_monthly_rate: number | '';
  special: boolean;
  special_price: number | '';
};
export type Row = { key: string; saved: Variation | null; values: Values; duplicated: boolean };
export type Field = 'deposit' | 'distance' | 'duration' | 'monthly_rate';
export type Extra = 'bundle' | 'web_monthly_rate' | 'special_price';
export const FIELDS: Field[] = ['deposit', 'distance', 'duration', 'monthly_rate'];
export const EXTRAS: Extra[] = ['bundle', 'web_monthly_rate', 'special_price'];

export const valuesOf = (v: Variation): Values => ({
  deposit: v.deposit,
  distance: v.distance,
  duration: v.duration,
  monthly_rate: v.monthly_rate,
  bundle: v.bundle ?? '',
  web_monthly_rate: v.web_monthly_rate ?? '',
  special: (v.special_rate ?? 0) > 0,
  special_price: v.special_price ?? '',
});
/** What the server receives: empty optional values clear the field; the special rate is on (1) or off (0). */
export const inputOf = (v: Values) => ({
  deposit: v.deposit,
  distance: v.distance,
  duration: v.duration,
  monthly_rate: v.monthly_rate,
  bundle: v.bundle.trim() || null,
  web_monthly_rate: v.web_monthly_rate === '' ? null : v.web_monthly_rate,
  special_rate: v.special ? 1 : 0,
  special_price: v.special && v.special_price !== '' ? v.special_price : null,
});

/** The row's errors: the spec's bounds, then the server's own schema (core) for the optional fields, then "identical to the main offer". */
export function rowErrors(v: Values, main: CatalogOffer): Partial<Record<Field | Extra | '_', string>> {
  const errors: Partial<Record<Field | Extra | '_', string>> = {};
  for (const f of FIELDS) {
    const b = VARIATION_BOUNDS[f];
    const n = v[f];
    if (n === '' || n < b.min || n > b.max) errors[f] = rangeMessage(b.min, b.max);
  }
  if (Object.keys(errors).length === 0) {
    const parsed = VariationInputSchema.safeParse(inputOf(v));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const key = issue.path[0] as Extra;
      if (EXTRAS.includes(key)) errors[key] ??= issue.message;
    }
  }
  if (
    Object.keys(errors).length === 0 &&
    sameValues(v as { deposit: number; distance: number; duration: number; monthly_rate: number }, {
      deposit: main.deposit,
      distance: main.distance,
      duration: main.duration,
      monthly_rate: main.price,
    })
  ) {
    errors._ = it.catalog.variations.sameAsMain;
  }
  return errors;
}

/** The draft being edited, and the saved row it follows (null: at the end). */
export type Draft = { row: Row; after: string | null };

/** The rows shown: the saved ones, with the row in edit replaced or (for new rows and copies) inserted. */
export function rowsWithDraft(saved: readonly Row[], draft: Draft | null): Row[] {
  if (!draft) return [...saved];
  if (draft.row.saved) return saved.map((r) => (r.key === draft.row.key ? draft.row : r));
  const list = [...saved];
  const at = draft.after ? list.findIndex((r) => r.key === draft.after) + 1 : list.length;
  list.splice(at, 0, draft.row);
  return list;
}

/** A new variation starts from the main offer's deposit, distance and duration; its rate is for the agent to set. */
export const newRowFor = (offer: CatalogOffer): Row => ({
  key: 'new',
  saved: null,
  values: {
    deposit: offer.deposit,
    distance: offer.distance,
    duration: offer.duration,
    monthly_rate: '',
    bundle: '',
    web_monthly_rate: '',
    special: false,
    special_price: '',
  },
  duplicated: false,
});

/** A copy of a row, not yet saved. */
export const copyOf = (r: Row): Row => ({ key: `copy-${r.key}`, saved: null, values: { ...r.values }, duplicated: true });
