import { IonContent, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { configQuery, useProfile } from '../api/profile';
import { it } from '../i18n/it';
import { visibleMenu } from './menu';

export default function SideMenu() {
  const { data: profile } = useProfile();
  const { pathname } = useLocation();
  const { data: config } = useQuery({ ...configQuery, enabled: Boolean(profile) });
  const entries = profile ? visibleMenu(profile, config) : [];
  return (
    <IonMenu contentId="main" type="overlay">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{it.appName}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <nav aria-label="Menu principale">
          <IonList lines="none" data-testid="side-menu">
            {entries.map((e) => (
              <IonMenuToggle key={e.key} autoHide={false}>
                <IonItem routerLink={e.path} routerDirection="root" detail={false} className={isCurrent(pathname, e.path) ? 'menu-current' : undefined} aria-current={isCurrent(pathname, e.path) ? 'page' : undefined}>
                  <IonIcon slot="start" icon={e.icon} aria-hidden="true" />
                  <IonLabel>{e.label}</IonLabel>
                </IonItem>
              </IonMenuToggle>
            ))}
          </IonList>
        </nav>
      </IonContent>
    </IonMenu>
  );
}

const isCurrent = (pathname: string, path: string) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`));
