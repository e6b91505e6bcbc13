import { describe, expect, it } from 'vitest';
import { CONTRACTUAL_CATEGORY_VALUES } from '../categories';
import { END, OFFER_LOGIC, QUOTE_LOGIC, applyAnswer, canSubmit, logicFor, nextStep, startFlow, visibleQuestions, type Logic } from './questions';
import { RULES_V1 } from './rules';
import { LogicSchema } from './schemas';

const keys = (logic: Logic) => logic.map((q) => q.q);

describe('question logic data', () => {
  it.each([
    ['tempo-indeterminato', ['trial_period_ended', 'net_monthly_income', 'other_loans', 'guarantor', 'bad_payer', 'over_72']],
    ['pensionato', ['net_monthly_income', 'other_loans', 'guarantor', 'bad_payer', 'over_72']],
    ['ditta-individuale', ['activity_age', 'yearly_turnover', 'guarantor', 'bad_payer']],
    ['libero-professionista', ['activity_age', 'yearly_turnover', 'guarantor', 'bad_payer']],
    ['societa-capitale', ['activity_age', 'yearly_turnover', 'share_capital_paid', 'guarantor', 'bad_payer']],
    ['societa-persone', ['activity_age', 'yearly_turnover', 'guarantor', 'bad_payer']],
    ['associazioni-enti-fondazioni', ['activity_age', 'yearly_turnover', 'guarantor', 'bad_payer']],
    ['studi-associati', ['activity_age', 'yearly_turnover', 'guarantor', 'bad_payer']],
  ] as const)('%s asks its questions in order, in both variants', (category, expected) => {
    expect(keys(logicFor(category))).toEqual(expected);
    expect(keys(logicFor(category, 'offer'))).toEqual(expected);
  });

  it.each(CONTRACTUAL_CATEGORY_VALUES)('%s: valid logic, goto only forward or to the end', (category) => {
    for (const logic of [QUOTE_LOGIC[category], OFFER_LOGIC[category]]) {
      expect(LogicSchema.safeParse(logic).success).toBe(true);
      logic.forEach((question, index) => {
        for (const option of question.a ?? []) {
          const target = option.action?.goto;
          if (target && target !== END) expect(keys(logic).indexOf(target)).toBeGreaterThan(index);
        }
      });
    }
  });

  it('offers the tax-return choices to sole traders and professionals, the balance-sheet ones to the others', () => {
    const choices = (c: (typeof CONTRACTUAL_CATEGORY_VALUES)[number]) => logicFor(c)[0]?.list?.map((l) => l.key);
    expect(choices('ditta-individuale')).toEqual(['lt2_no_returns', 'max2_1_return', 'gt2_2_returns']);
    expect(choices('libero-professionista')).toEqual(['lt2_no_returns', 'max2_1_return', 'gt2_2_returns']);
    for (const c of ['societa-capitale', 'societa-persone', 'associazioni-enti-fondazioni', 'studi-associati'] as const) {
      expect(choices(c)).toEqual(['lt2_no_balance', 'max2_1_balance', 'gt2_2_balances']);
    }
  });

  it('states the age limit of the rules and defaults it to No', () => {
    const over72 = logicFor('pensionato').find((q) => q.q === 'over_72');
    expect(over72?.label).toContain(`${RULES_V1.ageLimit} anni`);
    expect(over72?.default).toBe(false);
  });
});

