import { IonContent, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { useEffect, useRef } from 'react';
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
  const closeWhenOpen = useCloseAfterOpening(pathname);
  return (
    <IonMenu contentId="main" type="overlay" {...closeWhenOpen}>
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

/**
 * An entry tapped while the menu is still sliding open navigates, but Ionic ignores the toggle while
 * it animates, so the menu would stay open over the new page (slow phones, quick fingers). A
 * navigation during the opening closes the menu once it has opened.
 */
function useCloseAfterOpening(pathname: string) {
  const opening = useRef(false);
  const closeWhenOpen = useRef(false);
  useEffect(() => {
    if (opening.current) closeWhenOpen.current = true;
  }, [pathname]);
  return {
    onIonWillOpen: () => {
      opening.current = true;
      closeWhenOpen.current = false;
    },
    onIonDidOpen: (e: CustomEvent) => {
      opening.current = false;
      if (closeWhenOpen.current) void (e.target as HTMLIonMenuElement).close();
      closeWhenOpen.current = false;
    },
  };
}

const isCurrent = (pathname: string, path: string) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`));
