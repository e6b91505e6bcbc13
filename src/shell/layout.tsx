import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonMenuButton,
  IonPage,
  IonPopover,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { logOutOutline, personCircleOutline, personOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { hasFeature } from '@core/features';
import { useProfile } from '../api/profile';
import { it } from '../i18n/it';
import { links } from '../routes';
import { Footer } from './public-layout';
import { SyncStatus } from './sync-status';
import { useLogout } from './use-logout';

/** Business name, else name, else 'utente' (sales-portal.md §2, "Authenticated layout"). */
export const displayName = (p: { business_name?: string; name?: string } | undefined) => p?.business_name || p?.name || it.common.user;

export function TopBar({ title }: { title?: string }) {
  const { data: profile } = useProfile();
  const logout = useLogout();
  const rebrand = hasFeature(profile?.features, 'rebrand');
  const logo = rebrand && profile?.logo ? profile.logo : '/logo.svg';
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          <IonMenuButton aria-label={it.menu.openMenu} />
        </IonButtons>
        <div slot="start" className="top-brand">
          <img className="top-logo" src={logo} alt={it.appName} width={120} height={32} data-testid="top-logo" />
        </div>
        {title && <IonTitle className="ion-hide-md-down">{title}</IonTitle>}
        <IonButtons slot="end">
          <SyncStatus />
          <div className="top-user" data-testid="top-user">
            <span className="top-user-name">{displayName(profile)}</span>
            <span className="top-user-role">{(profile?.roleName ?? '').toUpperCase()}</span>
          </div>
          <IonButton id="user-menu-trigger" aria-label={it.menu.userMenu}>
            <IonIcon slot="icon-only" icon={personCircleOutline} />
          </IonButton>
        </IonButtons>
        <IonPopover trigger="user-menu-trigger" dismissOnSelect>
          <IonList lines="none">
            <IonItem button detail={false} routerLink={links.profile()} routerDirection="root">
              <IonIcon slot="start" icon={personOutline} aria-hidden="true" />
              <IonLabel>{it.menu.profile}</IonLabel>
            </IonItem>
            <IonItem button detail={false} onClick={() => void logout()}>
              <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
              <IonLabel>{it.menu.logout}</IonLabel>
            </IonItem>
          </IonList>
        </IonPopover>
      </IonToolbar>
    </IonHeader>
  );
}

/** The authenticated layout of one screen: top bar, content area, footer. */
export function AppPage({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <IonPage className={className}>
      <TopBar title={title} />
      <IonContent>
        <main className="page-main">{children}</main>
        <Footer />
      </IonContent>
    </IonPage>
  );
}

