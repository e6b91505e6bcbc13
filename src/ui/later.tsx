import type { ReactNode } from 'react';
import { useStaggered } from './use-staggered';

/**
 * Its children, one task after it is first drawn: what a screen shows below or beside its main content
 * (the offer detail's tabs, the wizard's summary), so that the screen's first render is two shorter tasks
 * and not one long one (a phone answers a tap in between; issue 18).
 */
export function Later({ children }: { children: ReactNode }) {
  return useLater() ? <>{children}</> : null;
}

/**
 * Whether what a component draws late is drawn yet: false in its first render, true one task later, as for
 * `Later`'s children; with `defer` false, true at once. For a component whose late part is in several places.
 */
export function useLater(defer = true): boolean {
  return useStaggered(1, defer ? 0 : 1, 1) > 0;
}
