import { menuController } from '@ionic/core/components';
import { IonContent } from '../ui/ionic/content';
import { IonHeader, IonTitle, IonToolbar } from '../ui/ionic/toolbar';
import { IonMenu } from '../ui/ionic/menu';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { configQuery, useProfile } from '../api/profile';
import { it } from '../i18n/it';
import { visibleMenu } from './menu';
import { Icon } from '../ui/icon';
import { sideMenu } from './side-menu-state';

export default function SideMenu() {
  const { data: profile } = useProfile();
  const { pathname } = useLocation();
  const { data: config } = useQuery({ ...configQuery, enabled: Boolean(profile) });
  const entries = profile ? visibleMenu(profile, config) : [];
  const closeWhenOpen = useCloseAfterOpening(pathname);
  const menu = useRef<HTMLIonMenuElement>(null);
  // What Ionic's menu toggle did: an entry closes the menu (a no-op beside the split pane).
  const closeMenu = () => void menu.current?.close();
  // Mounted by a tap on the menu button (side-menu-state.ts): open once Ionic's menu is ready.
  useEffect(() => {
    if (!sideMenu.takeOpenRequest()) return;
    void menuController.open();
  }, []);
  return (
    <IonMenu ref={menu} contentId="main" type="overlay" {...closeWhenOpen}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>{it.appName}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {/* Plain links, not Ionic items: the menu is on every screen and its items were a large share of a
            phone's first render (docs/decisions.md). */}
        <nav aria-label="Menu principale">
          <ul className="side-menu-list" data-testid="side-menu">
            {entries.map((e) => {
              const current = isCurrent(pathname, e.path);
              return (
                <li key={e.key}>
                  <Link
                    to={e.path}
                    className={current ? 'side-menu-item menu-current' : 'side-menu-item'}
                    aria-current={current ? 'page' : undefined}
                    onClick={closeMenu}
                  >
                    <Icon icon={e.icon} />
                    {e.label}
                  </Link>
                </li>
              );
            })}
          </ul>
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
