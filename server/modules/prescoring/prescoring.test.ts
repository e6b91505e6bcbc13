import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTUAL_CATEGORY_VALUES } from '@core/categories';
import { CheckResponseSchema, LogicResponseSchema, PrescoringErrorSchema, logicFor } from '@core/prescoring';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.inject({ method: 'POST', url: `/prescoring/${url}`, payload: payload as object });

const EMPLOYEE = { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false, over_72: false };
const SHORT_HISTORY = { activity_age: 'max2_1_balance', yearly_turnover: 60000, guarantor: false, bad_payer: false };

describe('GET /prescoring/logic/:contractualCategory', () => {
  it.each(
    CONTRACTUAL_CATEGORY_VALUES.flatMap(
      (c) =>
        [
          [c, 'quote'],
          [c, 'offer'],
        ] as const,
    ),
  )('%s (%s): the questions, without a login', async (category, variant) => {
    const res = await t.inject({ method: 'GET', url: `/prescoring/logic/${category}?variant=${variant}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = LogicResponseSchema.parse(res.json());
    expect(body).toEqual({ success: true, data: JSON.parse(JSON.stringify(logicFor(category, variant))), error: null, errorCode: null });
  });

  it('defaults to the quote variant', async () => {
    const res = await t.inject({ method: 'GET', url: '/prescoring/logic/pensionato' });
    expect(res.json().data.map((q: { q: string }) => q.q)).toEqual(['net_monthly_income', 'other_loans', 'guarantor', 'bad_payer', 'over_72']);
  });
});

describe('POST /prescoring/check', () => {
  it.each<[string, object, object]>([
    [
      'a private customer who passes',
      { contractualCategory: 'tempo-indeterminato', step: 'over_72', answers: EMPLOYEE },
      {
        chance: 2,
        currentStep: null,
        description: 'CONGRATULATIONS_OFFERS',
        monthlyRateMax: 600,
        depositRequired: null,
        thresholdMonthlyRateMax: 600,
        sustainabilityIndex: null,
      },
    ],
    [
      'a business that needs a deposit',
      { contractualCategory: 'societa-persone', step: 'bad_payer', answers: SHORT_HISTORY },
      {
        chance: 1,
        currentStep: null,
        description: 'MORE_DEPOSIT_NEEDED',
        monthlyRateMax: 500,
        depositRequired: 6000,
        thresholdMonthlyRateMax: 500,
        sustainabilityIndex: null,
      },
    ],
    [
      'a bad payer',
      { contractualCategory: 'pensionato', answers: { net_monthly_income: 1500, other_loans: 0, guarantor: false, bad_payer: true } },
      {
        chance: 0,
        currentStep: null,
        description: 'BAD_PAYER',
        monthlyRateMax: null,
        depositRequired: null,
        thresholdMonthlyRateMax: null,
        sustainabilityIndex: null,
      },
    ],
    [
      'older than 72',
      { contractualCategory: 'pensionato', answers: { net_monthly_income: 1500, other_loans: 0, guarantor: false, bad_payer: false, over_72: true } },
      {
        chance: 0,
        currentStep: null,
        description: 'AGE_LIMIT_EXCEEDED',
        monthlyRateMax: null,
        depositRequired: null,
        thresholdMonthlyRateMax: null,
        sustainabilityIndex: null,
      },
    ],
    [
      '72 or younger (the default)',
      { contractualCategory: 'pensionato', answers: { net_monthly_income: 1500, other_loans: 0, guarantor: false, bad_payer: false } },
      {
        chance: 2,
        currentStep: null,
        description: 'CONGRATULATIONS_OFFERS',
        monthlyRateMax: 525,
        depositRequired: null,
        thresholdMonthlyRateMax: 525,
        sustainabilityIndex: null,
      },
    ],
    [
      'incomplete answers: the next question',
      { contractualCategory: 'ditta-individuale', step: null, answers: { activity_age: 'gt2_2_returns' } },
      {
        chance: null,
        currentStep: 'yearly_turnover',
        description: null,
        monthlyRateMax: null,
        depositRequired: null,
        thresholdMonthlyRateMax: null,
        sustainabilityIndex: null,
      },
    ],
    [
      'offer data sent to the quote check is ignored',
      { contractualCategory: 'tempo-indeterminato', answers: EMPLOYEE, offerData: { monthly_rate: 9000, deposit: 0 } },
      {
        chance: 2,
        currentStep: null,
        description: 'CONGRATULATIONS_OFFERS',
        monthlyRateMax: 600,
        depositRequired: null,
        thresholdMonthlyRateMax: 600,
        sustainabilityIndex: null,
      },
    ],
  ])('%s', async (_, payload, data) => {
    const res = await post('check', payload);
    expect(res.statusCode).toBe(200);
    expect(CheckResponseSchema.parse(res.json())).toEqual({ success: true, data, error: null, errorCode: null });
  });
});

describe('POST /prescoring/offer-check', () => {
  it.each<[string, object, object, object]>([
    [
      'rate within the limit',
      { contractualCategory: 'tempo-indeterminato', answers: EMPLOYEE },
      { monthly_rate: 600, deposit: 0 },
      { chance: 2, description: 'CONGRATULATIONS_THIS_OFFER', sustainabilityIndex: 2, monthlyRateMax: 600 },
    ],
    [
      'rate within 1.1 × threshold',
      { contractualCategory: 'tempo-indeterminato', answers: EMPLOYEE },
      { monthly_rate: 660, deposit: 0 },
      { chance: 1, description: 'MONTHLY_RATE_TRASHOLD', sustainabilityIndex: 1 },
    ],
    [
      'rate too high',
      { contractualCategory: 'tempo-indeterminato', answers: EMPLOYEE },
      { monthly_rate: 661, deposit: 0 },
      { chance: 0, description: 'TOO_MUCH_MONTHLY_RATE', sustainabilityIndex: 0 },
    ],
    [
      'business without the deposit it needs',
      { contractualCategory: 'societa-persone', answers: SHORT_HISTORY },
      { monthly_rate: 480, deposit: 0, car_value: 25000 },
      { chance: 1, description: 'NEED_DEPOSIT', sustainabilityIndex: 1, depositRequired: 7500 },
    ],
    [
      'business with a deposit',
      { contractualCategory: 'societa-persone', answers: SHORT_HISTORY },
      { monthly_rate: 480, deposit: 2000, car_value: 25000 },
      { chance: 2, description: 'CONGRATULATIONS_THIS_OFFER', sustainabilityIndex: 2, depositRequired: 7500 },
    ],
    [
      'a refusal stays a refusal',
      { contractualCategory: 'pensionato', answers: { net_monthly_income: 1500, other_loans: 0, guarantor: false, bad_payer: true } },
      { monthly_rate: 100, deposit: 5000 },
      { chance: 0, description: 'BAD_PAYER', sustainabilityIndex: 0 },
    ],
  ])('%s', async (_, input, offerData, expected) => {
    const res = await post('offer-check', { ...input, offerData });
    expect(res.statusCode).toBe(200);
    const body = CheckResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject(expected);
  });
});

describe('bad input: 4xx in the error envelope, with success false and an errorCode', () => {
  it.each<[string, 'GET' | 'POST', string, object | undefined, number, string, string, Record<string, string[]>]>([
    [
      'unknown category in the path',
      'GET',
      'logic/studente',
      undefined,
      404,
      'INVALID_CATEGORY',
      'Attenzione, la categoria contrattuale non è valida.',
      { contractualCategory: ['Attenzione, la categoria contrattuale non è valida.'] },
    ],
    [
      'unknown variant',
      'GET',
      'logic/pensionato?variant=mutuo',
      undefined,
      422,
      'INVALID_INPUT',
      'La variante deve essere «quote» oppure «offer».',
      { variant: ['La variante deve essere «quote» oppure «offer».'] },
    ],
    [
      'unknown category in the body',
      'POST',
      'check',
      { contractualCategory: 'studente', answers: {} },
      422,
      'INVALID_CATEGORY',
      'Attenzione, la categoria contrattuale non è valida.',
      { contractualCategory: ['Attenzione, la categoria contrattuale non è valida.'] },
    ],
    [
      'missing category',
      'POST',
      'check',
      { answers: {} },
      422,
      'INVALID_CATEGORY',
      'Attenzione, la categoria contrattuale non è valida.',
      { contractualCategory: ['Attenzione, la categoria contrattuale non è valida.'] },
    ],
    [
      'negative amount',
      'POST',
      'check',
      { contractualCategory: 'pensionato', answers: { net_monthly_income: -100 } },
      422,
      'INVALID_INPUT',
      "L'importo non può essere negativo.",
      { 'answers.net_monthly_income': ["L'importo non può essere negativo."] },
    ],
    [
      'amount as text',
      'POST',
      'check',
      { contractualCategory: 'pensionato', answers: { net_monthly_income: '1.500' } },
      422,
      'INVALID_INPUT',
      "Inserisci l'importo in euro come numero.",
      { 'answers.net_monthly_income': ["Inserisci l'importo in euro come numero."] },
    ],
    [
      'unknown question',
      'POST',
      'check',
      { contractualCategory: 'pensionato', answers: { colore: 'rosso' } },
      422,
      'INVALID_INPUT',
      'Domanda sconosciuta per la categoria «Pensionato»: colore.',
      { 'answers.colore': ['Domanda sconosciuta per la categoria «Pensionato»: colore.'] },
    ],
    [
      'unknown choice',
      'POST',
      'check',
      { contractualCategory: 'societa-persone', answers: { activity_age: 'da_sempre' } },
      422,
      'INVALID_INPUT',
      'Scelta non valida. Valori ammessi: lt2_no_balance, max2_1_balance, gt2_2_balances.',
      { 'answers.activity_age': ['Scelta non valida. Valori ammessi: lt2_no_balance, max2_1_balance, gt2_2_balances.'] },
    ],
    [
      'offer-check without the offer',
      'POST',
      'offer-check',
      { contractualCategory: 'pensionato', answers: {} },
      422,
      'INVALID_INPUT',
      'Questo campo è obbligatorio',
      { offerData: ['Questo campo è obbligatorio'] },
    ],
    [
      'negative offer rate',
      'POST',
      'offer-check',
      { contractualCategory: 'pensionato', answers: {}, offerData: { monthly_rate: -1, deposit: 0 } },
      422,
      'INVALID_INPUT',
      'Il canone mensile non può essere negativo.',
      { 'offerData.monthly_rate': ['Il canone mensile non può essere negativo.'] },
    ],
    ['unknown route in the group', 'GET', 'nothing-here', undefined, 404, 'NOT_FOUND', 'Risorsa non trovata', {}],
  ])('%s', async (_, method, url, payload, status, code, message, errors) => {
    const res = await t.inject({ method, url: `/prescoring/${url}`, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(status);
    const body = PrescoringErrorSchema.parse(res.json());
    expect(body).toEqual({ success: false, data: null, error: { http_code: status, message, code }, errorCode: code, errors });
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/prescoring/check',
      headers: { 'content-type': 'application/json' },
      payload: '{"contractualCategory":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST', error: { http_code: 400, message: 'Richiesta non valida' } });
  });

  it('the public configuration points the app at the group', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.json().data.prescoringBaseUrl).toBe('/prescoring/');
  });
});
