import { lazy, Suspense, useCallback, useRef, useState } from 'react';

// The modal loads with the first question: most visits of a screen never ask one.
const ConfirmModal = lazy(() => import('./confirm-modal'));

/**
 * Confirmation prompts with the one modal pattern (IonModal): `ask(text)` resolves true when the
 * user confirms, false when they cancel or dismiss; `tell(text)` shows a message with one button and
 * resolves when it is closed.
 */
export function useConfirm() {
  const [text, setText] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);
  const [asked, setAsked] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const open = useCallback(
    (message: string, isNotice: boolean) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setAsked(true);
        setNotice(isNotice);
        setText(message);
      }),
    [],
  );
  const ask = useCallback((message: string) => open(message, false), [open]);
  const tell = useCallback((message: string) => open(message, true).then(() => undefined), [open]);
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setText(null);
  };
  // Kept mounted after the first question, so a closing prompt plays its animation.
  const element = asked ? (
    <Suspense fallback={null}>
      <ConfirmModal text={text} notice={notice} onClose={close} />
    </Suspense>
  ) : null;
  return { ask, tell, element };
}
