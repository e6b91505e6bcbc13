import { type faq, it } from '../i18n/help';
import { answer } from './assistant-match';

/**
 * The assistants' evaluation set (docs/adr/0057-assistants-evaluation-set.md): questions as agents type them
 * (lower case, no accents, a typo, a whole sentence about a customer), each with the answer expected: an FAQ
 * entry by its id, 'support' (the support contacts) or 'none' (the FAQ does not say: the assistant must say it
 * is not sure and point to the FAQ or to support, never answer something else). Written as paraphrases of what
 * the entries answer, not with their questions or keywords: the matching is measured on words it was not
 * tuned with. Run by src/shell/assistant-eval.test.ts (at least 90% right, no confident wrong answer) and by
 * `npm run bench -- assistants` (accuracy per area).
 */
export type FaqId = (typeof faq.items)[number]['id'];
export type Expected = FaqId | 'support' | 'none';
export type EvalCase = { q: string; expected: Expected };

export const EVAL_SET: readonly EvalCase[] = [
  // Contract length (the spec's FAQ: 24 to 60 months).
  { q: 'Per quanti anni posso far firmare il contratto al cliente?', expected: 'durata' },
  { q: 'un noleggio da 12 mesi si puo fare?', expected: 'durata' },
  { q: 'qual è la durata più lunga disponibile', expected: 'durata' },
  { q: 'Il cliente vuole tenere l’auto 5 anni, si può?', expected: 'durata' },
  { q: 'durata minima del noleggio', expected: 'durata' },
  // Kilometres (200,000 for cars, 250,000 for commercial vehicles).
  { q: 'Quanti km totali può fare un furgone?', expected: 'km' },
  { q: 'c’è un tetto ai chilometri per le auto?', expected: 'km' },
  { q: 'il mio cliente fa 40000 km l’anno, ci sono limiti?', expected: 'km' },
  { q: 'massimo di chilometri per un veicolo commerciale', expected: 'km' },
  { q: 'fino a quanti km si arriva con un’auto a noleggio', expected: 'km' },
  { q: 'kilometri massimi', expected: 'km' },
  // Advance payment (0 or 10-15% of the list price).
  { q: 'Il cliente può partire senza versare niente all’inizio?', expected: 'anticipo' },
  { q: 'quanto deve essere l’acconto iniziale?', expected: 'anticipo' },
  { q: 'anticipo zero è possibile?', expected: 'anticipo' },
  { q: 'Che percentuale del prezzo di listino serve come anticipo?', expected: 'anticipo' },
  // Deductibles (RCA 250, damages 500, theft 10% or 500).
  { q: 'Se il cliente fa un incidente quanto paga di tasca sua?', expected: 'franchigie' },
  { q: 'In caso di furto dell’auto cosa resta a carico del cliente?', expected: 'franchigie' },
  { q: 'quanto è la franchigia rca', expected: 'franchigie' },
  { q: 'scoperto in caso di danni alla macchina', expected: 'franchigie' },
  { q: 'Quanto costa al cliente un sinistro con l’assicurazione?', expected: 'franchigie' },
  // VAT.
  { q: 'i canoni che vedo sono con o senza iva?', expected: 'iva' },
  { q: 'Il prezzo mensile è comprensivo di IVA?', expected: 'iva' },
  { q: 'la rata mostrata è lorda o netta?', expected: 'iva' },
  // Credit check.
  { q: 'A cosa serve il semaforo verde giallo rosso?', expected: 'credit-check' },
  { q: 'come faccio a sapere se il cliente verrà approvato dalla società di noleggio?', expected: 'credit-check' },
  { q: 'cos’è il prescoring', expected: 'credit-check' },
  { q: 'verifica della sostenibilita del cliente, come funziona?', expected: 'credit-check' },
  // New drivers.
  { q: 'Mio figlio ha appena preso la patente, può noleggiare una macchina?', expected: 'neopatentati' },
  { q: 'offerte per chi ha la patente da poco', expected: 'neopatentati' },
  { q: 'auto per neopatentati', expected: 'neopatentati' },
  { q: 'Un ragazzo con la patente nuova che auto può guidare?', expected: 'neopatentati' },
  // Customers.
  { q: 'Dove vedo l’elenco dei miei clienti?', expected: 'clienti' },
  { q: 'Come inserisco un nuovo cliente?', expected: 'clienti' },
  { q: 'come registro un cliente nel portale', expected: 'clienti' },
  { q: 'Cerco i dati di un cliente che ho già seguito', expected: 'clienti' },
  // Catalogue offers.
  { q: 'Come pubblico una mia offerta nel catalogo?', expected: 'catalogo' },
  { q: 'voglio caricare un’offerta mia con i miei prezzi', expected: 'catalogo' },
  { q: 'come si crea una nuova offerta di catalogo', expected: 'catalogo' },
  { q: 'Quante variazioni di prezzo servono per pubblicare?', expected: 'catalogo' },
  // Quotations.
  { q: 'Come preparo un preventivo per un cliente?', expected: 'preventivo' },
  { q: 'voglio fare una proposta a un cliente, da dove parto?', expected: 'preventivo' },
  { q: 'procedura per creare un preventivo', expected: 'preventivo' },
  // Documents.
  { q: 'Che documenti devo chiedere al cliente?', expected: 'documenti' },
  { q: 'posso caricare le buste paga in jpg?', expected: 'documenti' },
  { q: 'in che formato vanno allegati i documenti', expected: 'documenti' },
  // A quotation's statuses.
  { q: 'Cosa vuol dire preventivo perso?', expected: 'stati' },
  { q: 'come segno un preventivo come vinto?', expected: 'stati' },
  { q: 'significato di in corso, vinto e perso', expected: 'stati' },
  // Commission.
  { q: 'Quanto guadagno su un’offerta?', expected: 'provvigione' },
  { q: 'dove trovo la mia commissione?', expected: 'provvigione' },
  { q: 'dove vedo quanto mi spetta come compenso', expected: 'provvigione' },
  // A car that is not listed.
  { q: 'Non trovo il modello che vuole il cliente, come faccio?', expected: 'richiesta' },
  { q: 'Il cliente vuole una macchina che non c’è in vetrina', expected: 'richiesta' },
  { q: 'come chiedo un’offerta per un’auto che manca', expected: 'richiesta' },
  // Password.
  { q: 'Vorrei modificare la mia password', expected: 'password' },
  { q: 'dove si cambia la password di accesso', expected: 'password' },
  // Comparison.
  { q: 'Posso mettere a confronto due offerte?', expected: 'confronto' },
  { q: 'come paragono più auto tra loro', expected: 'confronto' },
  // The network.
  { q: 'Come aggiungo un collaboratore al mio team?', expected: 'rete' },
  { q: 'come attivo un nuovo sub agente', expected: 'rete' },
  // Offline.
  { q: 'Funziona anche se non ho internet?', expected: 'offline' },
  { q: 'posso lavorare senza connessione dal cliente?', expected: 'offline' },
  // Support.
  { q: 'Come contatto l’assistenza?', expected: 'support' },
  { q: 'voglio parlare con un operatore', expected: 'support' },
  { q: 'numero di telefono del supporto', expected: 'support' },
  { q: 'a che mail scrivo se ho un problema?', expected: 'support' },
  // Written after the matching was last changed, and left as they score.
  { q: 'fino a che durata massima arriva un contratto?', expected: 'durata' },
  { q: 'per i veicoli commerciali il limite di km è diverso?', expected: 'km' },
  { q: 'se rubano la macchina al cliente quanto paga?', expected: 'franchigie' },
  { q: 'come vedo solo le auto che può guidare un neopatentato', expected: 'neopatentati' },
  { q: 'dove carico la carta d’identità del cliente?', expected: 'documenti' },
  { q: 'come tolgo un sub agente dalla mia rete?', expected: 'rete' },
  // What the FAQ does not say: not sure, and said so.
  { q: 'Posso noleggiare una barca a vela?', expected: 'none' },
  { q: 'Che tempo fa domani a Roma?', expected: 'none' },
  { q: 'Quando esce la nuova Fiat Panda?', expected: 'none' },
  { q: 'Mi dai la ricetta della carbonara?', expected: 'none' },
  { q: 'xyz qwerty', expected: 'none' },
  { q: 'Chi ha vinto il campionato?', expected: 'none' },
  { q: 'posso pagare con i bitcoin?', expected: 'none' },
  { q: 'Il cliente può riscattare l’auto alla fine?', expected: 'none' },
  { q: 'Quanto costa l’assicurazione per un motorino?', expected: 'none' },
  { q: 'Come si cambia una gomma bucata?', expected: 'none' },
];

