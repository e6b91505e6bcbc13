import { Button } from '../ui/button';
import { IonInput } from '../ui/ionic/input';
import { IonProgressBar } from '../ui/ionic/progress-bar';
import { IonSelect, IonSelectOption } from '../ui/ionic/select';
import { Spinner } from '../ui/spinner';
import { useEffect, useState } from 'react';
import { CONTRACTUAL_CATEGORIES } from '@core/categories';
import { visibleQuestions, type AnswerValue, type Logic, type LogicVariant, type Question } from '@core/prescoring/questions';
import { it } from '../i18n/credit-check';
import { formatAmount, parseAmount, reformatAmount } from './amount';
import { useCreditCheckLogic } from './use-credit-check-logic';
import { creditCheckStore } from './store';
import { useCreditCheck } from './use-credit-check';
import { ContractualCategorySchema } from '@core/schemas/common';

/**
 * The credit-check questions (spec §2, §4, §5): the contractual category first, then the visible questions
 * (answered, current, goto target) one by one, with the progress of answered over total.
 */
export function CreditCheckForm({
  variant = 'quote',
  lockedCategory = false,
}: {
  variant?: LogicVariant;
  /** The customer's category is known (a quotation): shown, not changeable. */ lockedCategory?: boolean;
}) {
  const check = useCreditCheck();
  const { logic, loading, error, retrying, retry } = useCreditCheckLogic(variant);

  // A category chosen before its logic arrived: its first question becomes current once loaded.
  useEffect(() => {
    if (logic) creditCheckStore.start(logic);
  }, [logic]);

  const answered = logic ? logic.filter((q) => check.answers[q.q] !== undefined).length : 0;
  const total = logic?.length ?? 0;

  return (
    <div className="cc-form">
      <IonSelect
        className="cc-category"
        label={it.creditCheck.category}
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        placeholder={it.creditCheck.categoryPlaceholder}
        value={check.contractualCategory ?? undefined}
        disabled={lockedCategory}
        onIonChange={(e) => {
          const parsed = ContractualCategorySchema.safeParse(e.detail.value);
          if (parsed.success && parsed.data !== check.contractualCategory) check.setCategory(parsed.data);
        }}
        helperText={check.contractualCategory ? undefined : it.creditCheck.categoryRequired}
      >
        {CONTRACTUAL_CATEGORIES.map((c) => (
          <IonSelectOption key={c.value} value={c.value}>
            {c.label}
          </IonSelectOption>
        ))}
      </IonSelect>

      {error ? (
        <div className="cc-alert cc-alert--danger" role="alert" data-testid="cc-logic-error">
          <p>{it.creditCheck.error}</p>
          {retrying ? (
            <p className="cc-retrying" role="status">
              <Spinner name="dots" /> {it.creditCheck.retrying}
            </p>
          ) : (
            <Button size="small" fill="outline" onClick={retry}>
              {it.common.retry}
            </Button>
          )}
        </div>
      ) : null}
      {loading && (
        <div className="cc-loading" role="status" aria-label={it.common.loading}>
          <Spinner />
        </div>
      )}

      {logic && check.contractualCategory && (
        <>
          <div className="cc-progress">
            <span>{it.creditCheck.progress(answered, total)}</span>
            <IonProgressBar value={total ? answered / total : 0} aria-label={it.creditCheck.progressLabel} />
          </div>
          <ol className="cc-questions">
            {visibleQuestions(logic, check.answers, check.step).map((q) => (
              <li key={q.q} className={`cc-question${q.q === check.step ? ' cc-question--current' : ''}`} data-question={q.q}>
                <QuestionField logic={logic} question={q} value={check.answers[q.q]} current={q.q === check.step} />
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function QuestionField({ logic, question, value, current }: { logic: Logic; question: Question; value: AnswerValue | undefined; current: boolean }) {
  const answer = (v: AnswerValue) => creditCheckStore.answer(logic, question.q, v);
  const labelId = `cc-q-${question.q}`;
  return (
    <>
      <p className="cc-question-label" id={labelId}>
        {question.label}
      </p>
      {question.type === 'TYPE_INPUT' && (
        <AmountField question={question} value={typeof value === 'number' ? value : null} current={current} onAnswer={answer} />
      )}
      {question.type === 'TYPE_BOOL' && (
        <div className="cc-yes-no" role="group" aria-labelledby={labelId}>
          {(
            question.a ?? [
              { value: true, label: it.creditCheck.yes },
              { value: false, label: it.creditCheck.no },
            ]
          ).map((option) => {
            const selected = value === option.value;
            return (
              <Button
                key={String(option.value)}
                // Medium, not primary, when unselected: primary text on the dark theme's background is too faint.
                color={selected ? 'primary' : 'medium'}
                fill={selected ? 'solid' : 'outline'}
                aria-pressed={selected ? 'true' : 'false'}
                onClick={() => (selected && !current ? undefined : answer(option.value))}
              >
                {option.value === true ? it.creditCheck.yes : option.value === false ? it.creditCheck.no : option.label}
              </Button>
            );
          })}
        </div>
      )}
      {question.type === 'TYPE_CHOICE' && (
        <IonSelect
          aria-label={question.label}
          fill="outline"
          interface="popover"
          interfaceOptions={{ size: 'cover' }}
          placeholder={it.creditCheck.choicePlaceholder}
          value={typeof value === 'string' ? value : undefined}
          onIonChange={(e) => {
            const next = e.detail.value as unknown;
            if (typeof next === 'string' && next !== value) answer(next);
          }}
        >
          {(question.list ?? []).map((c) => (
            <IonSelectOption key={c.key} value={c.key}>
              {c.label}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
    </>
  );
}

/** Whole euros, grouped with '.', Ok disabled while empty (spec §5). Re-answering an unchanged value keeps later answers. */
function AmountField({ question, value, current, onAnswer }: { question: Question; value: number | null; current: boolean; onAnswer: (v: number) => void }) {
  const [text, setText] = useState(formatAmount(value));
  const [shown, setShown] = useState(value);
  // The stored answer changed elsewhere (truncated, reset): show it. Adjusting state while rendering is React's
  // recommended way to follow a prop, and avoids an effect.
  if (shown !== value) {
    setShown(value);
    setText(formatAmount(value));
  }
  const parsed = parseAmount(text);
  const submit = () => {
    if (parsed === null || (parsed === value && !current)) return;
    onAnswer(parsed);
  };
  return (
    <div className="cc-amount">
      <IonInput
        aria-label={question.label}
        fill="outline"
        type="text"
        inputmode="numeric"
        placeholder={it.creditCheck.amountPlaceholder}
        value={text}
        onIonInput={(e) => setText(reformatAmount(e.detail.value ?? ''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit();
        }}
      >
        <span slot="end" aria-hidden="true">
          €
        </span>
      </IonInput>
      <Button onClick={submit} disabled={parsed === null}>
        {it.creditCheck.ok}
      </Button>
    </div>
  );
}
