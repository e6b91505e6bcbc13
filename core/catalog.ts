// Catalogue management constants and rules (account spec §4, §5, §9), shared by the
// edit screens and the server.
import { formatNumber } from './format';
import type { Body } from './offer-options';

export const CATALOG_TAG = 'Catalogo';

/** §9 bounds of the offer price block; the price is the 10..9999 range (2 to 4 digits). */
export const OFFER_BOUNDS = {
  price: { min: 10, max: 9999 },
  deposit: { min: 0, max: 100000 },
  duration: { min: 12, max: 60 },
  distance: { min: 0, max: 99999 },
} as const;
/**
 * A catalogue offer's commission data (docs/adr/0122-fees-and-commission.md: catalogue offers had none, so sellers read 'Provvigione
 * standard 0 €'): the offer's potential profit in whole euros, from which each agent's share follows
 * (core/offer-detail.ts offerFees), as for any other offer.
 */
export const COMMISSION_BOUNDS = { potentialProfit: { min: 1, max: 20000 } } as const;
/** §5 and §9: the variation editor's bounds. */
export const VARIATION_BOUNDS = {
  deposit: { min: 0, max: 100000 },
  distance: { min: 0, max: 100000 },
  duration: { min: 1, max: 72 },
  monthly_rate: { min: 1, max: 99999 },
  web_monthly_rate: { min: 1, max: 99999 },
  special_price: { min: 1, max: 99999 },
} as const;
/** §5: distinct values an offer needs (main offer and variations together) before it can be published. */
export const MIN_VARIATIONS = { deposits: 2, durations: 2, distances: 3 } as const;
export const SERVICE_PRICE_MAX = 1000;
export const DEFAULT_DISTANCE = 15000;
export const CAR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CAR_IMAGE_MAX_FILES = 10;
export const CATALOG_PAGE_SIZE = 20;

export const rangeMessage = (min: number, max: number) => `Inserisci un valore compreso tra ${formatNumber(min)} e ${formatNumber(max)}`;

export const CATALOG_MESSAGES = {
  providerInvalid: 'Provider selezionato non valido',
  productInvalid: 'Prodotto selezionato non valido',
  carInvalid: 'Auto selezionata non valida',
  deliveryInvalid: 'Tempo di consegna non valido',
  serviceInvalid: 'Servizio non valido',
  variationSameAsMain: "La variazione è identica all'offerta principale",
  variationDuplicate: 'Esiste già una variazione con questi valori',
  variationsMissing: 'Per pubblicare servono almeno 2 anticipi, 2 durate e 3 percorrenze diverse',
  // A change that would leave a published offer below the minimum (the refusal must say why: docs/adr/0136-catalogue-offers-and-publishing.md).
  publishedKeepsVariations:
    'L’offerta è pubblicata: deve mantenere almeno 2 anticipi, 2 durate e 3 percorrenze diverse. Per questa modifica ritirala prima dalla pubblicazione.',
  catalogCarReadOnly: 'Le auto del catalogo non si possono modificare',
  imageInvalidType: 'Tipo di immagine non valido',
  specialPriceMissing: 'Con la tariffa speciale indica un prezzo speciale',
  quantityRange: 'La quantità minima non può superare la massima',
  quantityOutside: 'La quantità deve essere compresa tra la minima e la massima',
  priceMapEmpty: 'Aggiungi almeno una voce al listino variabile',
  serviceDuplicate: 'Servizio ripetuto',
} as const;

/** Deleting a provider or product that offers still use is refused (409) with these messages. */
export const providerInUse = (n: number) => `Impossibile eliminare il provider: è usato da ${n === 1 ? '1 offerta' : `${n} offerte`}`;
export const productInUse = (n: number) => `Impossibile eliminare il prodotto: è usato da ${n === 1 ? '1 offerta' : `${n} offerte`}`;

/** Fields a price-map condition may read (core/pricing.ts evaluates them against the offer). */
export const PRICE_MAP_FIELDS = ['duration', 'distance', 'deposit', 'monthly_rate', 'quantity'] as const;
export const PRICE_MAP_OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
/** A product service's quantities (the offer's quantity drop-down runs from min to max). */
export const SERVICE_QUANTITY_MAX = 99;

