// Car data as an Italian reader reads it (spec sales-portal §1 "Numbers use Italian formatting"; account spec §9
// for the slugs): every figure with its unit through core/format.ts ('5,1 l/100 km', '3.686 mm'), every slug the
// catalogue stores ('city-car', 'HEV-IB', 'automatico-cvt') with an Italian label, and counts with the right
// plural ('1 anticipo', '2 anticipi'). Screens, PDFs and the spreadsheet take their car data from here, so a
// value never reads one way on the detail and another in the catalogue (docs/adr/0056-car-data-in-italian.md).
import { formatNumber } from './format';
import { CATEGORIES, FUELS, GEARS, STATUSES, STOCKS, VEHICLE_TYPES } from './offer-options';

/** '3.686 mm', '1.197 cc', '380 l', '121 g/km', '70 kW': whole figures with their unit; '—' when unknown. */
export function formatMeasure(value: number | null | undefined, unit: string): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${formatNumber(Math.round(value))} ${unit}`;
}

/** '70 CV (51 kW)'. */
export function formatPower(hp: number | null | undefined, kw: number | null | undefined): string {
  if (!hp && !kw) return '—';
  if (!kw) return formatMeasure(hp, 'CV');
  if (!hp) return formatMeasure(kw, 'kW');
  return `${formatMeasure(hp, 'CV')} (${formatMeasure(kw, 'kW')})`;
}

/**
 * A count with its noun, singular only for exactly 1 (Italian's plural rule: 0 and 2 take the plural):
 * `countOf(1, 'anticipo', 'anticipi')` -> '1 anticipo', `countOf(3, …)` -> '3 anticipi', '1.500 offerte'.
 */
export function countOf(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

const label = (options: readonly { value: string; label: string }[]) => Object.fromEntries(options.map((o) => [o.value, o.label]));

/**
 * Every slug a car or an offer carries, with its label. Two vocabularies meet here: the search's facets
 * (core/offer-options.ts) and the custom car form's values (account spec §9: categories, fuels with the
 * hybrid codes, gearboxes, segments), plus the body shapes of the car pictures.
 */
const LABELS: Record<string, string> = {
  // The search's facets.
  ...label(CATEGORIES),
  ...label(FUELS),
  ...label(GEARS),
  ...label(STOCKS),
  ...label(STATUSES),
  // Account spec §9, category options.
  'sportiva-coupe': 'Sportiva e coupé',
  'suv-crossover': 'SUV e crossover',
  'veicoli-commerciali': 'Veicolo commerciale',
  minicar: 'Minicar',
  autocarro: 'Autocarro',
  // Account spec §9, fuel options: the hybrid codes (I = ibrida; B benzina, D diesel).
  metano: 'Metano',
  'HEV-IB': 'Ibrida (benzina)',
  'HEV-ID': 'Ibrida (diesel)',
  'FHEV-IB': 'Full hybrid (benzina)',
  'FHEV-ID': 'Full hybrid (diesel)',
  'MHEV-IB': 'Mild hybrid (benzina)',
  'MHEV-ID': 'Mild hybrid (diesel)',
  'PEV-IB': 'Ibrida plug-in (benzina)',
  'PHEV-ID': 'Ibrida plug-in (diesel)',
  // Account spec §9, gearboxes.
  'automatico-cvt': 'Automatico CVT',
  'automatico-sequenziale': 'Automatico sequenziale',
  'automatico-doppia-frizione': 'Automatico a doppia frizione',
  // Vehicle types (account spec §2).
  auto: 'Auto',
  commerciale: 'Veicolo commerciale',
  // Body shapes of the car pictures (core/offer-options.ts BODIES).
  city: 'City car',
  hatchback: 'Berlina compatta',
  sedan: 'Berlina',
  wagon: 'Station wagon',
  mpv: 'Monovolume',
  van: 'Furgone',
};

/** The vehicle types of the car selector, in the spec's order. */
export const VEHICLE_TYPE_LABELS = Object.fromEntries(VEHICLE_TYPES.map((v) => [v, LABELS[v] ?? v])) as Record<(typeof VEHICLE_TYPES)[number], string>;

/**
 * The Italian label of a slug. A value that is not a slug (a gearbox description 'Cambio manuale', a segment
 * 'B') is shown as written; an unknown slug reads as words ('station-wagon' -> 'Station wagon'), never as a slug.
 */
export function slugLabel(value: string | null | undefined): string {
  if (!value) return '—';
  const known = LABELS[value];
  if (known) return known;
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(value)) return value;
  const words = value.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Options of a select of slugs, each with its label. */
export const slugOptions = (values: readonly string[]) => values.map((value) => ({ value, label: slugLabel(value) }));
