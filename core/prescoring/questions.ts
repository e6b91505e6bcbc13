import type { ContractualCategory } from '../categories';

export type QuestionType = 'TYPE_BOOL' | 'TYPE_INPUT' | 'TYPE_CHOICE';
export type AnswerValue = string | number | boolean;
export type Answers = Record<string, AnswerValue>;

export const QUESTION_KEYS = [
  'trial_period_ended',
  'net_monthly_income',
  'other_loans',
  'activity_age',
  'yearly_turnover',
  'share_capital_paid',
  'guarantor',
  'bad_payer',
  'over_72',
] as const;
export type QuestionKey = (typeof QUESTION_KEYS)[number];

/** goto target meaning "no more questions": the flow ends and the check can be submitted. */
export const END = 'END';
export type StepTarget = QuestionKey | typeof END;

export interface Choice {
  key: string;
  label: string;
}
export interface AnswerOption {
  value: boolean | string;
  label: string;
  action?: { goto: StepTarget };
}
export interface Question {
  q: QuestionKey;
  type: QuestionType;
  label: string;
  list?: readonly Choice[];
  default?: AnswerValue;
  a?: readonly AnswerOption[];
}
export type Logic = readonly Question[];
export type LogicVariant = 'quote' | 'offer';

// ---------------------------------------------------------------- the questions

const yesNo = (gotoOn?: { value: boolean; to: StepTarget }): AnswerOption[] =>
  [true, false].map((value) => ({
    value,
    label: value ? 'Sì' : 'No',
    ...(gotoOn?.value === value ? { action: { goto: gotoOn.to } } : {}),
  }));

const trialPeriod: Question = {
  q: 'trial_period_ended',
  type: 'TYPE_BOOL',
  label: 'Il periodo di prova del cliente è terminato?',
  // Still on trial: no rental company decides before it ends, so nothing else matters.
  a: yesNo({ value: false, to: END }),
};
const netIncome = (label: string): Question => ({ q: 'net_monthly_income', type: 'TYPE_INPUT', label });
const otherLoans: Question = {
  q: 'other_loans',
  type: 'TYPE_INPUT',
  label: 'A quanto ammontano in totale le rate mensili di altri finanziamenti in corso (€)? Indica 0 se non ce ne sono.',
};
const guarantor: Question = {
  q: 'guarantor',
  type: 'TYPE_BOOL',
  label: 'Il cliente è in grado di presentare un garante, anche qualora la società di noleggio lo richieda?',
  a: yesNo(),
};
const badPayer: Question = {
  q: 'bad_payer',
  type: 'TYPE_BOOL',
  label: 'Il cliente risulta segnalato come cattivo pagatore nella Centrale Rischi?',
  // A registry report excludes the customer whatever the other answers say.
  a: yesNo({ value: true, to: END }),
};
const over72: Question = {
  q: 'over_72',
  type: 'TYPE_BOOL',
  label: 'Il cliente ha più di 72 anni?', // 72 = RULES_V1.ageLimit (a test keeps them equal)
  default: false, // most customers are younger: one tap less
  a: yesNo(),
};

// The spec's six activity-age answers: the first three for sole traders and professionals
// (tax returns), the last three for companies, associations and firms (filed balance sheets).
export const ACTIVITY_AGE_TAX_RETURNS: readonly Choice[] = [
  { key: 'lt2_no_returns', label: 'Meno di 2 anni e nessuna dichiarazione dei redditi presentata' },
  { key: 'max2_1_return', label: 'Fino a 2 anni e 1 dichiarazione dei redditi presentata' },
  { key: 'gt2_2_returns', label: 'Più di 2 anni e 2 dichiarazioni dei redditi presentate' },
];
export const ACTIVITY_AGE_BALANCES: readonly Choice[] = [
  { key: 'lt2_no_balance', label: 'Meno di 2 anni e nessun bilancio depositato' },
  { key: 'max2_1_balance', label: 'Fino a 2 anni e almeno 1 bilancio depositato o certificazione dei redditi' },
  { key: 'gt2_2_balances', label: 'Più di 2 anni e 2 bilanci depositati' },
];

const activityAge = (list: readonly Choice[]): Question => ({
  q: 'activity_age',
  type: 'TYPE_CHOICE',
  label: "Da quanto tempo è avviata l'attività?",
  list,
});
const turnover: Question = {
  q: 'yearly_turnover',
  type: 'TYPE_INPUT',
  label: "Qual è il fatturato annuo dell'attività (€)? Per attività avviate da meno di un anno indica quello previsto.",
};
const shareCapital: Question = {
  q: 'share_capital_paid',
  type: 'TYPE_BOOL',
  label: 'Il capitale sociale è interamente versato?',
  a: yesNo(),
};

