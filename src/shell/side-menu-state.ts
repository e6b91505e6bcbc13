/**
 * The side menu's state, shared by the top bar's menu button and the menu. Below Ionic's `lg` width the
 * menu is a drawer that mounts on the first tap of the button rather than with every screen
 * (docs/adr/0164-loaded-on-first-use.md); once mounted it stays, and the button opens and closes it.
 */
let wanted = false;
let open = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

export const sideMenu = {
  /** Whether the drawer has been asked for (it mounts then). */
  wanted: () => wanted,
  /** Whether the drawer is open. */
  isOpen: () => open,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  toggle() {
    wanted = true;
    open = !open;
    changed();
  },
  close() {
    if (!open) return;
    open = false;
    changed();
  },
};
