import { IonToast } from '../ui/ionic/overlays';
import { it } from '../i18n/it';

/** The prompt of a waiting build (update-prompt.tsx): 'Aggiorna' takes it over and reloads. */
export default function UpdateToast({ open, onUpdate, onClose }: { open: boolean; onUpdate: () => void; onClose: () => void }) {
  return (
    <IonToast
      isOpen={open}
      message={it.offline.updateAvailable}
      position="bottom"
      buttons={[
        { text: it.offline.update, handler: onUpdate },
        { text: it.common.close, role: 'cancel', handler: onClose },
      ]}
    />
  );
}
