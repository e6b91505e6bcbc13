import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A row that scrolls sideways (tab bars on a phone) says there is more (docs/adr/0147-layout-floating-strip-phones-no-shift.md): the class it returns
 * is 'is-scrollable' while the row overflows, plus 'at-start' / 'at-end' at either end; the CSS fades
 * each edge with more beyond it (src/theme/app.css `.scroll-hint`). The selected tab is brought into view.
 */
export function useScrollHint<T extends HTMLElement>(selected?: unknown) {
  const ref = useRef<T>(null);
  const [state, setState] = useState({ scrollable: false, atStart: true, atEnd: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = { scrollable: el.scrollWidth > el.clientWidth + 1, atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 };
    setState((s) => (s.scrollable === next.scrollable && s.atStart === next.atStart && s.atEnd === next.atEnd ? s : next));
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  useEffect(() => {
    const el = ref.current;
    const current = el?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (el && current && (current.offsetLeft < el.scrollLeft || current.offsetLeft + current.offsetWidth > el.scrollLeft + el.clientWidth)) {
      el.scrollLeft = current.offsetLeft - 16;
    }
    measure();
  }, [selected, measure]);
  const className = `scroll-hint${state.scrollable ? ' is-scrollable' : ''}${state.atStart ? ' at-start' : ''}${state.atEnd ? ' at-end' : ''}`;
  return { ref, className, onScroll: measure };
}
