// Credit-check result messages: the topics of the spec's section 8 with our own Italian texts.
// MONTHLY_RATE_TRASHOLD keeps the spec's spelling: it is a wire code shared with the clients.

export const MESSAGE_KEYS = [
  'CONGRATULATIONS_OFFERS',
  'CONGRATULATIONS_THIS_OFFER',
  'TRIAL_PERIOD_NOT_ENDED',
  'BAD_PAYER',
  'INSUFFICIENT_REVENUE',
  'GUARANTEES_NEEDED',
  'MORE_DEPOSIT_NEEDED',
  'GUARANTOR_OR_DEPOSIT',
  'DEPOSIT_GUARANTEE',
  'AGE_LIMIT_EXCEEDED',
  'NEED_DEPOSIT',
  'MONTHLY_RATE_TRASHOLD',
  'TOO_MUCH_MONTHLY_RATE',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

// The 30% and 9/12 figures mirror RULES_V1 (a test keeps them equal).
export const MESSAGES: Readonly<Record<MessageKey, string>> = {
  CONGRATULATIONS_OFFERS: 'Complimenti! Il cliente ha buone probabilità di ottenere il noleggio con le offerte proposte.',
  CONGRATULATIONS_THIS_OFFER: 'Complimenti! Il cliente ha buone probabilità di ottenere il noleggio con questa offerta.',
  TRIAL_PERIOD_NOT_ENDED: 'Attendi la fine del periodo di prova: per la richiesta serviranno le ultime 2 buste paga e il contratto di lavoro.',
  BAD_PAYER: 'Il cliente risulta segnalato come cattivo pagatore nella Centrale Rischi: la richiesta non è conforme ai requisiti delle società di noleggio.',
  INSUFFICIENT_REVENUE: 'Il reddito o il fatturato del cliente non è sufficiente a sostenere un canone di noleggio.',
  GUARANTEES_NEEDED: 'Per questa attività servono garanzie aggiuntive (un garante o un deposito cauzionale): senza garanzie il cliente non è finanziabile.',
  MORE_DEPOSIT_NEEDED:
    "Per procedere serve un deposito cauzionale più alto o il pagamento anticipato di 9/12 canoni (al massimo il 30% del valore dell'auto o 9/12 canoni mensili).",
  GUARANTOR_OR_DEPOSIT: "Il cliente può ottenere il noleggio presentando un garante e/o versando un deposito cauzionale fino al 30% del valore dell'auto.",
  DEPOSIT_GUARANTEE: "È possibile procedere versando un deposito cauzionale a garanzia (fino al 30% del valore dell'auto o 9/12 canoni mensili).",
  AGE_LIMIT_EXCEEDED: 'Il cliente supera il limite di età previsto dalle società di noleggio.',
  NEED_DEPOSIT: 'Il canone è sostenibile ma serve un deposito: ti consigliamo di scegliere un importo di anticipo.',
  MONTHLY_RATE_TRASHOLD: 'Il canone supera di poco quello sostenibile: ti consigliamo di provare parametri diversi (durata, chilometri o anticipo).',
  TOO_MUCH_MONTHLY_RATE: 'Il canone è troppo alto rispetto alle possibilità del cliente: le probabilità di approvazione sono basse.',
};

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && (MESSAGE_KEYS as readonly string[]).includes(key);
}

/** Where the message is shown: the widget's result alert, or the single-offer check. */
export type MessagePlace = 'widget' | 'offer';

/**
 * The key actually shown. The spec's widget rule: CONGRATULATIONS_THIS_OFFER reads as
 * CONGRATULATIONS_OFFERS there, and an unknown (or missing) key falls back to CONGRATULATIONS_OFFERS.
 */
export function displayKey(key: string | null | undefined, place: MessagePlace = 'widget'): MessageKey {
  if (!isMessageKey(key)) return 'CONGRATULATIONS_OFFERS';
  if (place === 'widget' && key === 'CONGRATULATIONS_THIS_OFFER') return 'CONGRATULATIONS_OFFERS';
  return key;
}

export function messageFor(key: string | null | undefined, place: MessagePlace = 'widget'): string {
  return MESSAGES[displayKey(key, place)];
}

export type AlertColor = 'danger' | 'warning' | 'success' | 'info';

/** Result alert and sustainability colours: 0 danger, 1 warning, 2 success, anything else info. */
export function alertColor(chance: number | null | undefined): AlertColor {
  if (chance === 0) return 'danger';
  if (chance === 1) return 'warning';
  if (chance === 2) return 'success';
  return 'info';
}
