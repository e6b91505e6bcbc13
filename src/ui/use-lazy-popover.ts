import { type MouseEvent, useState } from 'react';

/**
 * A popover opened by a button and loaded on its first click: `loaded` says when to mount it (a lazy
 * component with Ionic's popover inside), `props` open it under the clicked button, as a popover with a
 * `trigger` would be (the click's own target may be the icon inside the button: Ionic's popover reads
 * the element to align with from `detail.ionShadowTarget`). Nothing of it is needed before the user asks,
 * so it stays out of the screen's first chunk.
 */
export function useLazyPopover() {
  const [state, setState] = useState<{ isOpen: boolean; event?: Event }>({ isOpen: false });
  return {
    loaded: state.event !== undefined,
    open: (e: MouseEvent<HTMLElement>) => setState({ isOpen: true, event: new CustomEvent('click', { detail: { ionShadowTarget: e.currentTarget } }) }),
    props: { isOpen: state.isOpen, event: state.event, onDidDismiss: () => setState((s) => ({ ...s, isOpen: false })) },
  };
}
