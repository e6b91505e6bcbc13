import { type ContractualCategory, categoryInfo, type CustomerType } from './categories';

/** Quotation statuses with the spec's labels (spec §4, "Quotation status"). */
export const QUOTATION_STATUSES = ['OPEN', 'WON', 'LOST'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const STATUS_LABELS: Record<QuotationStatus, string> = { OPEN: 'In corso', WON: 'Vinto', LOST: 'Perso' };

/** 'Preventivo #00001': proposal numbers are padded to 5 digits. */
export const proposalTitle = (n: number) => `Preventivo #${String(n).padStart(5, '0')}`;

export type TrackerInput = {
  sustainabilityAnswers?: Record<string, unknown> | null;
  code?: string | null;
  hasAttachments?: boolean;
  status?: QuotationStatus;
};

/**
 * The 5-step progress tracker: 1 by default; 2 with non-empty credit-check answers; 3 once the
 * quotation has a code; 4 if it also has attachments. The spec does not show step 5: here it is
 * the outcome ('Esito'). A quotation accepted or rejected has its outcome whatever steps it skipped
 * (a quote won without a credit check): it is never shown as still at its first step.
 */
export function trackerStep(q: TrackerInput): 1 | 2 | 3 | 4 | 5 {
  if (q.status === 'WON' || q.status === 'LOST') return 5;
  const answered = q.sustainabilityAnswers && Object.keys(q.sustainabilityAnswers).length > 0;
  if (!answered) return 1;
  if (!q.code) return 2;
  if (!q.hasAttachments) return 3;
  return 4;
}

export const TRACKER_STEPS = ['Anagrafica', 'Credit check', 'Preventivo', 'Documenti', 'Esito'] as const;

/** Shown as expired when not still valid and the step is below 3; not valid also disables next and uploads. */
export const isShownExpired = (stillValid: boolean, step: number) => !stillValid && step < 3;

export type DocumentSlot = { file_type: string; title: string; description: string; template: string | null };

const IDENTITY: DocumentSlot = {
  file_type: 'identity',
  title: 'Documento d’identità',
  description: 'Carta d’identità o passaporto in corso di validità, fronte e retro',
  template: null,
};
const FISCAL: DocumentSlot = {
  file_type: 'fiscal_code',
  title: 'Codice fiscale',
  description: 'Tessera sanitaria o codice fiscale, fronte e retro',
  template: null,
};
const PRIVACY: DocumentSlot = {
  file_type: 'privacy',
  title: 'Consenso privacy firmato',
  description: 'Il modulo di consenso al trattamento dei dati firmato dal cliente',
  template: '/legal/informativa-privacy.pdf',
};

const BY_CATEGORY: Record<ContractualCategory, DocumentSlot[]> = {
  'tempo-indeterminato': [
    IDENTITY,
    FISCAL,
    { file_type: 'payslips', title: 'Ultime 2 buste paga', description: 'Le due buste paga più recenti', template: null },
    PRIVACY,
  ],
  pensionato: [
    IDENTITY,
    FISCAL,
    { file_type: 'pension', title: 'Cedolino della pensione', description: 'L’ultimo cedolino o il modello CU', template: null },
    PRIVACY,
  ],
  'ditta-individuale': [
    IDENTITY,
    FISCAL,
    { file_type: 'chamber', title: 'Visura camerale', description: 'Visura camerale aggiornata (non più vecchia di 6 mesi)', template: null },
    { file_type: 'tax_return', title: 'Ultima dichiarazione dei redditi', description: 'Modello Redditi con ricevuta di presentazione', template: null },
    PRIVACY,
  ],
  'libero-professionista': [
    IDENTITY,
    FISCAL,
    {
      file_type: 'vat_certificate',
      title: 'Attribuzione partita IVA',
      description: 'Certificato di attribuzione della partita IVA o iscrizione all’albo',
      template: null,
    },
    { file_type: 'tax_return', title: 'Ultima dichiarazione dei redditi', description: 'Modello Redditi con ricevuta di presentazione', template: null },
    PRIVACY,
  ],
  'societa-capitale': [
    { ...IDENTITY, title: 'Documento del legale rappresentante' },
    { file_type: 'chamber', title: 'Visura camerale', description: 'Visura camerale aggiornata (non più vecchia di 6 mesi)', template: null },
    { file_type: 'balance', title: 'Ultimi 2 bilanci', description: 'Bilanci depositati degli ultimi due esercizi', template: null },
    PRIVACY,
  ],
  'societa-persone': [
    { ...IDENTITY, title: 'Documento del legale rappresentante' },
    { file_type: 'chamber', title: 'Visura camerale', description: 'Visura camerale aggiornata (non più vecchia di 6 mesi)', template: null },
    { file_type: 'tax_return', title: 'Ultima dichiarazione dei redditi', description: 'Modello Redditi SP con ricevuta di presentazione', template: null },
    PRIVACY,
  ],
  'associazioni-enti-fondazioni': [
    { ...IDENTITY, title: 'Documento del legale rappresentante' },
    { file_type: 'statute', title: 'Statuto e atto costitutivo', description: 'Statuto vigente e atto costitutivo', template: null },
    { file_type: 'balance', title: 'Ultimo rendiconto', description: 'Ultimo bilancio o rendiconto approvato', template: null },
    PRIVACY,
  ],
  'studi-associati': [
    { ...IDENTITY, title: 'Documento del legale rappresentante' },
    {
      file_type: 'vat_certificate',
      title: 'Attribuzione partita IVA',
      description: 'Certificato di attribuzione della partita IVA dello studio',
      template: null,
    },
    { file_type: 'tax_return', title: 'Ultima dichiarazione dei redditi', description: 'Modello Redditi dello studio con ricevuta', template: null },
    PRIVACY,
  ],
};

/** The upload slots a quotation needs: one per required document of the customer's category. */
export const documentSlots = (category: ContractualCategory): DocumentSlot[] => BY_CATEGORY[category];

/**
 * Whether a category may buy an offer: an offer for private customers takes PRIVATE categories,
 * one for VAT holders takes BUSINESS ones, an offer for both takes any.
 */
export function categoryAllowedFor(category: ContractualCategory, offerCustomerTypes: readonly CustomerType[]): boolean {
  if (offerCustomerTypes.length === 0) return true;
  const wanted: CustomerType = categoryInfo(category).type === 'BUSINESS' ? 'piva' : 'privati';
  return offerCustomerTypes.includes(wanted);
}

/** The server's proposal error codes and the exact texts the client shows (spec §8). */
export const PROPOSAL_ERRORS = {
  'Invalid zip code': 'Siamo spiacenti, ma il CAP inserito non sembra essere valido.',
  'Contractual category not valid': 'Attenzione, la categoria contrattuale non è valida.',
  'Customer type not compatible with offer': "Spiacenti, si è verificato un errore durante la richiesta. Clicca qui per tornare all'offerta selezionata.",
} as const;
export type ProposalErrorCode = keyof typeof PROPOSAL_ERRORS;

export const EXPIRED_OFFER_MESSAGE = "L'offerta collegata a questo preventivo ha subìto delle variazioni, crea un nuovo preventivo nella sezione offerte!";
export const SWITCH_TYPE_CONFIRMATION = 'I dati anagrafici inseriti verranno cancellati. Sei sicuro di voler continuare?';

/**
 * The save was asked at a monthly rate the configuration does not give (the offer changed, or a
 * commission change outside the bounds): the server refuses it rather than save another price.
 */
export const rateMismatchMessage = (asked: string, computed: string) =>
  `La rata mensile indicata (${asked}) non corrisponde a quella dell’offerta configurata (${computed}): torna all’offerta, controlla la configurazione e crea di nuovo il preventivo.`;
