// Values of the offer catalogue that are fixed by the domain, with the labels and icons the filter
// definitions carry (spec §3 "Filter parameter"; icons are ionicons names the app maps).
import type { CustomerType } from './categories';

export interface OptionDef<V extends string = string> {
  value: V;
  label: string;
  icon: string | null;
}

const def = <V extends string>(value: V, label: string, icon: string | null = null): OptionDef<V> => ({ value, label, icon });

export const VEHICLE_TYPES = ['auto', 'commerciale'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const FUELS = [
  def('benzina', 'Benzina', 'water-outline'),
  def('diesel', 'Diesel', 'water'),
  def('ibrida', 'Ibrida', 'leaf-outline'),
  def('ibrida-plug-in', 'Ibrida plug-in', 'battery-charging-outline'),
  def('elettrica', 'Elettrica', 'flash-outline'),
  def('gpl', 'GPL', 'flame-outline'),
] as const;

export const GEARS = [def('manuale', 'Manuale', 'git-commit-outline'), def('automatico', 'Automatico', 'cog-outline')] as const;

export const CATEGORIES = [
  def('city-car', 'City car', 'car-outline'),
  def('berlina', 'Berlina', 'car-sport-outline'),
  def('station-wagon', 'Station wagon', 'car-outline'),
  def('suv', 'SUV e crossover', 'car-sport-outline'),
  def('monovolume', 'Monovolume', 'bus-outline'),
  def('furgone', 'Veicolo commerciale', 'cube-outline'),
] as const;

/** Body shapes the generated car pictures know (core/car-image.ts). */
export const BODIES = ['city', 'hatchback', 'sedan', 'wagon', 'suv', 'mpv', 'van'] as const;
export type Body = (typeof BODIES)[number];

export const STOCKS = [
  def('pronta-consegna', 'Pronta consegna', 'checkmark-circle-outline'),
  def('in-arrivo', 'In arrivo', 'boat-outline'),
  def('su-ordinazione', 'Su ordinazione', 'construct-outline'),
] as const;

/** Offer status: the condition of the car offered. */
export const STATUSES = [def('nuovo', 'Nuovo', 'sparkles-outline'), def('km0', 'Km 0', 'speedometer-outline'), def('usato', 'Usato', 'time-outline')] as const;

export const CUSTOMER_TYPE_OPTIONS: readonly OptionDef<CustomerType>[] = [
  def('privati', 'Privati', 'person-outline'),
  def('piva', 'P.IVA', 'briefcase-outline'),
];

export const SORTS = [
  def('price-up', 'Prezzo crescente'),
  def('price-down', 'Prezzo decrescente'),
  def('newest', 'Più recenti'),
  def('brand', 'Marca (A-Z)'),
] as const;
export type OfferSort = (typeof SORTS)[number]['value'];
export const OFFER_SORTS = SORTS.map((s) => s.value) as [OfferSort, ...OfferSort[]];
export const DEFAULT_SORT: OfferSort = 'price-up';

export const CATALOGUE_TAG_LABEL = 'Catalogo';

export const labelOf = (options: readonly OptionDef[], value: string) => options.find((o) => o.value === value)?.label ?? value;

export const TOGGLES = {
  noviceDriver: { label: 'Adatta ai neopatentati', icon: 'school-outline' },
  fast_delivery: { label: 'Consegna rapida', icon: 'rocket-outline' },
  unlimitedKm: { label: 'Km illimitati', icon: 'infinite-outline' },
} as const;

export const RANGE_UNITS = { monthly_rates: '€', deposits: '€' } as const;

export const ITEMS_PER_PAGE = 18;
export const MAX_ITEMS_PER_PAGE = 100;

/** Option filters whose values are codes. */
export const CODE_FILTERS = [
  'brands',
  'brokers',
  'categories',
  'fuels',
  'gear',
  'delivery_times',
  'products',
  'stocks',
  'areas',
  'customerType',
  'status',
] as const;
/** Option filters on the child offers (variations); values are numbers. */
export const NUMBER_FILTERS = ['durations', 'distances'] as const;
/** Range filters [min, max], inclusive, on the child offers. */
export const RANGE_FILTERS = ['monthly_rates', 'deposits'] as const;
export const TOGGLE_FILTERS = ['noviceDriver', 'fast_delivery', 'unlimitedKm'] as const;
