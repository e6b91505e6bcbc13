import { describe, expect, it } from 'vitest';
import { OfferCheckInputSchema, PrescoringInputSchema } from './schemas';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('prescoring input', () => {
  it('accepts a valid check and defaults the answers', () => {
    expect(PrescoringInputSchema.parse({ contractualCategory: 'pensionato', step: null })).toEqual({
      contractualCategory: 'pensionato',
      step: null,
      answers: {},
    });
    const answers = { activity_age: 'max2_1_balance', yearly_turnover: 50000, share_capital_paid: true };
    expect(PrescoringInputSchema.parse({ contractualCategory: 'societa-capitale', step: 'guarantor', answers }).answers).toEqual(answers);
  });

  it.each([
    [
      'unknown question',
      'pensionato',
      { colore_preferito: 'rosso' },
      'answers.colore_preferito',
      'Domanda sconosciuta per la categoria «Pensionato»: colore_preferito.',
    ],
    [
      'question of another category',
      'pensionato',
      { trial_period_ended: true },
      'answers.trial_period_ended',
      'Domanda sconosciuta per la categoria «Pensionato»: trial_period_ended.',
    ],
    ['negative amount', 'pensionato', { net_monthly_income: -1 }, 'answers.net_monthly_income', "L'importo non può essere negativo."],
    ['amount as text', 'pensionato', { other_loans: 'duecento' }, 'answers.other_loans', "Inserisci l'importo in euro come numero."],
    ['numeric text is still text', 'ditta-individuale', { yearly_turnover: '50000' }, 'answers.yearly_turnover', "Inserisci l'importo in euro come numero."],
    ['amount with cents', 'pensionato', { net_monthly_income: 1200.5 }, 'answers.net_monthly_income', "Inserisci l'importo in euro senza decimali."],
    ['yes/no as text', 'pensionato', { guarantor: 'true' }, 'answers.guarantor', 'Rispondi Sì o No.'],
    [
      'unknown choice',
      'ditta-individuale',
      { activity_age: '10_anni' },
      'answers.activity_age',
      'Scelta non valida. Valori ammessi: lt2_no_returns, max2_1_return, gt2_2_returns.',
    ],
    [
      'choice of the other list',
      'studi-associati',
      { activity_age: 'gt2_2_returns' },
      'answers.activity_age',
      'Scelta non valida. Valori ammessi: lt2_no_balance, max2_1_balance, gt2_2_balances.',
    ],
  ])('rejects %s', (_, contractualCategory, answers, path, message) => {
    expect(issuesOf(PrescoringInputSchema.safeParse({ contractualCategory, answers }))).toEqual([[path, message]]);
  });

  it('rejects an unknown step', () => {
    expect(issuesOf(PrescoringInputSchema.safeParse({ contractualCategory: 'pensionato', step: 'activity_age' }))).toEqual([
      ['step', 'Passo sconosciuto per la categoria «Pensionato».'],
    ]);
  });

  it('rejects an unknown category with the spec message', () => {
    expect(issuesOf(PrescoringInputSchema.safeParse({ contractualCategory: 'studente', answers: { x: 1 } }))).toEqual([
      ['contractualCategory', 'Attenzione, la categoria contrattuale non è valida.'],
    ]);
  });

  it('reports every wrong answer at once', () => {
    const result = PrescoringInputSchema.safeParse({ contractualCategory: 'pensionato', answers: { net_monthly_income: -5, guarantor: 1 } });
    expect(issuesOf(result).map(([path]) => path)).toEqual(['answers.net_monthly_income', 'answers.guarantor']);
  });
});

describe('offer-check input', () => {
  it('needs the offer data', () => {
    expect(OfferCheckInputSchema.safeParse({ contractualCategory: 'pensionato', answers: {} }).success).toBe(false);
    expect(
      OfferCheckInputSchema.parse({ contractualCategory: 'pensionato', offerData: { monthly_rate: 300, deposit: 0, car_value: 25000 } }).offerData,
    ).toEqual({
      monthly_rate: 300,
      deposit: 0,
      car_value: 25000,
    });
  });

  it.each([
    [{ monthly_rate: -1, deposit: 0 }, 'offerData.monthly_rate', 'Il canone mensile non può essere negativo.'],
    [{ monthly_rate: 300, deposit: 'mille' }, 'offerData.deposit', "L'anticipo deve essere un numero."],
    [{ monthly_rate: 300, deposit: 0, car_value: 0 }, 'offerData.car_value', "Il valore dell'auto deve essere maggiore di zero."],
  ])('rejects offer data %j', (offerData, path, message) => {
    expect(issuesOf(OfferCheckInputSchema.safeParse({ contractualCategory: 'pensionato', offerData }))).toEqual([[path, message]]);
  });
});
