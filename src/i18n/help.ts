/** Texts of the FAQ and support (see it.ts). */
import { it as shared } from './it';

export const faq = {
  title: 'Domande Frequenti',
  items: [
    // keywords: words agents use for the same thing, searched by the assistants (src/shell/assistant-match.ts), not shown.
    {
      q: 'Quanto può durare un contratto di noleggio a lungo termine?',
      a: 'I contratti durano da 24 a 60 mesi.',
      keywords: 'durata dura mesi anni minimo massimo lunghezza scadenza',
    },
    {
      q: 'Quanti chilometri si possono percorrere?',
      a: 'Fino a 200.000 km totali per le auto e fino a 250.000 km totali per i veicoli commerciali.',
      keywords: 'km chilometraggio percorrenza limite annui anno furgone furgoni commerciale',
    },
    {
      q: 'È previsto un anticipo?',
      a: 'L’anticipo può essere pari a 0 oppure al 10-15% del prezzo di listino del veicolo.',
      keywords: 'acconto versare versamento iniziale senza zero pagare prima rata',
    },
    {
      q: 'Quali sono le franchigie assicurative?',
      a: 'RCA 250 euro, danni 500 euro, furto 10% del valore o 500 euro.',
      keywords: 'franchigia assicurazione incidente sinistro rubano rubata furto danno kasko copertura',
    },
    {
      q: 'I prezzi mostrati includono l’IVA?',
      a: 'No: i canoni sono mostrati IVA esclusa e al netto della ritenuta d’acconto.',
      keywords: 'iva esclusa netto lordo tasse prezzo prezzi canone',
    },
    {
      q: 'Che cos’è il credit check?',
      a: 'È una verifica preliminare della sostenibilità: in base alle risposte del cliente indica con un semaforo la probabilità che la società di noleggio accetti la richiesta e mostra le offerte più adatte.',
      keywords: 'prescoring semaforo affidabilità verifica cliente approvazione approvato rosso verde giallo ambra funziona',
    },
  ],
} as const;

export const support = {
  title: 'Supporto',
  intro: 'Hai bisogno di aiuto? Contatta il nostro supporto commerciale.',
  email: 'Email',
  phone: 'Telefono',
  hours: 'Dal lunedì al venerdì, 9:00-18:00',
} as const;

/** The personal assistant (src/shell/personal-assistant.ts): the agent's own work, not the FAQ. */
export const personalAssistant = {
  welcome: (name: string) => `Ciao ${name}, sono il tuo assistente personale: conosco i tuoi preventivi e i tuoi risultati.`,
  examples: 'Prova a chiedermi:',
  suggestions: ['Quanti preventivi ho fatto questo mese?', 'Mostrami i preventivi aperti', 'Quanto ho guadagnato quest’anno?'],
  greeting: (name: string) => `Ciao ${name}! Dimmi pure: posso contare i tuoi preventivi, trovarli per cliente o per numero e dirti le provvigioni.`,
  help: 'Posso dirti quanti preventivi hai fatto e con che esito (oggi, questa settimana, questo mese, il mese scorso, quest’anno), le provvigioni maturate, mostrarti gli ultimi preventivi anche di un cliente o per numero, e portarti alla pagina giusta. Per le regole del noleggio c’è l’assistente delle domande frequenti.',
  other:
    'Non ho capito cosa cerchi tra i tuoi dati. Posso contare i tuoi preventivi, trovarli per cliente o per numero, dirti le provvigioni e portarti alla pagina giusta.',
  fromFaq: 'Dalle Domande Frequenti:',
  go: (label: string) => `Ecco dove trovarlo: ${label}.`,
  newQuotation:
    'Un preventivo parte da un’offerta: sceglila nella Vetrina Offerte e premi «Richiedi preventivo». Se l’auto non c’è, dalla pagina del preventivo puoi chiedere un’offerta manuale.',
  notAllowed: 'Questa informazione non è abilitata per il tuo account.',
  offline: 'Non riesco a raggiungere il server in questo momento: riprova quando sei di nuovo in linea.',
  failed: 'Non sono riuscito a leggere i tuoi dati. Riprova tra poco.',
  periods: {
    today: 'Oggi',
    days: 'Ultimi 7 giorni',
    month: 'Questo mese',
    prevmonth: 'Il mese scorso',
    year: 'Quest’anno',
    prevyear: 'L’anno scorso',
  } as Record<string, string>,
  counts: (total: string, open: string, won: string, lost: string) =>
    `${total} preventiv${total === '1' ? 'o' : 'i'}: ${open} in corso, ${won} vint${won === '1' ? 'o' : 'i'}, ${lost} pers${lost === '1' ? 'o' : 'i'}.`,
  effective: (amount: string) => `provvigioni maturate ${amount}`,
  potential: (amount: string) => `provvigioni potenziali sui preventivi in corso ${amount}`,
  newCustomers: (n: string) => `nuovi clienti ${n}`,
  noFees: 'Le provvigioni non sono visibili per il tuo account.',
  statusWords: { OPEN: 'in corso', WON: 'vinti', LOST: 'persi' } as Record<string, string>,
  none: (what: string) => `Non trovo preventivi${what ? ` ${what}` : ''} negli ultimi due anni.`,
  noneFor: (customer: string, what: string) => `Non trovo preventivi${what ? ` ${what}` : ''} per «${customer}» negli ultimi due anni.`,
  found: (total: string, what: string, customer: string | null, shown: number) =>
    `Ho trovato ${total} preventiv${total === '1' ? 'o' : 'i'}${what ? ` ${what}` : ''}${customer ? ` per «${customer}»` : ''}${shown > 1 ? `; ecco i ${shown} più recenti:` : ':'}`,
  one: (code: string, customer: string, car: string, rate: string, status: string, date: string) =>
    `Il preventivo ${code} è di ${customer}: ${car}, ${rate}, ${status.toLowerCase()}, del ${date}.`,
  notFound: (n: string) => `Non trovo il preventivo ${n} tra i tuoi.`,
  open: (code: string, customer: string) => `Apri ${code} (${customer})`,
  destinations: {
    newQuotation: 'Vetrina Offerte',
    offerRequest: 'Richiedi un’offerta',
    offers: 'Vetrina Offerte',
    customers: 'Clienti',
    dashboard: 'Dashboard',
    profile: 'Profilo',
    password: 'Profilo › Password',
    apiKey: 'Profilo › Chiave API',
    network: 'Rete',
    faq: 'Domande Frequenti',
    support: 'Supporto',
    quotations: 'Preventivi Salvati',
  },
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.faq.…`. */
export const it = { ...shared, faq, support, personalAssistant };
