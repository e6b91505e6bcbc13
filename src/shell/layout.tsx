import { IonPage } from '../ui/ionic/page';
import menuSharp from 'ionicons-svg/menu-sharp.svg?raw';
import personCircleOutline from 'ionicons-svg/person-circle-outline.svg?raw';
import { lazy, type ReactNode, Suspense } from 'react';
import { hasFeature } from '@core/features';
import { useProfile } from '../api/profile';
import { it } from '../i18n/it';
import { useLazyPopover } from '../ui/use-lazy-popover';
import { Footer } from './footer';
import { sideMenu } from './side-menu-state';
import { SyncStatus } from './sync-status';
import { IconButton } from '../ui/icon-button';
import { Icon } from '../ui/icon';
import { Later } from '../ui/later';
import logoSvg from './logo.svg?raw';

// Profile and logout load on the first click of the user button.
const UserMenu = lazy(() => import('./user-menu'));

/** Business name, else name, else 'utente' (spec §2, "Authenticated layout"). */
export const displayName = (p: { business_name?: string; name?: string } | undefined) => p?.business_name || p?.name || it.common.user;

export function TopBar({ title }: { title?: string }) {
  const { data: profile } = useProfile();
  const menu = useLazyPopover();
  const rebrand = hasFeature(profile?.features, 'rebrand');
  const logo = rebrand ? profile?.logo : undefined;
  // Plain elements drawn as Ionic's md toolbar in the brand colour: on every private screen, and each
  // Ionic toolbar, button and title was one more web component in the first render (docs/adr/0163-first-screens-draw-no-ionic-element.md).
  return (
    <header className="top-bar">
      <IconButton className="ion-hide-lg-up" icon={menuSharp} label={it.menu.openMenu} onClick={sideMenu.toggle} />
      <div className="top-brand">
        {/* The portal's own logo is drawn inline, as the icons are: as an <img> it was one more SVG document
            for the browser to build on the main thread at every start (docs/adr/0149-icons-logo-favicon.md). An uploaded logo is an image. */}
        {logo ? (
          <img className="top-logo" src={logo} alt={it.appName} width={120} height={32} data-testid="top-logo" />
        ) : (
          <Icon icon={logoSvg} className="top-logo" aria-label={it.appName} />
        )}
      </div>
      {title && <div className="top-title ion-hide-md-down">{title}</div>}
      <div className="top-actions">
        <SyncStatus />
        <div className="top-user" data-testid="top-user">
          <span className="top-user-name">{displayName(profile)}</span>
          <span className="top-user-role">{(profile?.roleName ?? '').toUpperCase()}</span>
        </div>
        <IconButton icon={personCircleOutline} label={it.menu.userMenu} onClick={menu.open} />
      </div>
      {menu.loaded && (
        <Suspense fallback={null}>
          <UserMenu {...menu.props} />
        </Suspense>
      )}
    </header>
  );
}

/**
 * The authenticated layout of one screen: top bar, content area, footer. The content area is a plain
 * scrolling element drawn as IonContent (.app-content): Ionic's was one more web component, with its
 * shadow root and observers, in the first render of every screen (docs/adr/0163-first-screens-draw-no-ionic-element.md).
 */
export function AppPage({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <IonPage className={className}>
      <TopBar title={title} />
      <div className="app-content">
        <main className="page-main">{children}</main>
        {/* Under the screen, one task after it: not in a screen's first render and frame (docs/adr/0168-below-the-first-screenful-one-task-later.md). */}
        <Later>
          <Footer />
        </Later>
      </div>
    </IonPage>
  );
}
