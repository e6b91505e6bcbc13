/** Texts of the offer comparison (docs/adr/0143-compare-offers.md; see it.ts). Row labels and cell figures are core/compare-table.ts's, shared with the PDF. */
import { COMPARE_LIMIT } from '@core/compare';
import { it as shared } from './it';

export const compare = {
  title: 'Confronta offerte',
  heading: (n: number) => `Confronto offerte (${n} di ${COMPARE_LIMIT})`,
  toggle: 'Confronta',
  toggleOn: 'Nel confronto',
  toggleLabel: (car: string) => `Confronta ${car}`,
  bar: (n: number) => `${n} ${n === 1 ? 'offerta' : 'offerte'} nel confronto`,
  open: 'Apri il confronto',
  clear: 'Svuota',
  full: `Puoi confrontare al massimo ${COMPARE_LIMIT} offerte: togline una dal confronto per aggiungerne un’altra.`,
  add: 'Aggiungi al confronto',
  added: (n: number) => `Configurazione aggiunta al confronto (${n} di ${COMPARE_LIMIT}).`,
  present: 'Questa configurazione è già nel confronto.',
  empty: `Nessuna offerta da confrontare. Tocca 'Confronta' sulle offerte (fino a ${COMPARE_LIMIT}) o 'Aggiungi al confronto' nel dettaglio di un’offerta.`,
  goToOffers: 'Vai alle offerte',
  addMore: 'Aggiungi un’altra offerta per confrontarle.',
  remove: (car: string) => `Togli ${car} dal confronto`,
  offer: 'Offerta',
  openDetail: 'Vedi offerta',
  best: 'Migliore',
  bestLegend: 'Migliore: il valore più conveniente della riga.',
  tableLabel: 'Tabella di confronto delle offerte',
  loading: 'Caricamento dell’offerta…',
  notVisible: 'Offerta non disponibile: non è visibile con il tuo account o non è più pubblicata.',
  unavailableOffline: 'Offerta non disponibile offline: non è nella copia sul dispositivo.',
  loadError: 'Non è stato possibile caricare l’offerta.',
  noMatch: 'Questa configurazione non è più disponibile per l’offerta.',
  someMissing: (n: number) =>
    n === 1
      ? 'Un’offerta del confronto non è disponibile: la sua colonna dice perché.'
      : `${n} offerte del confronto non sono disponibili: le loro colonne dicono perché.`,
  fromDevice: 'Sei offline: il confronto usa le offerte salvate sul dispositivo. Servizi e optional tornano quando il server risponde.',
  shared: 'Confronto condiviso da un collega: vedi le offerte visibili con il tuo account, con le tue condizioni.',
  useShared: 'Usa come mio confronto',
  print: 'Stampa PDF',
  pdfVersion: 'Versione del PDF',
  pdfForCustomer: 'PDF per il cliente',
  pdfForAgent: 'PDF con la mia provvigione',
  printing: 'Preparazione del PDF…',
  printNeedsTwo: 'Per stampare servono almeno due offerte disponibili.',
  printFailed: 'Non è stato possibile generare il PDF, riprova.',
  printOffline: 'Per stampare il PDF serve la connessione.',
  share: 'Condividi con un agente',
  shareCopied: 'Link copiato: invialo a un agente della tua rete. Vedrà le offerte visibili con il suo account.',
  shareManual: 'Copia il link e invialo a un agente della tua rete:',
  shareLink: 'Link del confronto',
  vatExcluded: 'Canoni IVA esclusa. Il canone mensile può subire variazioni.',
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.compare.…`. */
export const it = { ...shared, compare };
