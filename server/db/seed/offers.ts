// The demo catalogue: fictional rental companies offering real Italian-market cars with plausible
// specs and prices. Deterministic (seeded PRNG, fixed dates): the same count gives the same rows.
// `npm run seed -- --offers 20000` scales it for benchmarks (about 10 child offers per offer).
import { sql } from 'drizzle-orm';
import { carImagePath } from '@core/car-image';
import type { Body } from '@core/offer-options';
import type { PriceMap } from '@core/pricing';
import type { Db } from '../client';
import { areas, brokers, carOptions, cars, deliveryTimes, offers, offerVariations, products, productServices, services } from '../schema';
import { refreshOfferSummaries } from '../../modules/offers/summary';

export const DEFAULT_DEMO_OFFERS = 300;

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
    /** k distinct items, in the list's order. */
    some: <T>(list: readonly T[], k: number): T[] => {
      const idx = list.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [idx[i], idx[j]] = [idx[j] as number, idx[i] as number];
      }
      return idx
        .slice(0, Math.min(k, list.length))
        .sort((x, y) => x - y)
        .map((i) => list[i] as T);
    },
  };
}

export const DEMO_BROKERS = [
  { code: 'aurora-rent', name: 'Aurora Rent', kind: 'provider' as const, factor: 1.0 },
  { code: 'dolomiti-leasing', name: 'Dolomiti Leasing', kind: 'provider' as const, factor: 0.97 },
  { code: 'tirreno-mobility', name: 'Tirreno Mobility', kind: 'provider' as const, factor: 1.04 },
  { code: 'vesuvio-noleggi', name: 'Vesuvio Noleggi', kind: 'broker' as const, factor: 0.99 },
  { code: 'laguna-fleet', name: 'Laguna Fleet', kind: 'provider' as const, factor: 1.02 },
];

const PRODUCTS = DEMO_BROKERS.flatMap((b) => [
  {
    code: `${b.code}-privati`,
    brokerCode: b.code,
    name: `${b.name} Privati Tutto Incluso`,
    description: 'Canone con manutenzione, assicurazione e assistenza incluse.',
  },
  { code: `${b.code}-business`, brokerCode: b.code, name: `${b.name} Business`, description: 'Per aziende e professionisti con partita IVA.' },
]);

const AREAS = [
  { code: 'nazionale', label: 'Tutta Italia' },
  { code: 'nord', label: 'Nord Italia' },
  { code: 'centro', label: 'Centro Italia' },
  { code: 'sud', label: 'Sud e Isole' },
];

const DELIVERY_TIMES = [
  { code: 'entro-30', label: 'Entro 30 giorni', days: 30 },
  { code: 'entro-60', label: 'Entro 60 giorni', days: 60 },
  { code: 'entro-90', label: 'Entro 90 giorni', days: 90 },
  { code: 'oltre-90', label: 'Oltre 90 giorni', days: 180 },
];

const SERVICES = [
  { code: 'pneumatici', type: 'tyres' as const, name: 'Pneumatici', description: 'Cambio stagionale e sostituzione per usura.', icon: 'ellipse-outline' },
  {
    code: 'auto-sostitutiva',
    type: 'replacement-car' as const,
    name: 'Auto sostitutiva',
    description: 'Vettura di cortesia durante fermi per guasto o sinistro.',
    icon: 'car-outline',
  },
  {
    code: 'kasko',
    type: 'total-cover' as const,
    name: 'Copertura totale (Kasko)',
    description: 'Danni al veicolo anche con colpa.',
    icon: 'shield-checkmark-outline',
  },
  { code: 'pai', type: 'total-pai' as const, name: 'PAI totale', description: 'Infortuni del conducente.', icon: 'medkit-outline' },
  {
    code: 'tutela-legale',
    type: 'legal-protection' as const,
    name: 'Tutela legale',
    description: 'Assistenza legale in caso di controversie.',
    icon: 'document-text-outline',
  },
  {
    code: 'soccorso',
    type: 'roadside-assistance' as const,
    name: 'Assistenza stradale',
    description: 'Soccorso 24 ore su 24 in tutta Europa.',
    icon: 'construct-outline',
  },
];

// Replacement car priced by contract length: an example of a real price map (core/pricing.ts).
const REPLACEMENT_PRICE_MAP: PriceMap = {
  duration: [
    { value: 18, conditions: [['duration', '<=', 36]] },
    { value: 14, conditions: [['duration', '>', 36]] },
  ],
};

