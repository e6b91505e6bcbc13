import { IonItem } from '../ui/ionic/item';
import { IonLabel, IonList } from '../ui/ionic/list';
import { IonPopover } from '../ui/ionic/overlays';
import logOutOutline from 'ionicons-svg/log-out-outline.svg?raw';
import personOutline from 'ionicons-svg/person-outline.svg?raw';
import { it } from '../i18n/it';
import { links } from '../routes';
import { useLogout } from './use-logout';
import { Icon } from '../ui/icon';

/** The top bar's user menu: profile and logout (layout.tsx opens it). */
export default function UserMenu(props: { isOpen: boolean; event: Event | undefined; onDidDismiss: () => void }) {
  const logout = useLogout();
  return (
    <IonPopover {...props} dismissOnSelect>
      <IonList lines="none">
        <IonItem button detail={false} routerLink={links.profile()}>
          <Icon slot="start" icon={personOutline} />
          <IonLabel>{it.menu.profile}</IonLabel>
        </IonItem>
        <IonItem button detail={false} onClick={() => void logout()}>
          <Icon slot="start" icon={logOutOutline} />
          <IonLabel>{it.menu.logout}</IonLabel>
        </IonItem>
      </IonList>
    </IonPopover>
  );
}
