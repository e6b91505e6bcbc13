// The server's messages (core/i18n-messages.ts) that the first screens show: a module of their own, so that the
// login and the first private screens do not carry every message of the error envelope.
export const required = 'Questo campo è obbligatorio';
export const formErrors = 'Si sono verificati degli errori, controllare i dati inseriti';
export const featureDisabled = 'Funzionalità non abilitata per il tuo account';
