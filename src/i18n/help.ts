/** Texts of the FAQ and support (see it.ts). */
import { it as shared } from './it';

export const faq = {
  title: 'Domande Frequenti',
  // The FAQ of the spec (sales-portal §1: durations, km, advance payment, deductibles) first, then how the
  // portal does what agents ask most. `id`: the entry's name for the assistants' evaluation set
  // (src/shell/assistant-eval.ts); `keywords`: words agents use for the same thing, searched by the assistants
  // (src/shell/assistant-match.ts), not shown.
  items: [
    {
      id: 'durata',
      q: 'Quanto può durare un contratto di noleggio a lungo termine?',
      a: 'I contratti durano da 24 a 60 mesi.',
      keywords: 'durata dura durano mesi anni minimo minima massimo massima lunghezza scadenza periodo contratto breve lungo tenere',
    },
    {
      id: 'km',
      q: 'Quanti chilometri si possono percorrere?',
      a: 'Fino a 200.000 km totali per le auto e fino a 250.000 km totali per i veicoli commerciali.',
      keywords: 'km chilometri chilometraggio percorrenza percorrere limite massimo totali annui anno furgone furgoni commerciale commerciali veicolo',
    },
    {
      id: 'anticipo',
      q: 'È previsto un anticipo?',
      a: 'L’anticipo può essere pari a 0 oppure al 10-15% del prezzo di listino del veicolo.',
      keywords: 'anticipo acconto versare versamento iniziale senza zero pagare prima rata listino percentuale',
    },
    {
      id: 'franchigie',
      q: 'Quali sono le franchigie assicurative?',
      a: 'RCA 250 euro, danni 500 euro, furto 10% del valore o 500 euro.',
      keywords: 'franchigia franchigie assicurazione assicurativa incidente sinistro rubano rubata furto danno danni kasko copertura rca scoperto carico',
    },
    {
      id: 'iva',
      q: 'I prezzi mostrati includono l’IVA?',
      a: 'No: i canoni sono mostrati IVA esclusa e al netto della ritenuta d’acconto.',
      keywords: 'iva esclusa inclusa compresa comprensivo senza netto lordo tasse ritenuta',
    },
    {
      id: 'credit-check',
      q: 'Che cos’è il credit check?',
      a: 'È una verifica preliminare della sostenibilità: in base alle risposte del cliente indica con un semaforo la probabilità che la società di noleggio accetti la richiesta e mostra le offerte più adatte.',
      keywords: 'credit check prescoring semaforo affidabilità sostenibilità verifica approvazione approvato rosso verde giallo ambra funziona probabilità',
    },
    {
      id: 'neopatentati',
      q: 'Ci sono auto adatte ai neopatentati?',
      a: 'Sì: nella Vetrina Offerte attiva il filtro «Adatta ai neopatentati» per vedere solo le auto che un neopatentato può guidare.',
      keywords: 'neopatentato neopatentata neopatentati patente presa recente giovane ragazzo figlio diciottenne principiante guidare',
    },
    {
      id: 'clienti',
      q: 'Dove trovo i miei clienti e come ne aggiungo uno nuovo?',
      a: 'Nella sezione Clienti trovi i clienti dei tuoi preventivi, con i loro dati e i loro preventivi. Un cliente nuovo si registra creando un preventivo: nel primo passo inserisci il codice fiscale (o la partita IVA); se il cliente c’è già, i suoi dati si compilano da soli.',
      keywords: 'cliente clienti anagrafica anagrafiche rubrica elenco aggiungere registrare inserire nuovo cercare trovare codice fiscale',
    },
    {
      id: 'catalogo',
      q: 'Come creo un’offerta nel mio catalogo?',
      a: 'Dal menu Catalogo premi «Nuova offerta»: scegli l’auto (o una versione personalizzata), provider e prodotto, canone, anticipo, durata e km annui, e i servizi inclusi; poi aggiungi le variazioni di prezzo. Per pubblicarla servono almeno 2 anticipi, 2 durate e 3 percorrenze diverse.',
      keywords: 'catalogo creare crearne inserire caricare pubblicare nuova offerta offerte propria proprie mia mie variazioni varianti listino',
    },
    {
      id: 'preventivo',
      q: 'Come faccio un preventivo a un cliente?',
      a: 'Apri un’offerta dalla Vetrina Offerte, configurala e premi «Crea preventivo»: inserisci i dati del cliente, confermali, completa il credit check e carica i documenti. Tutti i preventivi sono in Preventivi Salvati.',
      keywords: 'preventivo preventivi proposta quotazione creare crearne preparare nuovo iniziare partire',
    },
    {
      id: 'documenti',
      q: 'Quali documenti devo caricare, e in che formato?',
      a: 'Nel passo «Carica documenti» del preventivo c’è uno spazio per ogni documento richiesto (per esempio documento d’identità, buste paga o bilancio): si caricano solo file PDF.',
      keywords: 'documenti documento carta identità busta buste paga pdf caricare allegare allegati formato file upload chiedere richiesti',
    },
    {
      id: 'stati',
      q: 'Che cosa vogliono dire gli stati di un preventivo?',
      a: '«In corso» è un preventivo aperto, «Vinto» uno accettato dal cliente, «Perso» uno rifiutato. Dalla pagina del preventivo puoi accettarlo o rifiutarlo.',
      keywords: 'stato stati significa significato corso vinto perso accettato accettare rifiutato rifiutare chiudere esito',
    },
    {
      id: 'provvigione',
      q: 'Dove vedo la mia provvigione?',
      a: 'Se per il tuo account è attiva la visibilità delle provvigioni, la provvigione potenziale è nella scheda dell’offerta (dati venditore) e nel riepilogo del preventivo; la Dashboard mostra il profitto effettivo.',
      keywords: 'provvigione provvigioni commissione commissioni guadagno guadagnare compenso margine fee profitto',
    },
    {
      id: 'richiesta',
      q: 'L’auto che cerco non è tra le offerte: cosa faccio?',
      a: 'Usa «Richiedi un’offerta»: indica marca, modello, versione, durata, km e anticipo, e la richiesta viene girata alle società di noleggio.',
      keywords: 'modello versione manca mancante presente richiesta richiedere manuale listata',
    },
    {
      id: 'password',
      q: 'Come cambio la password?',
      a: 'Dal Profilo, scheda «Password»: inserisci la password attuale e la nuova (almeno 8 caratteri, diversa da quella attuale).',
      keywords: 'password cambiare modificare nuova dimenticata accesso credenziali',
    },
    {
      id: 'confronto',
      q: 'Come confronto più offerte?',
      a: 'Premi «Confronta» su un massimo di 4 offerte (o «Aggiungi al confronto» nel dettaglio di un’offerta) e apri il confronto: canone, costo totale, servizi e consegna fianco a fianco.',
      keywords: 'confronto confrontare comparare paragonare paragone differenza differenze fianco',
    },
    {
      id: 'rete',
      q: 'Come aggiungo un sub-agente alla mia rete?',
      a: 'Se sei capogruppo con la rete attiva, dal Profilo, scheda «Rete», aggiungi il sub-agente con i suoi dati e il suo compenso: riceve un’email per attivare l’account, e da lì puoi attivarlo o disattivarlo.',
      keywords: 'rete team squadra sub agente subagente subagenti sottoagente collaboratore collaboratori capogruppo aggiungere attivare disattivare',
    },
    {
      id: 'offline',
      q: 'Il portale funziona senza connessione?',
      a: 'Sì: le offerte, i clienti e i preventivi già visti restano consultabili; preventivi e documenti creati senza rete vengono inviati appena torna la connessione.',
      keywords: 'offline connessione internet campo linea senza',
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
    'Non sono sicuro di aver capito cosa cerchi. Per le regole del noleggio guarda le Domande Frequenti o chiedi al supporto; tra i tuoi dati posso contare i tuoi preventivi, trovarli per cliente o per numero, dirti le provvigioni e portarti alla pagina giusta.',
  fromFaq: 'Dalle Domande Frequenti:',
  go: (label: string) => `Ecco dove trovarlo: ${label}.`,
  newQuotation:
    'Un preventivo parte da un’offerta: sceglila nella Vetrina Offerte e premi «Crea preventivo». Se l’auto non c’è, dalla pagina del preventivo puoi chiedere un’offerta manuale.',
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