type CarSpec = {
  brand: string;
  model: string;
  version: string;
  category: string;
  body: Body;
  fuel: string;
  gear: 'manuale' | 'automatico';
  cc: number | null;
  seats: number;
  doors: number;
  dims: [number, number, number]; // length, width, height (mm)
  boot: number;
  hp: number;
  traction?: string;
  consumption: number;
  co2: number;
  price: number; // list price, euros
  type?: 'auto' | 'commerciale';
};

// Specs are plausible for the Italian market (rounded), not official data.
export const DEMO_CARS: CarSpec[] = [
  {
    brand: 'Fiat',
    model: 'Panda',
    version: '1.0 Hybrid 70cv Pandina',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'ibrida',
    gear: 'manuale',
    cc: 999,
    seats: 4,
    doors: 5,
    dims: [3686, 1672, 1605],
    boot: 225,
    hp: 70,
    consumption: 5.1,
    co2: 115,
    price: 16900,
  },
  {
    brand: 'Fiat',
    model: '500e',
    version: '42 kWh La Prima',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'elettrica',
    gear: 'automatico',
    cc: null,
    seats: 4,
    doors: 3,
    dims: [3632, 1683, 1527],
    boot: 185,
    hp: 118,
    consumption: 14.9,
    co2: 0,
    price: 29950,
  },
  {
    brand: 'Fiat',
    model: 'Tipo',
    version: '1.5 Hybrid 130cv DCT Cross',
    category: 'berlina',
    body: 'hatchback',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1469,
    seats: 5,
    doors: 5,
    dims: [4395, 1792, 1557],
    boot: 440,
    hp: 130,
    consumption: 5.6,
    co2: 127,
    price: 27500,
  },
  {
    brand: 'Fiat',
    model: 'Ducato',
    version: '2.2 MultiJet 140cv L2H2 Furgone',
    category: 'furgone',
    body: 'van',
    fuel: 'diesel',
    gear: 'manuale',
    cc: 2184,
    seats: 3,
    doors: 4,
    dims: [5413, 2050, 2524],
    boot: 11500,
    hp: 140,
    consumption: 8.2,
    co2: 215,
    price: 41200,
    type: 'commerciale',
  },
  {
    brand: 'Jeep',
    model: 'Avenger',
    version: '1.2 Turbo 100cv Altitude',
    category: 'suv',
    body: 'suv',
    fuel: 'benzina',
    gear: 'manuale',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4084, 1776, 1528],
    boot: 380,
    hp: 100,
    consumption: 5.7,
    co2: 129,
    price: 26900,
  },
  {
    brand: 'Jeep',
    model: 'Avenger',
    version: 'e-Hybrid 100cv Summit',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4084, 1776, 1528],
    boot: 380,
    hp: 100,
    consumption: 5.0,
    co2: 114,
    price: 30900,
  },
  {
    brand: 'Renault',
    model: 'Clio',
    version: 'TCe 90cv Evolution',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'benzina',
    gear: 'manuale',
    cc: 999,
    seats: 5,
    doors: 5,
    dims: [4053, 1768, 1440],
    boot: 391,
    hp: 90,
    consumption: 5.4,
    co2: 118,
    price: 20950,
  },
  {
    brand: 'Renault',
    model: 'Clio',
    version: 'E-Tech full hybrid 145cv Techno',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1598,
    seats: 5,
    doors: 5,
    dims: [4053, 1768, 1440],
    boot: 301,
    hp: 145,
    consumption: 4.3,
    co2: 96,
    price: 26450,
  },
  {
    brand: 'Dacia',
    model: 'Sandero',
    version: 'Stepway TCe 100 ECO-G Expression',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'gpl',
    gear: 'manuale',
    cc: 999,
    seats: 5,
    doors: 5,
    dims: [4099, 1848, 1535],
    boot: 410,
    hp: 100,
    consumption: 7.0,
    co2: 113,
    price: 17350,
  },
  {
    brand: 'Dacia',
    model: 'Duster',
    version: 'TCe 130 4x2 Journey',
    category: 'suv',
    body: 'suv',
    fuel: 'benzina',
    gear: 'manuale',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4343, 1813, 1656],
    boot: 472,
    hp: 130,
    consumption: 5.7,
    co2: 129,
    price: 23700,
  },
  {
    brand: 'Dacia',
    model: 'Duster',
    version: 'Hybrid 140 Extreme',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1598,
    seats: 5,
    doors: 5,
    dims: [4343, 1813, 1656],
    boot: 430,
    hp: 140,
    consumption: 4.9,
    co2: 111,
    price: 27200,
  },
  {
    brand: 'Volkswagen',
    model: 'Polo',
    version: '1.0 TSI 95cv Life',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'benzina',
    gear: 'manuale',
    cc: 999,
    seats: 5,
    doors: 5,
    dims: [4074, 1751, 1451],
    boot: 351,
    hp: 95,
    consumption: 5.5,
    co2: 125,
    price: 22100,
  },
  {
    brand: 'Volkswagen',
    model: 'T-Roc',
    version: '1.5 TSI 150cv DSG Style',
    category: 'suv',
    body: 'suv',
    fuel: 'benzina',
    gear: 'automatico',
    cc: 1498,
    seats: 5,
    doors: 5,
    dims: [4234, 1819, 1573],
    boot: 445,
    hp: 150,
    consumption: 6.3,
    co2: 143,
    price: 33900,
  },
  {
    brand: 'Volkswagen',
    model: 'Golf',
    version: '2.0 TDI 115cv Life',
    category: 'berlina',
    body: 'hatchback',
    fuel: 'diesel',
    gear: 'manuale',
    cc: 1968,
    seats: 5,
    doors: 5,
    dims: [4282, 1789, 1491],
    boot: 381,
    hp: 115,
    consumption: 4.4,
    co2: 116,
    price: 32250,
  },
  {
    brand: 'Volkswagen',
    model: 'Golf Variant',
    version: '1.5 eTSI 150cv DSG Style',
    category: 'station-wagon',
    body: 'wagon',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1498,
    seats: 5,
    doors: 5,
    dims: [4633, 1789, 1498],
    boot: 611,
    hp: 150,
    consumption: 5.5,
    co2: 125,
    price: 37100,
  },
  {
    brand: 'Peugeot',
    model: '208',
    version: 'PureTech 100 Allure',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'benzina',
    gear: 'manuale',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4055, 1745, 1430],
    boot: 352,
    hp: 100,
    consumption: 5.4,
    co2: 122,
    price: 22500,
  },
  {
    brand: 'Peugeot',
    model: '2008',
    version: 'Hybrid 136 e-DCS6 GT',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4304, 1770, 1550],
    boot: 434,
    hp: 136,
    consumption: 5.0,
    co2: 113,
    price: 33350,
  },
  {
    brand: 'Toyota',
    model: 'Yaris',
    version: '1.5 Hybrid 116cv Trend',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1490,
    seats: 5,
    doors: 5,
    dims: [3940, 1745, 1500],
    boot: 286,
    hp: 116,
    consumption: 3.9,
    co2: 89,
    price: 24900,
  },
  {
    brand: 'Toyota',
    model: 'Yaris Cross',
    version: '1.5 Hybrid 116cv Lounge',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1490,
    seats: 5,
    doors: 5,
    dims: [4180, 1765, 1595],
    boot: 397,
    hp: 116,
    consumption: 4.5,
    co2: 102,
    price: 30400,
  },
  {
    brand: 'Toyota',
    model: 'Corolla Touring Sports',
    version: '1.8 Hybrid 140cv Active',
    category: 'station-wagon',
    body: 'wagon',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1798,
    seats: 5,
    doors: 5,
    dims: [4650, 1790, 1435],
    boot: 596,
    hp: 140,
    consumption: 4.4,
    co2: 100,
    price: 33900,
  },
  {
    brand: 'BMW',
    model: 'X1',
    version: 'sDrive18d xLine',
    category: 'suv',
    body: 'suv',
    fuel: 'diesel',
    gear: 'automatico',
    cc: 1995,
    seats: 5,
    doors: 5,
    dims: [4500, 1845, 1642],
    boot: 540,
    hp: 150,
    consumption: 4.9,
    co2: 129,
    price: 49900,
  },
  {
    brand: 'BMW',
    model: 'Serie 3',
    version: '320e Touring MSport',
    category: 'station-wagon',
    body: 'wagon',
    fuel: 'ibrida-plug-in',
    gear: 'automatico',
    cc: 1998,
    seats: 5,
    doors: 5,
    dims: [4713, 1827, 1440],
    boot: 410,
    hp: 204,
    consumption: 1.6,
    co2: 36,
    price: 59800,
  },
  {
    brand: 'Audi',
    model: 'A3 Sportback',
    version: '30 TFSI S tronic Business',
    category: 'berlina',
    body: 'hatchback',
    fuel: 'benzina',
    gear: 'automatico',
    cc: 999,
    seats: 5,
    doors: 5,
    dims: [4352, 1816, 1449],
    boot: 380,
    hp: 116,
    consumption: 5.6,
    co2: 127,
    price: 35600,
  },
  {
    brand: 'Audi',
    model: 'Q3',
    version: '35 TDI S tronic Business Advanced',
    category: 'suv',
    body: 'suv',
    fuel: 'diesel',
    gear: 'automatico',
    cc: 1968,
    seats: 5,
    doors: 5,
    dims: [4484, 1849, 1616],
    boot: 530,
    hp: 150,
    consumption: 5.3,
    co2: 139,
    price: 47900,
  },
  {
    brand: 'Tesla',
    model: 'Model 3',
    version: 'RWD Standard',
    category: 'berlina',
    body: 'sedan',
    fuel: 'elettrica',
    gear: 'automatico',
    cc: null,
    seats: 5,
    doors: 4,
    dims: [4720, 1848, 1441],
    boot: 594,
    hp: 283,
    consumption: 13.2,
    co2: 0,
    price: 39990,
  },
  {
    brand: 'Tesla',
    model: 'Model Y',
    version: 'RWD Long Range',
    category: 'suv',
    body: 'suv',
    fuel: 'elettrica',
    gear: 'automatico',
    cc: null,
    seats: 5,
    doors: 5,
    dims: [4797, 1921, 1624],
    boot: 854,
    hp: 347,
    consumption: 14.9,
    co2: 0,
    price: 47990,
  },
  {
    brand: 'Alfa Romeo',
    model: 'Tonale',
    version: '1.5 Hybrid 160cv Sprint',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1469,
    seats: 5,
    doors: 5,
    dims: [4528, 1841, 1601],
    boot: 500,
    hp: 160,
    consumption: 5.9,
    co2: 134,
    price: 41500,
  },
  {
    brand: 'Lancia',
    model: 'Ypsilon',
    version: 'Hybrid 110cv LX',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4080, 1760, 1440],
    boot: 352,
    hp: 110,
    consumption: 4.9,
    co2: 111,
    price: 24900,
  },
  {
    brand: 'Citroën',
    model: 'C3',
    version: 'PureTech 100 Plus',
    category: 'city-car',
    body: 'hatchback',
    fuel: 'benzina',
    gear: 'manuale',
    cc: 1199,
    seats: 5,
    doors: 5,
    dims: [4015, 1755, 1577],
    boot: 310,
    hp: 100,
    consumption: 5.6,
    co2: 126,
    price: 19950,
  },
  {
    brand: 'Kia',
    model: 'Sportage',
    version: '1.6 T-GDi HEV Style',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'automatico',
    cc: 1598,
    seats: 5,
    doors: 5,
    dims: [4515, 1865, 1645],
    boot: 587,
    hp: 230,
    consumption: 5.6,
    co2: 127,
    price: 39250,
  },
  {
    brand: 'Hyundai',
    model: 'Tucson',
    version: '1.6 T-GDI 48V Xline',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'manuale',
    cc: 1598,
    seats: 5,
    doors: 5,
    dims: [4510, 1865, 1650],
    boot: 620,
    hp: 150,
    consumption: 6.3,
    co2: 143,
    price: 36400,
  },
  {
    brand: 'Mercedes-Benz',
    model: 'Classe A',
    version: 'A 180 d Automatic Progressive',
    category: 'berlina',
    body: 'hatchback',
    fuel: 'diesel',
    gear: 'automatico',
    cc: 1461,
    seats: 5,
    doors: 5,
    dims: [4419, 1796, 1440],
    boot: 355,
    hp: 116,
    consumption: 4.6,
    co2: 121,
    price: 38900,
  },
  {
    brand: 'Ford',
    model: 'Puma',
    version: '1.0 EcoBoost Hybrid 125cv Titanium',
    category: 'suv',
    body: 'suv',
    fuel: 'ibrida',
    gear: 'manuale',
    cc: 999,
    seats: 5,
    doors: 5,
    dims: [4207, 1805, 1537],
    boot: 456,
    hp: 125,
    consumption: 5.4,
    co2: 122,
    price: 27750,
  },
  {
    brand: 'Ford',
    model: 'Transit Custom',
    version: '2.0 EcoBlue 136cv L1H1 Trend',
    category: 'furgone',
    body: 'van',
    fuel: 'diesel',
    gear: 'manuale',
    cc: 1995,
    seats: 3,
    doors: 4,
    dims: [5050, 2032, 1972],
    boot: 5800,
    hp: 136,
    consumption: 7.1,
    co2: 187,
    price: 38900,
    type: 'commerciale',
  },
  {
    brand: 'Renault',
    model: 'Scenic',
    version: 'E-Tech Electric 220cv Esprit Alpine',
    category: 'monovolume',
    body: 'mpv',
    fuel: 'elettrica',
    gear: 'automatico',
    cc: null,
    seats: 5,
    doors: 5,
    dims: [4470, 1864, 1571],
    boot: 545,
    hp: 220,
    consumption: 16.3,
    co2: 0,
    price: 46900,
  },
  {
    brand: 'Volkswagen',
    model: 'Touran',
    version: '2.0 TDI 122cv DSG Business',
    category: 'monovolume',
    body: 'mpv',
    fuel: 'diesel',
    gear: 'automatico',
    cc: 1968,
    seats: 7,
    doors: 5,
    dims: [4527, 1829, 1659],
    boot: 834,
    hp: 122,
    consumption: 5.1,
    co2: 134,
    price: 38650,
  },
];

