import { Button } from '../ui/button';
import { LazyModal } from '../ui/ionic/lazy-modal';
import { Spinner } from '../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ContractualCategory } from '@core/categories';
import { alertColor, messageFor } from '@core/prescoring/messages';
import { type Answers, nextStep } from '@core/prescoring/questions';
import type { OfferData, PrescoringResponse } from '@core/prescoring/schemas';
import { it } from '../i18n/credit-check';
import { postOfferCheck, responseOf } from './api';
import { useCreditCheckLogic } from './use-credit-check-logic';
import { CreditCheckError } from './credit-check-result';
import { creditCheckStore } from './store';
import { useCreditCheck } from './use-credit-check';
import { useOpenedOnce } from '../ui/use-opened-once';

// The questions (Ionic's select, input, progress bar) load with the modal's first opening.
const CreditCheckForm = lazy(() => import('./credit-check-form').then((m) => ({ default: m.CreditCheckForm })));

/** Spec §4 "Offer detail": the affordability index is recomputed 200 ms after the offer changes. */
export const OFFER_CHECK_DEBOUNCE_MS = 200;

export interface CreditCheckOfferPanelProps {
  /** The offer as configured: monthly rate and deposit in euro, the car's value when known (deposit cap 30%). */
  offerData: OfferData;
  /**
   * Each result of POST offer-check (null while unknown or after a failure), with the answers it was
   * computed from: the quotation saves both.
   */
  onResult?: (response: PrescoringResponse | null, check: CheckedAnswers | null) => void;
  /**
   * The customer's contractual category when it is already known (a quotation): the check is made for it.
   * A stored check of another category is restarted for this one, and the modal does not let it change.
   */
  category?: ContractualCategory;
  /**
   * Answers already recorded for this customer (a quotation's saved credit check): they become the check
   * when the panel opens, so the step shows them (and their result) instead of whatever the browser kept.
   */
  saved?: CheckedAnswers | null;
  /**
   * Whom the check is about (a quotation: 'proposal:<id>'): answers stored for anyone else are never
   * used, the check starts from `saved` or empty (docs/adr/0125-credit-check-state-and-the-wizard.md).
   */
  subject?: string;
}

/** What an offer check was computed from. */
export interface CheckedAnswers {
  contractualCategory: ContractualCategory;
  step: string | null;
  answers: Answers;
}

/**
 * The single-offer credit check (spec §2: "A second, single-offer variant of the check runs on the offer
 * detail and quotation pages"). Uses the stored answers; when there are none, or they do not cover the
 * offer's questions, it asks for them in a modal (stored for the widget too). Shows the affordability
 * indicator: colour by sustainabilityIndex (0 danger, 1 warning, 2 success) and the message for this offer.
 */
export function CreditCheckOfferPanel({ offerData, onResult, category, saved, subject }: CreditCheckOfferPanelProps) {
  // Once, as the panel opens (before the effects below): a saved check of this customer's category replaces the stored one.
  const toRestore = useRef(saved && Object.keys(saved.answers).length > 0 && (!category || saved.contractualCategory === category) ? saved : null);
  const about = useRef(subject);
  useLayoutEffect(() => {
    if (toRestore.current) creditCheckStore.restore(toRestore.current, about.current ?? null);
    else if (about.current) creditCheckStore.forSubject(about.current, category ?? null);
    toRestore.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the panel opens
  }, []);
  const check = useCreditCheck();
  // A known customer: a stored check of another category does not apply to them (answers are reset, §4).
  const otherCategory = Boolean(category && check.contractualCategory !== category);
  const { setCategory } = check;
  useEffect(() => {
    // Read again: a restored check (above) may already be of this category.
    if (otherCategory && category && creditCheckStore.get().contractualCategory !== category) setCategory(category);
  }, [otherCategory, category, setCategory]);
  const { base, logic } = useCreditCheckLogic('offer');
  const [asking, setAsking] = useState(false);
  const modalMounted = useOpenedOnce(asking);
  const offer = useDebounced(offerData, OFFER_CHECK_DEBOUNCE_MS);
  const complete = Boolean(logic && check.contractualCategory && !otherCategory && nextStep(logic, check.answers) === null);

  const result = useQuery({
    queryKey: ['prescoring', 'offer-check', base, check.contractualCategory, check.answers, offer] as const,
    queryFn: async ({ signal }) => {
      if (!base || !check.contractualCategory) return null;
      const input: CheckedAnswers = { contractualCategory: check.contractualCategory, step: check.step, answers: check.answers };
      return { answer: await postOfferCheck(base, { ...input, offerData: offer }, signal), input };
    },
    enabled: complete && Boolean(base) && !asking,
    // Offline the device runs the check (api.ts).
    networkMode: 'always',
    retry: false,
    staleTime: Infinity,
  });
  const response = result.data ? responseOf(result.data.answer) : null;
  // Spec §8: answered without success → 'errore 1'; threw → 'errore 2'.
  const failure: 1 | 2 | null = result.isError ? 2 : result.data && !response ? 1 : null;

  // The latest callback, called only when the result changes: a page passing an inline arrow that sets its
  // own state must not loop.
  const report = useRef(onResult);
  useEffect(() => {
    report.current = onResult;
  }, [onResult]);
  const reported = complete ? response : null;
  // The answers the shown result was computed from.
  const checked = reported ? (result.data?.input ?? null) : null;
  useEffect(() => {
    report.current?.(reported, reported ? checked : null);
  }, [reported, checked]);

  return (
    <section className="cc-offer-panel" aria-label={it.creditCheck.offer.title}>
      <h3>{it.creditCheck.offer.title}</h3>
      {!complete && (
        <>
          <p>{it.creditCheck.offer.ask}</p>
          <Button size="small" onClick={() => setAsking(true)}>
            {it.creditCheck.offer.start}
          </Button>
        </>
      )}
      {complete && result.isFetching && !response && (
        <div className="cc-indicator" role="status">
          <Spinner name="dots" /> {it.creditCheck.offer.checking}
        </div>
      )}
      {complete && response && (
        <div
          className={`cc-indicator cc-alert--${alertColor(response.sustainabilityIndex)}`}
          role="status"
          data-sustainability={response.sustainabilityIndex ?? ''}
        >
          <span className="cc-dot" aria-hidden="true" />
          <span>{messageFor(response.description, 'offer')}</span>
        </div>
      )}
      <CreditCheckError variant={failure} />
      {complete && (
        <Button size="small" fill="clear" onClick={() => setAsking(true)}>
          {it.creditCheck.offer.edit}
        </Button>
      )}
      {modalMounted && (
        <LazyModal
          isOpen={asking}
          onDidDismiss={() => setAsking(false)}
          className="cc-modal"
          aria-label={it.creditCheck.title}
          title={it.creditCheck.offer.title}
          onClose={() => setAsking(false)}
          headerColor="primary"
        >
          {asking && (
            <>
              <Suspense fallback={<Spinner name="dots" />}>
                <CreditCheckForm variant="offer" {...(category ? { lockedCategory: true } : {})} />
              </Suspense>
              <Button expand="block" className="cc-submit" disabled={!complete} onClick={() => setAsking(false)}>
                {it.creditCheck.offer.done}
              </Button>
            </>
          )}
        </LazyModal>
      )}
    </section>
  );
}

/** The value once it has stopped changing for `ms` (compared by content: offer objects are rebuilt on render). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
