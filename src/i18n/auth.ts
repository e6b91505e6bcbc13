/** Texts of the public screens besides the login: activation, password recovery, SSO and terms (see it.ts). */
import { MESSAGES } from '@core/i18n-messages';
import { it as shared } from './it';

export const activate = {
  title: 'Attiva il tuo account',
  intro: 'Scegli la password per accedere al portale.',
  password: 'Nuova password',
  confirm: 'Conferma password',
  terms: 'Accetto i termini e le condizioni e l’informativa sulla privacy',
  submit: 'Attiva account',
  termsRequired: 'Devi accettare i termini e le condizioni',
} as const;

export const forgot = {
  title: 'Recupera password',
  intro: 'Inserisci l’email del tuo account: ti invieremo un link per scegliere una nuova password.',
  submit: 'Invia link',
  backToLogin: 'Torna all’accesso',
} as const;

export const reset = {
  title: 'Nuova password',
  password: 'Nuova password',
  confirm: 'Conferma password',
  submit: 'Salva password',
} as const;

export const sso = {
  title: 'Accesso in corso…',
  failed: 'Accesso non riuscito',
  missingToken: 'Il collegamento di accesso non è valido.',
} as const;

export const terms = {
  title: 'Termini e condizioni',
  intro:
    'Prima di continuare leggi e accetta i termini e le condizioni d’uso della piattaforma, l’informativa sulla privacy e l’atto di nomina a responsabile del trattamento.',
  accept: 'Ho letto e accetto i termini e le condizioni',
  submit: 'Continua',
} as const;

export const passwordRules = {
  min: MESSAGES.passwordMin,
  mismatch: MESSAGES.passwordMismatch,
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.activate.…`. */
export const it = { ...shared, activate, forgot, reset, sso, terms, passwordRules };
