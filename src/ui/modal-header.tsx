import { Button } from './button';
import { IonButtons, IonHeader, IonTitle, IonToolbar } from './ionic/toolbar';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import { it } from '../i18n/it';
import { Icon } from './icon';

/** The header of the one modal pattern (IonModal): its title and the close button. */
export function ModalHeader({ title, onClose, color }: { title: string; onClose: () => void; color?: 'primary' }) {
  return (
    <IonHeader>
      <IonToolbar color={color}>
        <IonTitle>{title}</IonTitle>
        <IonButtons slot="end">
          <Button onClick={onClose} aria-label={it.common.close}>
            <Icon slot="icon-only" icon={closeOutline} />
          </Button>
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
