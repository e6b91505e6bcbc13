import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { it } from '../../../i18n/offers';

/** Below about 1024 px the filter column opens in this drawer (sales-portal.md §2); loaded on its first opening. */
export default function FiltersDrawer({ isOpen, onClose, total, children }: { isOpen: boolean; onClose: () => void; total: number; children: ReactNode }) {
  return (
    <IonModal className="filters-drawer" isOpen={isOpen} onDidDismiss={onClose}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{it.offers.filtersTitle}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose} aria-label={it.common.close}>
              <IonIcon slot="icon-only" icon={closeOutline} />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {children}
        <div className="ion-padding">
          <IonButton expand="block" onClick={onClose}>
            {it.offers.showResults(total)}
          </IonButton>
        </div>
      </IonContent>
    </IonModal>
  );
}
