// The server's messages (core/i18n-messages.ts) that the first screens show: a module of their own, so that the
// login and the first private screens do not carry every message of the error envelope.
export const required = 'Questo campo è obbligatorio';
export const formErrors = 'Si sono verificati degli errori, controllare i dati inseriti';
export const featureDisabled = 'Funzionalità non abilitata per il tuo account';

// The messages of a call that failed without an answer we can show: the page and the service worker map
// statuses to these in one place (src/api/http.ts).
export const badRequest = 'Richiesta non valida';
export const serverError = 'Si sono verificati errori, si prega di riprovare';
export const offline = 'Sei offline: controlla la connessione e riprova';
export const noAnswer = 'Il server non risponde: controlla la connessione e riprova';
