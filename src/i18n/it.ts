/**
 * Every user-visible text of the app. Texts the spec gives are verbatim (the sales portal and account
 * specs, docs/architecture.md); messages shared with the server come from core/.
 * This module holds the shell's and the login's texts; each later area has its own module beside it
 * (offers.ts, quotation.ts, ...) whose `it` adds its sections to these, so a screen's chunk carries
 * its own texts only.
 */
// A relative path: vite.config.ts reads these texts for the static login shell (its loader has no aliases).
import * as M from '../../core/first-messages';
import { SERVER_ERROR } from '../../core/validation/messages';

export const it = {
  appName: 'Portale Noleggio',
  common: {
    user: 'utente',
    save: 'Salva',
    cancel: 'Annulla',
    confirm: 'Conferma',
    understood: 'Ho capito',
    close: 'Chiudi',
    back: 'Indietro',
    next: 'Avanti',
    loading: 'Caricamento…',
    required: M.required,
    invalidValue: 'Il valore inserito non è valido',
    placeholder: 'Inserisci un valore',
    formErrors: M.formErrors,
    badRequest: M.badRequest,
    serverError: M.serverError,
    /** A screen that failed to render (src/shell/crash-screen.tsx): the spec's server-error text. */
    crashed: SERVER_ERROR,
    reload: 'Ricarica la pagina',
    offline: M.offline,
    noAnswer: M.noAnswer,
    retry: 'Riprova',
    page: (current: number, last: number) => `Pagina ${current} di ${last}`,
    pagination: 'Paginazione',
    /** File fields (src/ui/file-pick.tsx): the chosen file's name, or this. */
    noFile: 'Nessun file selezionato',
    chosenFiles: (n: number) => (n === 1 ? '1 file scelto' : `${n} file scelti`),
  },
  menu: {
    home: 'Home',
    offers: 'Offerte',
    quotations: 'Preventivi Salvati',
    dashboard: 'Dashboard',
    network: 'Rete',
    catalog: 'Catalogo',
    providers: 'Provider',
    products: 'Prodotti',
    marketing: 'Materiale pubblicitario',
    faq: 'Domande Frequenti',
    support: 'Supporto',
    profile: 'Profilo',
    logout: 'Esci',
    openMenu: 'Apri il menu',
    closeMenu: 'Chiudi il menu',
    userMenu: 'Menu utente',
  },
  footer: {
    text: 'Piattaforma abilitata alla vendita di noleggio a lungo termine.',
    terms: 'Termini e condizioni',
    privacy: 'Informativa privacy',
    processor: 'Nomina a responsabile del trattamento',
  },
  login: {
    title: 'Accedi',
    subtitle: 'Il portale per la vendita del noleggio a lungo termine',
    email: 'Email',
    password: 'Password',
    submit: 'Accedi',
    forgot: 'Password dimenticata?',
    sso: 'Accedi con Single Sign-On',
  },
  home: {
    greeting: (name: string) => `Ciao ${name}`,
    intro: 'Da qui trovi le offerte di noleggio a lungo termine, i preventivi dei tuoi clienti e l’andamento delle vendite.',
    shortcuts: 'Accesso rapido',
    customers: 'Clienti',
  },
  offline: {
    online: 'Online',
    offline: 'Offline',
    statusLabel: (online: boolean, pending: number) => `${online ? 'Online' : 'Offline'}${pending ? `, ${pending} modifiche da inviare` : ''}`,
    pendingTitle: 'Modifiche da inviare',
    nonePending: 'Tutte le modifiche sono state inviate al server.',
    syncNow: 'Sincronizza ora',
    retry: 'Riprova',
    discard: 'Elimina',
    discardConfirm: 'Eliminare questa modifica? Non verrà inviata al server.',
    waiting: 'In attesa di connessione',
    paused: 'Accedi di nuovo per inviare le modifiche',
    rejected: 'Rifiutata dal server',
    updatedAt: (time: string) => `aggiornato alle ${time}`,
    updatedOn: (day: string, time: string) => `aggiornato il ${day} alle ${time}`,
    offlineBanner: 'Sei offline: stai vedendo gli ultimi dati salvati sul dispositivo',
    offlineSearch: (updated: string) => `Sei offline: la ricerca usa le offerte salvate sul dispositivo (catalogo ${updated}).`,
    logoutPending: (n: number) =>
      `Ci ${n === 1 ? 'è 1 modifica' : `sono ${n} modifiche`} non ancora ${n === 1 ? 'inviata' : 'inviate'} al server. ${n === 1 ? 'Resterà' : 'Resteranno'} sul dispositivo e ${n === 1 ? 'sarà inviata' : 'saranno inviate'} al tuo prossimo accesso; gli altri tuoi dati salvati sul dispositivo (offerte, clienti, preventivi) verranno cancellati. Vuoi uscire comunque?`,
    logoutAnyway: 'Esci comunque',
    updateAvailable: 'È disponibile una nuova versione del portale.',
    update: 'Aggiorna',
  },
  assistant: {
    open: 'Assistente',
    title: 'Assistente',
    personal: 'Assistente personale',
    welcome: 'Ciao! Sono l’assistente del portale. Fammi una domanda su contratti, chilometri, anticipo, franchigie, IVA o credit check.',
    placeholder: 'Scrivi una domanda…',
    send: 'Invia',
    close: 'Chiudi assistente',
    notFound: 'Non sono sicuro della risposta: guarda le Domande Frequenti o contatta il supporto:',
    contact: (email: string, phone: string) => `email ${email}, telefono ${phone}`,
    suggestions: 'Domande frequenti',
  },
  notFound: {
    title: 'Pagina non trovata',
  },
  /** A private route the user's features or role do not open (docs/adr/0144-hidden-areas-and-not-enabled-page.md): say why instead of moving. */
  notAllowed: {
    title: 'Accesso non consentito',
    message: M.featureDisabled,
    hint: 'Se ti serve, chiedi al tuo capogruppo o al supporto di abilitarla.',
    home: 'Torna alla Home',
  },
  roles: { 0: 'Agente', 1: 'Capogruppo' } as Record<number, string>,
} as const;

export type Texts = typeof it;
