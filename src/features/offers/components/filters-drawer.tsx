import { Button } from '../../../ui/button';
import { IonContent } from '../../../ui/ionic/content';
import { IonModal } from '../../../ui/ionic/overlays';
import type { ReactNode } from 'react';
import { it } from '../../../i18n/offers';
import { ModalHeader } from '../../../ui/modal-header';

/** Below about 1024 px the filter column opens in this drawer (spec §2); loaded on its first opening. */
export default function FiltersDrawer({ isOpen, onClose, total, children }: { isOpen: boolean; onClose: () => void; total: number; children: ReactNode }) {
  return (
    <IonModal className="filters-drawer" isOpen={isOpen} onDidDismiss={onClose}>
      <ModalHeader title={it.offers.filtersTitle} onClose={onClose} />
      <IonContent>
        {children}
        <div className="ion-padding">
          <Button expand="block" onClick={onClose}>
            {it.offers.showResults(total)}
          </Button>
        </div>
      </IonContent>
    </IonModal>
  );
}
