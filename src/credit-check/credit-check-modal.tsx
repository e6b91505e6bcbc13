import { Button } from '../ui/button';
import { IonContent } from '../ui/ionic/content';
import { IonModal } from '../ui/ionic/overlays';
import { useEffect, useRef, useState } from 'react';
import { creditCheckFilterParams, filtersToQuery } from '@core/credit-check-filters';
import { canSubmit } from '@core/prescoring/questions';
import { it } from '../i18n/credit-check';
import { links } from '../routes';
import { ModalHeader } from '../ui/modal-header';
import { postCheck, responseOf } from './api';
import { CreditCheckForm } from './credit-check-form';
import { useCreditCheckLogic } from './use-credit-check-logic';
import { CreditCheckError, CreditCheckResult } from './credit-check-result';
import { creditCheckStore } from './store';
import { useCreditCheck } from './use-credit-check';

/** The credit-check modal of the floating button (spec §2): questions, submit, result, 'Vetrina Offerte', reset. */
export default function CreditCheckModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} className="cc-modal" aria-label={it.creditCheck.title}>
      <ModalHeader title={it.creditCheck.title} onClose={onClose} color="primary" />
      <IonContent className="ion-padding">{isOpen && <CreditCheckBody onClose={onClose} />}</IonContent>
    </IonModal>
  );
}

function CreditCheckBody({ onClose }: { onClose: () => void }) {
  const check = useCreditCheck();
  const { base, logic } = useCreditCheckLogic('quote');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<1 | 2 | null>(null);
  const controller = useRef<AbortController | null>(null);

  const submittable = Boolean(logic && check.contractualCategory && base) && canSubmit(logic ?? [], check.answers, check.response?.chance) && !pending;

  async function submit() {
    const category = check.contractualCategory;
    if (!base || !category) return;
    controller.current?.abort();
    controller.current = new AbortController();
    setPending(true);
    setFailure(null);
    try {
      const answer = await postCheck(base, { contractualCategory: category, step: check.step, answers: check.answers }, controller.current.signal);
      const response = responseOf(answer);
      // Spec §8: a check that answers without success empties the response ('errore 1')...
      creditCheckStore.setResponse(response);
      if (!response) setFailure(1);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      // ...and one that throws too ('errore 2').
      creditCheckStore.setResponse(null);
      setFailure(2);
    } finally {
      setPending(false);
    }
  }

  const shown = check.response && typeof check.response.chance === 'number' ? check.response : null;

  // The result (or the failure) appears below the questions: bring it on screen, phones especially.
  const outcome = useRef<HTMLDivElement>(null);
  const outcomeKey = shown ? `r${check.checkedAt}` : failure ? `e${failure}` : null;
  useEffect(() => {
    if (outcomeKey) outcome.current?.scrollIntoView({ behavior: 'smooth', block: 'end' });
  }, [outcomeKey]);

  return (
    <div className="cc-body">
      <p className="cc-intro">{it.creditCheck.intro}</p>
      <CreditCheckForm variant="quote" />
      {check.contractualCategory && logic && !shown && (
        <Button expand="block" className="cc-submit" disabled={!submittable} onClick={() => void submit()}>
          {pending ? it.creditCheck.checking : it.creditCheck.submit}
        </Button>
      )}
      <div ref={outcome}>
        <CreditCheckError variant={failure} />
        {shown && <CreditCheckResult response={shown} />}
        {check.contractualCategory && (
          <div className="cc-actions">
            {shown && (
              <Button routerLink={links.offers(filtersToQuery(creditCheckFilterParams(check)))} onClick={onClose}>
                {it.creditCheck.showcase}
              </Button>
            )}
            <Button
              fill="outline"
              color="medium"
              onClick={() => {
                setFailure(null);
                check.reset();
              }}
            >
              {it.creditCheck.reset}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