const PAINTS = [
  { code: 'bianco', name: 'Bianco pastello', hex: 'f2f3f5', price: 0 },
  { code: 'nero', name: 'Nero metallizzato', hex: '22252a', price: 650 },
  { code: 'grigio', name: 'Grigio metallizzato', hex: '8a929c', price: 650 },
  { code: 'blu', name: 'Blu metallizzato', hex: '1f4e8c', price: 700 },
  { code: 'rosso', name: 'Rosso passione', hex: 'b3202a', price: 550 },
  { code: 'verde', name: 'Verde salvia', hex: '6f8f72', price: 800 },
  { code: 'sabbia', name: 'Beige sabbia', hex: 'c9b79c', price: 600 },
];

const ACCESSORIES = [
  { code: 'CERCHI17', description: 'Cerchi in lega da 17"', short: 'Cerchi 17"', group: ['ACC', 'Accessori'], price: 750 },
  { code: 'NAVI', description: 'Navigatore con mappe Europa', short: 'Navigatore', group: ['ACC', 'Accessori'], price: 900 },
  { code: 'PDC', description: 'Sensori di parcheggio anteriori e posteriori', short: 'Sensori parcheggio', group: ['ACC', 'Accessori'], price: 450 },
  { code: 'GANCIO', description: 'Gancio traino estraibile', short: 'Gancio traino', group: ['ACC', 'Accessori'], price: 850 },
  { code: 'VETRI', description: 'Vetri posteriori oscurati', short: 'Vetri oscurati', group: ['ACC', 'Accessori'], price: 300 },
  { code: 'WINTER', description: 'Pack Winter: sedili e volante riscaldati', short: 'Pack Winter', group: ['PACK', 'Pacchetti'], price: 600 },
  { code: 'SAFETY', description: 'Pack Safety: cruise adattivo e mantenimento corsia', short: 'Pack Safety', group: ['PACK', 'Pacchetti'], price: 1100 },
];

