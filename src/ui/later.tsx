import type { ReactNode } from 'react';
import { useLater } from './use-staggered';

/**
 * Its children, one task after it is first drawn: what a screen shows below or beside its main content
 * (the offer detail's tabs, the wizard's summary), so that the screen's first render is two shorter tasks
 * and not one long one (a phone answers a tap in between; docs/adr/0168-below-the-first-screenful-one-task-later.md).
 */
export function Later({ children }: { children: ReactNode }) {
  return useLater() ? <>{children}</> : null;
}
