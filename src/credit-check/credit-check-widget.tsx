import { Button } from '../ui/button';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import speedometerOutline from 'ionicons-svg/speedometer-outline.svg?raw';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { creditCheckOffersUrl, shouldReloadOffers } from '@core/credit-check-filters';
import { hasFeature } from '@core/features';
import { useProfile } from '../api/profile';
import { it } from '../i18n/credit-check';
import { hidesCreditCheck, usesBareLayout } from '../routes';
import { creditCheckStore } from './store';
import { useCreditCheck } from './use-credit-check';
import { Icon } from '../ui/icon';
import { useBodyClass } from '../ui/body-class';
import { IconButton } from '../ui/icon-button';

// The modal (questions, Ionic select, progress bar) is its own chunk: most visits never open it.
const CreditCheckModal = lazy(() => import('./credit-check-modal'));

type Mode = 'closed' | 'notification' | 'modal';

/**
 * The floating credit-check button (spec §2 "Credit-check (prescoring) tool"): only with feature prescoring,
 * hidden on /quotations/…, /quotation/ and /offers/{id}; closes when the path changes; Enter triggers it.
 * Without a check it opens the notification with 'Inizia', with one the modal.
 */
export function CreditCheckWidget() {
  const { data: profile } = useProfile();
  const { pathname } = useLocation();
  if (!profile || !hasFeature(profile.features, 'prescoring') || usesBareLayout(pathname)) return null;
  return <Widget pathname={pathname} />;
}

function Widget({ pathname }: { pathname: string }) {
  const { contractualCategory } = useCreditCheck();
  // Opened on one path: on any other the widget is closed (no effect needed to close it).
  const [opened, setOpened] = useState<{ mode: Mode; path: string }>({ mode: 'closed', path: pathname });
  const mode: Mode = opened.path === pathname ? opened.mode : 'closed';
  const [modalLoaded, setModalLoaded] = useState(false);
  const setMode = (next: Mode) => {
    if (next === 'modal') setModalLoaded(true);
    setOpened({ mode: next, path: pathname });
  };
  const hidden = hidesCreditCheck(pathname);
  useBodyClass('has-fab', !hidden);

  useOffersReloadAfterCheck(pathname, mode === 'modal');

  const trigger = () => {
    if (mode !== 'closed') setMode('closed');
    else setMode(contractualCategory === null ? 'notification' : 'modal');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // or the native button would also click: one trigger per key press
    trigger();
  };

  return (
    <>
      {!hidden && (
        <IconButton
          className="fab cc-fab"
          icon={speedometerOutline}
          label={it.creditCheck.button}
          aria-expanded={mode !== 'closed'}
          onClick={trigger}
          onKeyDown={onKeyDown}
          data-testid="credit-check-button"
        />
      )}
      {mode === 'notification' && !hidden && (
        <div className="cc-notification" role="dialog" aria-labelledby="cc-notification-text">
          <p id="cc-notification-text">{it.creditCheck.notification}</p>
          <div className="cc-notification-actions">
            <Button size="small" onClick={() => setMode('modal')}>
              {it.creditCheck.start}
            </Button>
          </div>
          <Button className="cc-notification-close" fill="clear" size="small" aria-label={it.common.close} onClick={() => setMode('closed')}>
            <Icon slot="icon-only" icon={closeOutline} />
          </Button>
        </div>
      )}
      {modalLoaded && (
        <Suspense fallback={null}>
          <CreditCheckModal isOpen={mode === 'modal'} onClose={() => setOpened((o) => (o.mode === 'modal' ? { ...o, mode: 'closed' } : o))} />
        </Suspense>
      )}
    </>
  );
}

/** Loads a page afresh: the offers screen reads its filters from the address once, on load. */
const reloadAt = (url: string) => window.location.replace(url);

/**
 * Spec §4: after a check on /offers, "the page reloads with these filters ... when chance is 0 or more".
 * Not 2 seconds later, as the spec has it, but when the user leaves the result (closes the modal): a
 * timed reload took the result away before it could be read (docs/adr/0127-credit-check-and-offers-search.md). Only checks made while the app
 * is open count: an old stored check does not move the page.
 */
export function useOffersReloadAfterCheck(pathname: string, resultOpen: boolean, reload: (url: string) => void = reloadAt) {
  const check = useCreditCheck();
  const handled = useRef(creditCheckStore.get().checkedAt);
  const url = creditCheckOffersUrl(check);
  const due = check.checkedAt !== null && check.checkedAt !== handled.current && shouldReloadOffers(pathname, check);
  const checkedAt = check.checkedAt;
  // A check made on another screen is settled there (its Vetrina Offerte link carries the filters):
  // arriving on /offers afterwards must not reload the page under the user's fingers.
  useEffect(() => {
    if (!due && checkedAt !== null) handled.current = checkedAt;
  }, [due, checkedAt]);
  useEffect(() => {
    if (!due || resultOpen) return;
    handled.current = checkedAt;
    reload(url);
  }, [due, resultOpen, checkedAt, url, reload]);
}
