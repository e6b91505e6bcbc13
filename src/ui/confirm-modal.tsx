import { Button } from './button';
import { IonContent } from './ionic/content';
import { IonModal } from './ionic/overlays';
import { it } from '../i18n/it';
import './confirm.css';

/** The prompt of useConfirm (confirm.tsx), loaded with its first question; `notice`: a message with one button. */
export default function ConfirmModal({ text, notice = false, onClose }: { text: string | null; notice?: boolean; onClose: (ok: boolean) => void }) {
  return (
    <IonModal isOpen={text !== null} onDidDismiss={() => onClose(false)} className="confirm-modal">
      <IonContent className="ion-padding">
        <div role="alertdialog" aria-modal="true" aria-label={text ?? ''} data-testid="confirm-dialog">
          <p className="confirm-text">{text}</p>
          <div className="confirm-actions">
            {notice ? (
              <Button onClick={() => onClose(true)}>{it.common.understood}</Button>
            ) : (
              <>
                <Button fill="outline" onClick={() => onClose(false)}>
                  {it.common.cancel}
                </Button>
                <Button onClick={() => onClose(true)}>{it.common.confirm}</Button>
              </>
            )}
          </div>
        </div>
      </IonContent>
    </IonModal>
  );
}
