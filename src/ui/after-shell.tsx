import type { ReactNode } from 'react';
import { useLater, useStaggered } from './use-staggered';

/** Set once the app's first screen has been drawn: every later screen renders at once. */
let firstScreenDrawn = false;

/**
 * The app's first screen, one task after the shell around it (router, guards, session): the start's
 * render is two shorter tasks instead of one long one, which a phone's main thread takes as two, with
 * a frame between (docs/adr/0165-reopened-start-code-and-data-first.md). Nothing is lost to the eye: until then the page is as
 * blank as it was while the app loaded. Screens reached afterwards render in the same task as before.
 * The same deferral as `Later` (src/ui/later.tsx), for the first screen only.
 */
export function AfterShell({ children }: { children: ReactNode }) {
  const shown = useLater(!firstScreenDrawn);
  if (shown) firstScreenDrawn = true;
  return shown ? <>{children}</> : null;
}

/**
 * What the shell shows around the first screen but is not part of it (the floating buttons), one task after
 * that screen: the start's three renders (shell, screen, buttons) are each shorter than one of them together
 * (docs/adr/0168-below-the-first-screenful-one-task-later.md). Later on, at once.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const shown = useStaggered(2, firstScreenDrawn ? 2 : 0, 1) > 1;
  return shown ? <>{children}</> : null;
}