describe('question flow', () => {
  const employee = logicFor('tempo-indeterminato');
  const complete = { trial_period_ended: true, net_monthly_income: 2000, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };

  it('starts at the first question', () => {
    expect(startFlow(employee)).toEqual({ step: 'trial_period_ended', answers: {} });
    expect(startFlow([])).toEqual({ step: null, answers: {} });
  });

  it.each([
    ['nothing answered', {}, 'trial_period_ended'],
    ['trial ended', { trial_period_ended: true }, 'net_monthly_income'],
    ['up to the guarantor', { trial_period_ended: true, net_monthly_income: 2000, other_loans: 0, guarantor: true }, 'bad_payer'],
    ['trial not ended: goto the end', { trial_period_ended: false }, null],
    ['bad payer: goto the end', { trial_period_ended: true, net_monthly_income: 1, other_loans: 0, guarantor: false, bad_payer: true }, null],
    ['over_72 left to its default', { trial_period_ended: true, net_monthly_income: 1, other_loans: 0, guarantor: false, bad_payer: false }, null],
  ])('next step: %s', (_, answers, expected) => {
    expect(nextStep(employee, answers)).toBe(expected);
  });

  it('moves to the next question and pre-fills its default', () => {
    const state = applyAnswer(employee, { trial_period_ended: true, net_monthly_income: 2000, other_loans: 0, guarantor: false }, 'bad_payer', false);
    expect(state).toEqual({ step: 'over_72', answers: { ...complete, over_72: false } });
  });

  it('follows goto actions to the end, without pre-filling skipped questions', () => {
    expect(applyAnswer(employee, {}, 'trial_period_ended', false)).toEqual({ step: null, answers: { trial_period_ended: false } });
    const badPayer = applyAnswer(employee, complete, 'bad_payer', true);
    expect(badPayer.step).toBeNull();
    expect(badPayer.answers).not.toHaveProperty('over_72');
  });

  it('truncates answers after the one changed', () => {
    const state = applyAnswer(employee, complete, 'net_monthly_income', 1500);
    expect(state).toEqual({ step: 'other_loans', answers: { trial_period_ended: true, net_monthly_income: 1500 } });
  });

  it('rejects an answer to a question the logic does not have', () => {
    expect(() => applyAnswer(employee, {}, 'activity_age', 'lt2_no_returns')).toThrow(/activity_age/);
  });

  // A synthetic logic: the portal's data only jumps to the end, this checks a jump to a question.
  const branching: Logic = [
    {
      q: 'guarantor',
      type: 'TYPE_BOOL',
      label: 'A',
      a: [
        { value: true, label: 'Sì' },
        { value: false, label: 'No', action: { goto: 'over_72' } },
      ],
    },
    { q: 'bad_payer', type: 'TYPE_BOOL', label: 'B' },
    { q: 'over_72', type: 'TYPE_BOOL', label: 'C' },
  ];

  it('jumps to a goto target and skips the questions between', () => {
    expect(applyAnswer(branching, {}, 'guarantor', false).step).toBe('over_72');
    expect(nextStep(branching, { guarantor: false })).toBe('over_72');
    expect(nextStep(branching, { guarantor: true })).toBe('bad_payer');
    expect(nextStep(branching, { guarantor: false, over_72: true })).toBeNull();
  });

  it.each([
    ['start', {}, 'guarantor', ['guarantor']],
    ['after an answer', { guarantor: true }, 'bad_payer', ['guarantor', 'bad_payer']],
    ['current answer with a goto target', { guarantor: false }, 'guarantor', ['guarantor', 'over_72']],
    ['everything answered', { guarantor: true, bad_payer: false, over_72: false }, null, ['guarantor', 'bad_payer', 'over_72']],
  ] as const)('visible questions: %s', (_, answers, current, expected) => {
    expect(keys(visibleQuestions(branching, answers, current))).toEqual(expected);
  });

  it.each([
    ['incomplete', { trial_period_ended: true }, null, false],
    ['complete, not checked yet', complete, null, true],
    ['complete thanks to a default', { ...complete, over_72: undefined }, undefined, true],
    ['ended by a goto', { trial_period_ended: false }, null, true],
    ['complete, chance 0 shown', complete, 0, true],
    ['complete, positive chance shown', complete, 1, false],
  ])('can submit: %s', (_, answers, chance, expected) => {
    const defined = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined)) as Record<string, boolean | number>;
    expect(canSubmit(employee, defined, chance)).toBe(expected);
  });
});
