/**
 * Whether the side menu has been asked for. Beside the split pane (phones, tablets) the menu mounts on the
 * first tap of the top bar's menu button rather than with every screen (docs/decisions.md); once mounted
 * it stays, and the button toggles it.
 */
let wanted = false;
let openOnMount = false;
const listeners = new Set<() => void>();

export const sideMenu = {
  wanted: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  toggle() {
    const menu = document.querySelector('ion-menu');
    if (menu) return void menu.toggle();
    wanted = openOnMount = true;
    for (const l of listeners) l();
  },
  /** Called by the menu once mounted: whether the tap that mounted it is still to be answered. */
  takeOpenRequest() {
    const open = openOnMount;
    openOnMount = false;
    return open;
  },
};
