import { type ReactNode, useState } from 'react';
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
  if (closed !== undefined && closed === shows) return null;
  return (
    <div className={`app-alert is-${kind}`}>
      {/* The role is on the message alone, so the alert reads as its text (not with the close button's ×). */}
      <div className="app-alert-text" role={kind === 'danger' || kind === 'warning' ? 'alert' : 'status'} data-testid={testId}>
        {children}
      </div>
      <button type="button" className="app-alert-close" aria-label={it.common.close} title={it.common.close} onClick={() => setClosed(shows)}>
        ×
      </button>
    </div>
  );
}