const employee: Logic = [trialPeriod, netIncome('Qual è il reddito netto mensile del cliente (€)?'), otherLoans, guarantor, badPayer, over72];
const retired: Logic = [netIncome('Qual è la pensione netta mensile del cliente (€)?'), otherLoans, guarantor, badPayer, over72];
const soleTrader: Logic = [activityAge(ACTIVITY_AGE_TAX_RETURNS), turnover, guarantor, badPayer];
const company: Logic = [activityAge(ACTIVITY_AGE_BALANCES), turnover, guarantor, badPayer];
const corporation: Logic = [activityAge(ACTIVITY_AGE_BALANCES), turnover, shareCapital, guarantor, badPayer];

/** Logic served with the quote (widget) check: `GET logic/{contractualCategory}`. */
export const QUOTE_LOGIC: Readonly<Record<ContractualCategory, Logic>> = {
  'tempo-indeterminato': employee,
  pensionato: retired,
  'ditta-individuale': soleTrader,
  'libero-professionista': soleTrader,
  'societa-capitale': corporation,
  'societa-persone': company,
  'associazioni-enti-fondazioni': company,
  'studi-associati': company,
};

/**
 * Logic served with the single-offer check. V1 asks the same questions; it is its own export so the
 * routes serve both variants and one can change without touching the other.
 */
export const OFFER_LOGIC: Readonly<Record<ContractualCategory, Logic>> = { ...QUOTE_LOGIC };

export function logicFor(category: ContractualCategory, variant: LogicVariant = 'quote'): Logic {
  return (variant === 'offer' ? OFFER_LOGIC : QUOTE_LOGIC)[category];
}

// ---------------------------------------------------------------- the flow (spec section 4, "Credit check")

function questionOf(logic: Logic, key: string | null | undefined): Question | undefined {
  return key == null ? undefined : logic.find((q) => q.q === key);
}

function gotoOf(question: Question, value: AnswerValue | undefined): StepTarget | undefined {
  return value === undefined ? undefined : question.a?.find((o) => o.value === value)?.action?.goto;
}

/** The question after `key` once answered with `value`: its goto target, else the next in order; null = end. */
export function followingStep(logic: Logic, key: string, value: AnswerValue): QuestionKey | null {
  const index = logic.findIndex((q) => q.q === key);
  const question = logic[index];
  if (!question) return null;
  const target = gotoOf(question, value);
  if (target === END) return null;
  return target ?? logic[index + 1]?.q ?? null;
}

/**
 * Walks the path the answers take from the first question (goto actions followed, defaults standing in
 * for missing answers). `answers` holds the values on the path; `pending` is the first question still
 * to ask, null when the path reaches the end. Answers off the path are ignored.
 */
export function walk(logic: Logic, answers: Answers): { answers: Answers; pending: QuestionKey | null } {
  const onPath: Answers = {};
  let question = logic[0];
  // A question visited twice would mean a goto loop in the data; stop rather than spin.
  while (question && onPath[question.q] === undefined) {
    const value = answers[question.q] ?? question.default;
    if (value === undefined) return { answers: onPath, pending: question.q };
    onPath[question.q] = value;
    question = questionOf(logic, followingStep(logic, question.q, value));
  }
  return { answers: onPath, pending: null };
}

/** The next question to ask for these answers, or null when every question on the path is answered. */
export function nextStep(logic: Logic, answers: Answers): QuestionKey | null {
  return walk(logic, answers).pending;
}

export interface FlowState {
  step: QuestionKey | null;
  answers: Answers;
}

function withDefault(logic: Logic, answers: Answers, step: QuestionKey | null): FlowState {
  const question = questionOf(logic, step);
  if (step && question?.default !== undefined && answers[step] === undefined) return { step, answers: { ...answers, [step]: question.default } };
  return { step, answers };
}

/** After a category is chosen: the first question is the current step (with its default, if any). */
export function startFlow(logic: Logic): FlowState {
  return withDefault(logic, {}, logic[0]?.q ?? null);
}

/**
 * Records an answer: later answers (in question order) are dropped, since they may no longer be on the
 * path, and the following question becomes the current step, pre-filled with its default.
 */
export function applyAnswer(logic: Logic, answers: Answers, key: string, value: AnswerValue): FlowState {
  const index = logic.findIndex((q) => q.q === key);
  if (index < 0) throw new Error(`Unknown question "${key}"`);
  const kept: Answers = {};
  for (const q of logic.slice(0, index)) {
    const earlier = answers[q.q];
    if (earlier !== undefined) kept[q.q] = earlier;
  }
  kept[key] = value;
  return withDefault(logic, kept, followingStep(logic, key, value));
}

/** Visible questions: those answered, the current one, and the goto target of the current answer. */
export function visibleQuestions(logic: Logic, answers: Answers, current: string | null): Question[] {
  const currentQuestion = questionOf(logic, current);
  const target = currentQuestion && gotoOf(currentQuestion, answers[currentQuestion.q]);
  return logic.filter((q) => answers[q.q] !== undefined || q.q === current || q.q === target);
}

/** Submit only without a positive result already shown and with every question on the path answered. */
export function canSubmit(logic: Logic, answers: Answers, chance?: number | null): boolean {
  const positive = typeof chance === 'number' && chance > 0;
  return !positive && nextStep(logic, answers) === null;
}
