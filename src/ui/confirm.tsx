import { IonButton, IonContent, IonModal } from '@ionic/react';
import { useCallback, useRef, useState } from 'react';
import { it } from '../i18n/it';
import './confirm.css';

/**
 * Confirmation prompts with the one modal pattern (IonModal): `ask(text)` resolves true when the
 * user confirms, false when they cancel or dismiss.
 */
export function useConfirm() {
  const [text, setText] = useState<string | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback(
    (message: string) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setText(message);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setText(null);
  };
  const element = (
    <IonModal isOpen={text !== null} onDidDismiss={() => close(false)} className="confirm-modal">
      <IonContent className="ion-padding">
        <div role="alertdialog" aria-modal="true" aria-label={text ?? ''} data-testid="confirm-dialog">
          <p className="confirm-text">{text}</p>
          <div className="confirm-actions">
            <IonButton fill="outline" onClick={() => close(false)}>
              {it.common.cancel}
            </IonButton>
            <IonButton onClick={() => close(true)}>{it.common.confirm}</IonButton>
          </div>
        </div>
      </IonContent>
    </IonModal>
  );
  return { ask, element };
}