export const VEHICLE_TYPES = ['auto', 'commerciale'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
/** The manual offer form also knows these (§2). */
export const REQUEST_VEHICLE_TYPES = ['auto', 'commerciale', 'minicar'] as const;

export const CAR_CATEGORIES = [
  'city-car',
  'berlina',
  'sportiva-coupe',
  'suv-crossover',
  'monovolume',
  'station-wagon',
  'veicoli-commerciali',
  'minicar',
  'autocarro',
] as const;
export const CAR_FUELS = [
  'benzina',
  'diesel',
  'gpl',
  'metano',
  'elettrica',
  'HEV-IB',
  'HEV-ID',
  'FHEV-IB',
  'FHEV-ID',
  'MHEV-IB',
  'MHEV-ID',
  'PEV-IB',
  'PHEV-ID',
] as const;
export const CAR_SEGMENTS = ['A', 'B', 'C', 'D', 'E'] as const;
export const CAR_GEARBOXES = ['manuale', 'automatico', 'automatico-cvt', 'automatico-sequenziale', 'automatico-doppia-frizione'] as const;
export const CAR_DEFAULTS = { segmento: 'A', category: 'berlina', fuel: 'benzina', vehicleType: 'auto' } as const;

/** A custom car's spec values, mapped to the search's facets (core/offer-options.ts). */
export function searchCategoryOf(category: string): string {
  const map: Record<string, string> = {
    'sportiva-coupe': 'berlina',
    'suv-crossover': 'suv',
    'veicoli-commerciali': 'furgone',
    autocarro: 'furgone',
    minicar: 'city-car',
  };
  return map[category] ?? category;
}
export function searchFuelOf(fuel: string): string {
  if (fuel.startsWith('PEV') || fuel.startsWith('PHEV')) return 'ibrida-plug-in';
  if (fuel.includes('HEV')) return 'ibrida';
  if (fuel === 'metano') return 'gpl';
  return fuel;
}
export const searchGearOf = (gearbox: string) => (gearbox.startsWith('automatico') ? 'automatico' : 'manuale');
export function bodyOf(category: string): Body {
  const map: Record<string, Body> = {
    'city-car': 'city',
    minicar: 'city',
    'station-wagon': 'wagon',
    'suv-crossover': 'suv',
    suv: 'suv',
    monovolume: 'mpv',
    'veicoli-commerciali': 'van',
    autocarro: 'van',
    furgone: 'van',
    berlina: 'sedan',
    'sportiva-coupe': 'sedan',
  };
  return map[category] ?? 'hatchback';
}

export const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** The 3-character brand code (the database computes the same from the brand slug). */
export const brandCodeOf = (brand: string) =>
  slugify(brand)
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 3)
    .toUpperCase();

export type VariationValues = { deposit: number; distance: number; duration: number; monthly_rate: number };

/** §5: a variation row identical to the main offer in all four values is an error. */
export const sameValues = (a: VariationValues, b: VariationValues) =>
  a.deposit === b.deposit && a.distance === b.distance && a.duration === b.duration && a.monthly_rate === b.monthly_rate;

/** §5: what is still missing before publishing (distinct values over the main offer and its variations). */
export function missingVariations(rows: readonly VariationValues[]) {
  const count = (k: keyof VariationValues) => new Set(rows.map((r) => r[k])).size;
  return {
    deposits: Math.max(0, MIN_VARIATIONS.deposits - count('deposit')),
    durations: Math.max(0, MIN_VARIATIONS.durations - count('duration')),
    distances: Math.max(0, MIN_VARIATIONS.distances - count('distance')),
  };
}
export const canPublish = (rows: readonly VariationValues[]) => Object.values(missingVariations(rows)).every((n) => n === 0);

/** §2: rows whose bundle name contains 'Light' sort first; otherwise the given order stays. */
export function lightFirst<T extends { bundle?: string | null }>(rows: readonly T[]): T[] {
  const light = (r: T) => (r.bundle ?? '').includes('Light');
  return [...rows.filter(light), ...rows.filter((r) => !light(r))];
}

/** §5: variation inputs are parsed as integers; non-numbers become empty. */
export function parseIntInput(v: string): number | '' {
  const n = Number.parseInt(v, 10);
  return Number.isNaN(n) ? '' : n;
}

/** §4: a feature-independent check of the offer's validity (the save button's rule). */
export function isOfferValid(o: { price: number | ''; deposit: number | ''; provider: string; product: string; duration: number | ''; distance: number | '' }) {
  return (
    typeof o.price === 'number' &&
    o.price > 0 &&
    typeof o.deposit === 'number' &&
    o.deposit >= 0 &&
    !!o.provider &&
    !!o.product &&
    typeof o.duration === 'number' &&
    o.duration > 0 &&
    typeof o.distance === 'number' &&
    o.distance >= 0
  );
}