const STANDARD_EQUIPMENT = [
  'Climatizzatore automatico',
  'Apple CarPlay e Android Auto',
  'Cruise control',
  'Fari LED',
  'Frenata automatica d’emergenza',
  'Sensori di pioggia e luci',
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** City cars get their own short, tall picture (docs/adr/0124-car-pictures.md); the other bodies as listed. */
const bodyFor = (c: CarSpec): Body => (c.category === 'city-car' ? 'city' : c.body);

// The demo's pricing model (docs/adr/0112-demo-data.md: many offers sat at the same 118,90 €, 25.000 km cost as much as
// 40.000 km, and no deposit was low enough for a 'chance 1' credit check). A long-term rental rate is
// the car's depreciation over the contract, the money tied up in it, and the services, less the
// deposit spread over the months:
//   price = list price x 82% (the fleet discount) x the brand's level
//   residual value = price x (0,82 - 0,0058 x months - 0,0000018 x total km), within 15%..75%
//   rate = (price - residual) / months + (price + residual) / 2 x 4% / 12 + services - deposit / months
// so the rate grows with the km, shrinks with the deposit and with the duration; brands and body
// segments carry their own price level, rental companies their factor.
const BRAND_LEVEL: Record<string, number> = {
  BMW: 1.08,
  Audi: 1.07,
  'Mercedes-Benz': 1.1,
  Tesla: 1.04,
  'Alfa Romeo': 1.05,
  Dacia: 0.92,
  Fiat: 0.95,
  Citroën: 0.96,
  Kia: 0.97,
  Hyundai: 0.97,
};
const SEGMENT_SERVICES: Record<string, number> = { 'city-car': 22, berlina: 28, suv: 32, 'station-wagon': 30, monovolume: 32, furgone: 40 };
/** 0 km a year is the unlimited-km contract: priced as 45.000 km. */
const UNLIMITED_KM_PRICED_AS = 45000;

export function demoMonthlyRate(
  listPrice: number,
  category: string,
  brand: string,
  o: { duration: number; distance: number; deposit: number; factor: number },
): number {
  const price = listPrice * 0.82 * (BRAND_LEVEL[brand] ?? 1);
  const yearly = o.distance === 0 ? UNLIMITED_KM_PRICED_AS : o.distance;
  const totalKm = (yearly * o.duration) / 12;
  const residual = price * Math.min(0.75, Math.max(0.15, 0.82 - 0.0058 * o.duration - 0.0000018 * totalKm));
  const depreciation = (price - residual) / o.duration;
  const money = (((price + residual) / 2) * 0.04) / 12;
  const services = (SEGMENT_SERVICES[category] ?? 30) + (yearly / 1000) * 0.6;
  return (depreciation + money + services) * o.factor - o.deposit / o.duration;
}

// Deposits a dealer offers: none, low, mid, high; a low one is common (a 'chance 1' check finds them).
const DEPOSITS = [0, 500, 1000, 2000, 3500, 5000];
const DISTANCES = [10000, 15000, 20000, 25000, 30000, 40000];
// Demo "today": dates are fixed so the seed is the same on every run.
const SEED_EPOCH = Date.UTC(2026, 10, 1);

async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export type SeedOffersOptions = {
  offers?: number | undefined;
  /** Demo users by key (server/db/seed/users.ts) for owned and network offers. */
  users?: Map<string, number>;
};

/** Reference data (companies, products, areas, services, cars) and `offers` offers. */
export async function seedOffers(db: Db, opts: SeedOffersOptions = {}) {
  const count = opts.offers ?? DEFAULT_DEMO_OFFERS;
  const rng = prng(20261101);

  await db.insert(brokers).values(DEMO_BROKERS.map(({ code, name, kind }) => ({ code, name, kind, logo: null })));
  const productRows = await db.insert(products).values(PRODUCTS).returning({ id: products.id, code: products.code });
  await db.insert(areas).values(AREAS);
  await db.insert(deliveryTimes).values(DELIVERY_TIMES);
  const serviceRows = await db.insert(services).values(SERVICES).returning({ id: services.id, code: services.code });
  const serviceId = (code: string) => serviceRows.find((s) => s.code === code)?.id ?? 0;
  await db.insert(productServices).values(
    productRows.flatMap((p) => {
      const business = p.code.endsWith('-business');
      return [
        { productId: p.id, serviceId: serviceId('soccorso'), price: 0, included: true },
        { productId: p.id, serviceId: serviceId('pneumatici'), price: business ? 0 : 19, included: business, quantity: 4, minQuantity: 0, maxQuantity: 8 },
        { productId: p.id, serviceId: serviceId('auto-sostitutiva'), price: 16, hasPriceMap: true, priceMap: REPLACEMENT_PRICE_MAP },
        { productId: p.id, serviceId: serviceId('kasko'), price: 0, franchise: 500, included: true },
        { productId: p.id, serviceId: serviceId('pai'), price: 6, franchise: null },
        { productId: p.id, serviceId: serviceId('tutela-legale'), price: 4 },
      ];
    }),
  );

  const carRows = await db
    .insert(cars)
    .values(
      DEMO_CARS.map((c, i) => ({
        code: `CAR${String(i + 1).padStart(4, '0')}`,
        vehicleType: c.type ?? 'auto',
        brand: c.brand,
        brandSlug: slug(c.brand),
        model: c.model,
        version: c.version,
        category: c.category,
        body: bodyFor(c),
        fuel: c.fuel,
        gear: c.gear,
        gearDescription: c.gear === 'automatico' ? 'Cambio automatico' : 'Cambio manuale',
        displacement: c.cc,
        seats: c.seats,
        doors: c.doors,
        length: c.dims[0],
        width: c.dims[1],
        height: c.dims[2],
        boot: c.boot,
        hp: c.hp,
        kw: Math.round(c.hp * 0.7355),
        traction: c.traction ?? (c.model === 'Model Y' ? 'Posteriore' : 'Anteriore'),
        consumption: c.consumption,
        co2: c.co2,
        listPrice: c.price,
      })),
    )
    .returning({ id: cars.id, code: cars.code });

  const paintsByCar = new Map<number, typeof PAINTS>();
  const optionRows: (typeof carOptions.$inferInsert)[] = [];
  carRows.forEach((car, i) => {
    const paints = [PAINTS[0]!, ...rng.some(PAINTS.slice(1), 3 + (i % 2))];
    paintsByCar.set(car.id, paints);
    for (const p of paints) {
      optionRows.push({
        carId: car.id,
        code: `VER-${p.code}`,
        price: p.price,
        description: p.name,
        shortDescription: p.name,
        groupCode: 'VER',
        group: 'Vernici',
        hex: p.hex,
      });
    }
    for (const a of rng.some(ACCESSORIES, 4)) {
      optionRows.push({
        carId: car.id,
        code: a.code,
        price: a.price,
        description: a.description,
        shortDescription: a.short,
        groupCode: a.group[0]!,
        group: a.group[1]!,
        standardDescription: '',
      });
    }
  });
  await db.insert(carOptions).values(optionRows);

  const owners = opts.users ?? new Map<string, number>();
  const offerRows: (typeof offers.$inferInsert)[] = [];
  const variationsByCode = new Map<string, Omit<typeof offerVariations.$inferInsert, 'offerId'>[]>();
  for (let i = 0; i < count; i++) {
    const carIndex = rng.int(0, DEMO_CARS.length - 1);
    const spec = DEMO_CARS[carIndex]!;
    const car = carRows[carIndex]!;
    const broker = rng.pick(DEMO_BROKERS);
    const business = spec.type === 'commerciale' || rng.chance(0.35);
    const delivery = rng.pick(DELIVERY_TIMES);
    const stock = delivery.code === 'entro-30' ? rng.pick(['pronta-consegna', 'pronta-consegna', 'in-arrivo']) : rng.pick(['in-arrivo', 'su-ordinazione']);
    const status = rng.chance(0.72) ? 'nuovo' : rng.chance(0.6) ? 'km0' : 'usato';
    const paint = rng.pick(paintsByCar.get(car.id)!);
    const code = `OF${String(i + 1).padStart(6, '0')}`;
    // A few offers belong to an agent or to a network: visible only there.
    const ownerRoll = rng.next();
    const ownerUserId = ownerRoll < 0.03 ? (owners.get('full') ?? null) : ownerRoll < 0.05 ? (owners.get('sub1') ?? null) : null;
    const ownerGroup = ownerUserId ? null : ownerRoll < 0.09 ? 'NET-NORD' : ownerRoll < 0.11 ? 'NET-SUD' : null;
    const owned = ownerUserId !== null || ownerGroup !== null;
    const mineFull = ownerUserId !== null && ownerUserId === owners.get('full');
    offerRows.push({
      code,
      referenceCode: `${broker.code.slice(0, 3).toUpperCase()}-${String(100000 + rng.int(0, 899999))}`,
      carId: car.id,
      broker: broker.code,
      product: `${broker.code}-${business ? 'business' : 'privati'}`,
      area: rng.chance(0.55) ? 'nazionale' : rng.pick(AREAS.slice(1)).code,
      deliveryTime: delivery.code,
      brand: slug(spec.brand),
      model: spec.model,
      category: spec.category,
      fuel: spec.fuel,
      gear: spec.gear,
      vehicleType: spec.type ?? 'auto',
      // The full demo agent's own offers are catalogue offers with seller notes (only they read them).
      tag: rng.chance(0.2) || mineFull ? 'Catalogo' : null,
      secondaryTag: status === 'nuovo' && rng.chance(0.15) ? 'Promo' : status === 'km0' ? 'Km 0' : null,
      customerType: business ? 'piva' : 'privati',
      status,
      stock,
      noviceDriver: spec.hp <= 100 && spec.type !== 'commerciale' && rng.chance(0.7),
      fastDelivery: stock === 'pronta-consegna',
      isHighlighted: rng.chance(0.05),
      isSuggested: rng.chance(0.1),
      isCustom: owned,
      ownerUserId,
      ownerGroup,
      color: `VER-${paint.code}`,
      colorHex: paint.hex,
      image: carImagePath(bodyFor(spec), paint.hex),
      notes: rng.chance(0.3) ? 'Consegna presso la sede del cliente inclusa.' : null,
      privateNotes:
        (rng.chance(0.4) ? `Margine trattabile fino a ${rng.int(2, 6) * 5} € al mese; referente ${broker.name}.` : null) ??
        (mineFull ? 'Sconto concordato con la direzione fino a 15 € al mese.' : null),
      equippedOptionals: rng.some(STANDARD_EQUIPMENT, 4).join(', '),
      potentialProfit: Math.round(spec.price * 0.025),
      hasExtraCommission: rng.chance(0.6),
      hasUnderCommission: rng.chance(0.4),
      hasOverCommission: rng.chance(0.2),
      createdAt: new Date(SEED_EPOCH - i * 3_600_000 - rng.int(0, 3_599) * 1000),
      updatedAt: new Date(SEED_EPOCH),
    });

    // About 10 child offers each: 2-3 durations x 2 distances x 2 deposits.
    const durations = rng.some([24, 36, 48, 60], rng.int(2, 3));
    const distances = rng.chance(0.15) ? [rng.pick([10000, 15000, 20000]), 0] : rng.some(DISTANCES, 2);
    // Half the offers start from no deposit, most others from a low one; none above 15% of the list
    // price (the FAQ: 'pari a 0 oppure al 10-15% del prezzo di listino').
    const allowed = DEPOSITS.filter((d) => d <= spec.price * 0.15);
    const higher = allowed.filter((d) => d >= 2000);
    const deposits = rng.chance(0.5) ? [0, rng.pick(higher)] : rng.chance(0.6) ? [rng.pick([500, 1000]), rng.pick(higher)] : rng.some(allowed.slice(1), 2);
    const factor = broker.factor * (status === 'usato' ? 0.82 : status === 'km0' ? 0.92 : 1) * (0.97 + rng.next() * 0.06);
    const bundle = rng.chance(0.08) ? 'Full Service' : null;
    const children: Omit<typeof offerVariations.$inferInsert, 'offerId'>[] = [];
    for (const duration of durations) {
      for (const distance of distances) {
        for (const deposit of deposits) {
          let rate = demoMonthlyRate(spec.price, spec.category, spec.brand, { duration, distance, deposit, factor }) + (bundle ? 25 : 0);
          rate = Math.max(69, Math.round(rate));
          if (rng.chance(0.3)) rate -= 0.1; // '299,90'
          const special = rng.chance(0.05);
          children.push({
            ref: `${code}-${duration}-${distance}-${deposit}`,
            deposit,
            duration,
            distance,
            monthlyRate: rate,
            webMonthlyRate: Math.round(rate + rng.int(5, 20)),
            bundle,
            specialRate: special ? 1 : null,
            specialPrice: special ? Math.round(rate - rng.int(10, 30)) : null,
          });
        }
      }
    }
    variationsByCode.set(code, children);
  }

  const inserted: { id: number; code: string }[] = [];
  await insertBatches(offerRows, 1000, async (batch) =>
    inserted.push(...(await db.insert(offers).values(batch).returning({ id: offers.id, code: offers.code }))),
  );
  const variationRows = inserted.flatMap((o) => (variationsByCode.get(o.code) ?? []).map((v) => ({ ...v, offerId: o.id })));
  await insertBatches(variationRows, 5000, (batch) => db.insert(offerVariations).values(batch));
  await refreshOfferSummaries(db);
  return { offers: inserted.length, variations: variationRows.length };
}

/** For benchmarks and reseeding: empties the catalogue (reference data included). */
export async function clearOffers(db: Db) {
  await db.execute(
    sql`truncate table offer_variations, offers, car_options, cars, product_services, products, services, delivery_times, areas, brokers restart identity cascade`,
  );
}
