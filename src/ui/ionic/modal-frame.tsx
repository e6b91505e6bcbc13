import { ModalHeader } from '../modal-header';
import { IonContent } from './content';
import type { LazyModalProps } from './lazy-modal';
import { IonModal } from './overlays';

/** LazyModal's modal, in the chunk it loads at the first opening. */
export default function ModalFrame({ title, onClose, headerColor, children, ...modal }: LazyModalProps) {
  return (
    <IonModal {...modal}>
      <ModalHeader title={title} onClose={onClose} {...(headerColor ? { color: headerColor } : {})} />
      <IonContent className="ion-padding">{children}</IonContent>
    </IonModal>
  );
}
