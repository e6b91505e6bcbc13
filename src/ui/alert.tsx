import { type ReactNode, useEffect, useRef, useState } from 'react';
import { it } from '../i18n/it';

/**
 * The one message box of the app (docs/adr/0150-crash-screen-and-form-alerts.md; account spec §4: "a dismissible success alert
 * or error alert"): a status surface in both themes with a close button. Closing hides this message;
 * a new one (another `shows` value) opens it again.
 */
export function Alert({
  kind,
  shows,
  children,
  testId,
}: {
  kind: 'success' | 'danger' | 'warning' | 'info';
  shows: unknown;
  children: ReactNode;
  testId?: string;
}) {
  const [closed, setClosed] = useState<unknown>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const urgent = kind === 'danger' || kind === 'warning';
  // A refusal the user did not see is no answer: on a phone the form's message often lies above or below the
  // screenful where the button was tapped (a server error after 'Salva'). A new one is brought into view, unless
  // a field is marked (scrollToFirstError brings that one instead).
  useEffect(() => {
    if (!urgent) return;
    const frame = requestAnimationFrame(() => {
      if (!document.querySelector('.ion-invalid')) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    });
    return () => cancelAnimationFrame(frame);
  }, [shows, urgent]);
  if (closed !== undefined && closed === shows) return null;
  return (
    <div className={`app-alert is-${kind}`} ref={box}>
      {/* The role is on the message alone, so the alert reads as its text (not with the close button's ×). */}
      <div className="app-alert-text" role={urgent ? 'alert' : 'status'} data-testid={testId}>
        {children}
      </div>
      <button type="button" className="app-alert-close" aria-label={it.common.close} title={it.common.close} onClick={() => setClosed(shows)}>
        ×
      </button>
    </div>
  );
}