export type Outcome = 'right' | 'unsure' | 'wrong';
export type EvalResult = EvalCase & { got: string; outcome: Outcome };

/**
 * Each case answered by `answer`: right (the expected entry, support or none), wrong (an FAQ entry given, and
 * not the one expected: a confident wrong answer) or unsure (the assistant said it did not know and gave the
 * FAQ and the support contacts: not right, not harmful).
 */
export function evaluate(answer: (q: string) => { kind: 'faq'; id: string } | { kind: 'support' } | { kind: 'none' }, cases = EVAL_SET) {
  const results: EvalResult[] = cases.map((c) => {
    const r = answer(c.q);
    const got = r.kind === 'faq' ? r.id : r.kind;
    const outcome: Outcome = got === c.expected ? 'right' : r.kind === 'faq' ? 'wrong' : 'unsure';
    return { ...c, got, outcome };
  });
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  return { results, accuracy: count('right') / results.length, wrong: count('wrong'), unsure: count('unsure') };
}

/** The FAQ assistant's answer (both assistants answer the portal's rules with it) as the evaluation reads it. */
export function faqAnswer(q: string): { kind: 'faq'; id: string } | { kind: 'support' } | { kind: 'none' } {
  const r = answer(q, it.faq.items);
  return r.kind === 'faq' ? { kind: 'faq', id: r.entry.id } : r;
}
