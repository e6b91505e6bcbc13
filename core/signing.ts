/**
 * The customer signs a proposal through their link with a one-time code sent to their e-mail on file
 * (docs/adr/0060-signing-with-a-one-time-code.md): the code's rules, the texts of its e-mail and the
 * messages of a refusal. Pure rules, shared by the app and the server.
 */

/** The code: 6 digits, valid 10 minutes, 5 tries; at most 5 codes per link an hour (the first and 4 resends). */
export const SIGN_CODE = { digits: 6, ttlMs: 10 * 60_000, maxTries: 5, perHour: 5 } as const;
export const SIGN_CODE_PATTERN = /^\d{6}$/;

/** How a code reaches the customer. Only e-mail for now; an SMS sender would add 'sms' (docs/adr/0060). */
export const SIGN_CHANNELS = ['email'] as const;
export type SignChannel = (typeof SIGN_CHANNELS)[number];

export const SIGN_MESSAGES = {
  codeMissing: 'Inserisci il codice di 6 cifre che ti abbiamo inviato via email',
  codeShape: 'Il codice è formato da 6 cifre',
  notRequested: 'Richiedi il codice di conferma prima di firmare',
  wrong: (left: number) => `Il codice non è corretto: ${left === 1 ? 'resta 1 tentativo' : `restano ${left} tentativi`}`,
  expired: 'Il codice è scaduto: richiedi un nuovo codice',
  tooManyTries: 'Hai inserito un codice errato troppe volte: richiedi un nuovo codice',
  tooManyCodes: 'Hai già richiesto troppi codici: riprova tra un’ora o contatta il tuo consulente',
  changed: 'La proposta è cambiata dopo l’invio del codice: richiedi un nuovo codice',
  noEmail: 'Per firmare serve il tuo indirizzo email: contatta il tuo consulente',
  pdfPreparing: 'Il PDF della proposta è in preparazione, riprova tra qualche istante',
} as const;

/** A code from a source of random integers below a bound (the server's crypto.randomInt). */
export const newSignCode = (randomInt: (max: number) => number) => String(randomInt(10 ** SIGN_CODE.digits)).padStart(SIGN_CODE.digits, '0');

/** An address shown without giving it away: 'mario.rossi@example.it' -> 'm•••i@example.it'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.charAt(0) : `${local.charAt(0)}•••${local.charAt(local.length - 1)}`;
  return `${local.length <= 2 ? `${shown}•••` : shown}${email.slice(at)}`;
}

/** The e-mail that carries the code. */
export function signCodeEmail(p: { customerName: string; car: string; code: string; agentName: string }) {
  return {
    subject: `${p.code} è il tuo codice per firmare la proposta`,
    text: [
      p.customerName.trim() ? `Buongiorno ${p.customerName.trim()},` : 'Buongiorno,',
      '',
      `per firmare la proposta di noleggio a lungo termine per ${p.car} inserisci questo codice nella pagina della proposta:`,
      '',
      p.code,
      '',
      `Il codice vale ${SIGN_CODE.ttlMs / 60_000} minuti. Se non hai chiesto tu di firmare, ignora questa email e avvisa il tuo consulente.`,
      '',
      p.agentName,
    ]
      .join('\n')
      .trim(),
  };
}

/** The code in an e-mail's text (tests and the mail folder): the first line of exactly 6 digits. */
export const codeInMail = (text: string) => /^(\d{6})$/m.exec(text)?.[1] ?? null;
