import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { configQuery, useProfile } from '../api/profile';
import { it } from '../i18n/it';
import { visibleMenu } from './menu';
import { Icon } from '../ui/icon';
import { IconButton } from '../ui/icon-button';
import { sideMenu } from './side-menu-state';

/**
 * The side menu: beside the screen from Ionic's `lg` width (`docked`), a drawer below it. Plain elements
 * drawn as Ionic's md menu: its split pane and menu were the only Ionic elements on the first screens
 * (docs/adr/0163-first-screens-draw-no-ionic-element.md). The drawer is a modal <dialog>: the browser keeps focus in it, closes it
 * on Escape (and Android's back gesture in a browser), and gives focus back to the menu button.
 */
export default function SideMenu({ docked }: { docked: boolean }) {
  const { data: profile } = useProfile();
  const { pathname } = useLocation();
  const { data: config } = useQuery({ ...configQuery, enabled: Boolean(profile) });
  const entries = profile ? visibleMenu(profile, config) : [];
  const nav = (
    <nav aria-label="Menu principale">
      <ul className="side-menu-list" data-testid="side-menu">
        {entries.map((e) => {
          const current = isCurrent(pathname, e.path);
          return (
            <li key={e.key}>
              {/* An entry closes the drawer (a no-op beside the screen). */}
              <Link
                to={e.path}
                className={current ? 'side-menu-item menu-current' : 'side-menu-item'}
                aria-current={current ? 'page' : undefined}
                onClick={sideMenu.close}
              >
                <Icon icon={e.icon} />
                {e.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
  if (docked) {
    return (
      <aside className="side-menu side-menu-docked">
        <div className="side-menu-head">{it.appName}</div>
        <div className="side-menu-body">{nav}</div>
      </aside>
    );
  }
  return <Drawer>{nav}</Drawer>;
}

function Drawer({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = useSyncExternalStore(sideMenu.subscribe, sideMenu.isOpen);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  // Closed while the screen widens past `lg` (the docked menu shows): closed again on the way back.
  useEffect(() => () => sideMenu.close(), []);
  return (
    <dialog
      ref={dialog}
      className="side-menu side-menu-drawer"
      aria-labelledby="side-menu-title"
      // Escape, Android's back gesture, or close() below: the state follows.
      onClose={sideMenu.close}
      // A tap on the backdrop lands on the dialog itself (its content fills it).
      onClick={(e) => e.target === e.currentTarget && sideMenu.close()}
    >
      <div className="side-menu-head">
        <span id="side-menu-title">{it.appName}</span>
        <IconButton icon={closeOutline} label={it.menu.closeMenu} onClick={sideMenu.close} />
      </div>
      <div className="side-menu-body">{children}</div>
    </dialog>
  );
}

const isCurrent = (pathname: string, path: string) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`));
