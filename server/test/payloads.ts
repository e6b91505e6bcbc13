// Valid request bodies the server tests start from (catalogue, security suites, quotations): one
// copy each, changed per test through `over`.
import { and, eq, isNull } from 'drizzle-orm';
import type { ProposalSave } from '@core/schemas/quotations';
import type { Db } from '../db/client';
import { offers, offerVariations } from '../db/schema';

/** A custom car (POST car): every field the spec requires. */
export const customCar = (over: object = {}) => ({
  vehicleType: 'auto',
  brand: 'Fiat',
  modello: 'Panda',
  category: 'city-car',
  fuel: 'benzina',
  segmento: 'A',
  allestimento: '1.2 69cv Easy Allestimento Speciale',
  neo_patentati: true,
  cilindrata: 1242,
  cavalli_fiscali: 13,
  descrizione_trazione: 'Anteriore',
  desc_motore: '1.2 Fire',
  hp: 69,
  consumo_medio: 5.2,
  kw: 51,
  euro: 'Euro 6',
  emissioni_co2: 120,
  descrizione_cambio: 'manuale',
  larghezza: 1643,
  lunghezza: 3653,
  bagagliaio: 225,
  posti: 4,
  porte: 5,
  ...over,
});

export const offerInput = (car: number, over: object = {}) => ({
  car,
  provider: 'aurora-rent',
  product: 'aurora-rent-privati',
  price: 299,
  deposit: 1000,
  duration: 36,
  distance: 15000,
  unlimitedKm: false,
  deliveryTime: 'entro-30',
  fastDelivery: true,
  potential_profit: 1200,
  right_label: 'privati',
  reference_code: 'AB123CD',
  notes: 'Nota pubblica',
  private_notes: 'Nota privata',
  services: [{ id: 1, price: 10, quantity: null }],
  ...over,
});

/** A retired private customer's quote form (POST quote) for a child-offer ref. */
export const quoteForm = (code: string, over: object = {}) => ({
  code,
  first_name: 'Anna',
  last_name: 'Bianchi',
  email: 'anna@example.it',
  phone: '3331234567',
  fiscal_code: 'BNCNNA80A41F205U',
  zip_code: '00184',
  employee_category: 'pensionato',
  ...over,
});

/** A new private customer's proposal (POST proposals) for a child-offer ref. */
export const privateProposal = (offer: string, over: Partial<ProposalSave> = {}): ProposalSave => ({
  offer,
  first_name: 'Mario',
  last_name: 'Rossi',
  email: 'mario.rossi@example.it',
  phone: '+39 333 1234567',
  fiscal_code: 'RSSMRA85T10A562S',
  zip_code: '20121',
  address: 'Via Roma 1',
  city: 'Milano',
  employee_category: 'tempo-indeterminato',
  notes: '',
  consent: true,
  ...over,
});

/** The ref of the first child offer of a public offer for that customer type (what proposals start from). */
export async function publicOfferRef(db: Db, customerType: 'piva' | 'privati'): Promise<string> {
  const [row] = await db
    .select({ ref: offerVariations.ref })
    .from(offerVariations)
    .innerJoin(offers, eq(offers.id, offerVariations.offerId))
    .where(and(eq(offers.customerType, customerType), isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt)))
    .orderBy(offerVariations.id)
    .limit(1);
  return row!.ref;
}
