/** Texts of the credit check (widget, modal, offer panel) and its traffic light on the offers (see it.ts). */
import { it as shared } from './it';

export const creditCheck = {
  button: 'Credit check',
  title: 'Credit check',
  notification: 'Scopri quali sono le offerte più adatte al tuo cliente!',
  start: 'Inizia',
  intro: 'Rispondi alle domande sul cliente: ti diremo quali probabilità ha di ottenere il noleggio e quali offerte sono più adatte.',
  category: 'Categoria contrattuale',
  categoryPlaceholder: 'Seleziona la categoria',
  categoryRequired: 'Seleziona la categoria contrattuale del cliente',
  progress: (answered: number, total: number) => `Domande: ${answered} di ${total}`,
  progressLabel: 'Avanzamento del credit check',
  yes: 'Sì',
  no: 'No',
  ok: 'Ok',
  amountPlaceholder: 'Importo in euro',
  choicePlaceholder: 'Seleziona una risposta',
  submit: 'Verifica',
  checking: 'Verifica in corso…',
  reset: 'Nuovo credit check',
  showcase: 'Vetrina Offerte',
  limits: 'Limiti applicati alle offerte',
  monthlyRateMax: (value: string) => `Canone massimo: ${value}`,
  depositRequired: (value: string) => `Anticipo richiesto: fino a ${value}`,
  error: 'Spiacenti, si è verificato un errore con la richiesta. Si prega di riprovare',
  retrying: 'Nuovo tentativo in corso…',
  errorVariant: (n: 1 | 2) => `errore ${n}`,
  confirmEdit: 'Modificando questo filtro il credit check verrà azzerato. Confermi?',
  confirmRemove: 'Rimuovendo i filtri verrà azzerato il credit check. Confermi?',
  offer: {
    title: 'Sostenibilità',
    ask: 'Verifica la sostenibilità di questa offerta per il tuo cliente.',
    start: 'Verifica sostenibilità',
    edit: 'Modifica risposte',
    done: 'Calcola',
    checking: 'Calcolo della sostenibilità…',
  },
  trafficLight: { 2: 'Alta', 1: 'Media', 0: 'Bassa' } as Record<number, string>,
  /** The level's name beside its number and colour: the colour alone reads the other way round (docs/adr/0126-traffic-light-colours.md). */
  trafficLightLevel: (value: number, label: string) => `Livello ${value} · ${label}`,
  trafficLightTitle: 'Esito credit check',
  trafficLightLegend:
    'Probabilità che il cliente sia accettato, dal credit check: livello 2 alta (rosso), 1 media (ambra), 0 bassa (verde). I colori seguono la scala del credit check, non il badge di sostenibilità delle offerte.',
  trafficLightLocked: 'Livello fissato dal risultato del credit check',
  trafficLightLast: 'Almeno un livello resta selezionato',
  /** The card's traffic light, e.g. 'Sostenibilità: Alta'. */
  cardSustainability: (level: string) => `Sostenibilità: ${level}`,
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.creditCheck.…`. */
export const it = { ...shared, creditCheck };
