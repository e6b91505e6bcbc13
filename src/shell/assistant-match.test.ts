import { describe, expect, it as test } from 'vitest';
import { it } from '../i18n/help';
import { answer } from './assistant-match';

// Realistic questions an agent types, with the answer expected (an FAQ entry by its id, 'support', or 'none'
// when the FAQ does not say). The old matcher answered every question with 'offerta' or 'canone' in it with the
// credit check. The held-out evaluation set is src/shell/assistant-eval.ts (docs/adr/0057).
const CASES: [string, string][] = [
  ['Quanto dura al massimo un noleggio?', 'durata'],
  ['Posso fare un contratto di 12 mesi?', 'durata'],
  ['durata minima contratto', 'durata'],
  ['Quanti km posso fare all’anno?', 'km'],
  ['C’è un limite di chilometri per i furgoni?', 'km'],
  ['chilometraggio massimo', 'km'],
  ['Devo versare un acconto?', 'anticipo'],
  ['Si può noleggiare senza anticipo?', 'anticipo'],
  ['Quanto pago di franchigia se mi rubano l’auto?', 'franchigie'],
  ['In caso di incidente quanto è la franchigia?', 'franchigie'],
  ['franchigia kasko', 'franchigie'],
  ['Il canone è IVA compresa?', 'iva'],
  ['i prezzi sono al netto dell’iva?', 'iva'],
  ['Come funziona il credit check?', 'credit-check'],
  ['Cosa significa il semaforo rosso?', 'credit-check'],
  ['prescoring cliente', 'credit-check'],
  ['Come contatto l’assistenza?', 'support'],
  ['Qual è il numero di telefono del supporto?', 'support'],
  ['Posso noleggiare una barca a vela?', 'none'],
  ['Come cambio la password?', 'password'],
  ['Quando esce la nuova offerta Fiat?', 'none'],
  ['Il canone comprende il bollo auto?', 'none'],
  ['Mi mandi un’offerta per una Tesla?', 'none'],
  ['xyz qwerty', 'none'],
  ['   ', 'none'],
];

describe('the assistants answer from the FAQ, or say they found nothing', () => {
  test.each(CASES)('%s → %s', (question, expected) => {
    const r = answer(question, it.faq.items);
    if (expected === 'support' || expected === 'none') expect(r.kind).toBe(expected);
    else {
      expect(r.kind).toBe('faq');
      expect(r.kind === 'faq' && r.entry.id).toBe(expected);
    }
  });

  test('answers at least 90% of the list right (the list is the benchmark of any change to the matching)', () => {
    const right = CASES.filter(([q, expected]) => {
      const r = answer(q, it.faq.items);
      return r.kind === 'faq' ? r.entry.id === expected : r.kind === expected;
    });
    expect(right.length / CASES.length).toBeGreaterThanOrEqual(0.9);
  });
});
