import { IonToast } from '../ui/ionic/overlays';
import { it } from '../i18n/offline';

/** Said once, when the app is first ready offline on this device (src/offline/readiness.ts). */
export default function ReadyToast({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <IonToast isOpen={open} message={it.offline.ready} position="bottom" duration={6000} onDidDismiss={onClose} data-testid="ready-toast" />;
}
