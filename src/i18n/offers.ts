import { formatNumber } from '@core/format';
/** Texts of the offers screen (see it.ts). */
import { it as shared } from './it';
import { creditCheck } from './credit-check';

export const offers = {
  title: 'Offerte',
  found: (n: number) => `${formatNumber(n)} ${n === 1 ? 'Auto Trovata' : 'Auto Trovate'}`,
  sortBy: 'Ordina per',
  download: 'Scarica lista',
  downloadFailed: 'Non è stato possibile scaricare la lista, riprova',
  removeAll: 'Rimuovi tutti',
  removeChip: 'Clicca per rimuovere',
  showAll: 'Mostra tutti',
  hide: 'Nascondi',
  filter: 'Filtra',
  filtersTitle: 'Filtra le offerte',
  showResults: (n: number) => `Mostra ${formatNumber(n)} risultati`,
  empty: 'Oops, al momento non abbiamo risultati per la tua ricerca. Prova a modificare o a cancellare i filtri selezionati.',
  loadError: 'Non è stato possibile caricare le offerte.',
  from: 'Da',
  to: 'A',
  perMonth: 'al mese',
  months: (n: number) => `${n} mesi`,
  deposit: 'Anticipo',
  duration: 'Durata',
  distance: 'Km annui',
  noDeposit: 'Nessun anticipo',
  fastDelivery: 'Consegna rapida',
  vatExcluded: 'IVA esclusa',
  sections: {
    tags: 'Tag',
    brands: 'Marca',
    monthly_rates: 'Canone mensile',
    fuels: 'Alimentazione',
    categories: 'Categoria',
    gear: 'Cambio',
    durations: 'Durata',
    distances: 'Km annui',
    deposits: 'Anticipo',
    unlimitedKm: 'Km illimitati',
    customerType: 'Tipo cliente',
    delivery_times: 'Tempi di consegna',
    fast_delivery: 'Consegna rapida',
    stocks: 'Disponibilità',
    status: 'Stato',
    noviceDriver: 'Neopatentati',
    brokers: 'Società di noleggio',
    products: 'Prodotti',
    areas: 'Area',
    other: 'Altri filtri',
  } as Record<string, string>,
  chipRange: (section: string, from: string, to: string) => `${section}: ${from} - ${to}`,
  requestBanner: {
    title: 'Non trovi l’auto che cerchi?',
    text: 'Chiedici un’offerta su misura per il tuo cliente: la cerchiamo noi tra le società di noleggio.',
    action: 'Richiedi un’offerta',
  },
  sponsorBanner: {
    title: 'Quanto vale l’auto del tuo cliente?',
    text: 'Con la valutazione gratuita dell’usato il tuo cliente può ridurre l’anticipo del noleggio.',
    badge: 'Sponsor',
  },
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.offers.…`. */
export const it = { ...shared, offers, creditCheck };
