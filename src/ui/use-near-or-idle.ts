import { useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from './idle';

/**
 * Whether to draw what waits below the first screenful: true once the element given to `watch` comes
 * within a screen's height of the viewport (the agent scrolls towards it), or once the browser is idle
 * `afterMs` after the first render (the start's own work is done by then), whichever comes first. Until
 * then the page's first seconds carry only what is on screen (docs/adr/0167-offer-cards-drawn-in-rows.md).
 */
export function useNearOrIdle(afterMs: number): [boolean, (element: Element | null) => void] {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    return whenIdle(() => setReady(true), { timeout: 1000, afterMs });
  }, [ready, afterMs]);

  const observer = useRef<IntersectionObserver | null>(null);
  const watch = useCallback((element: Element | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    // Without IntersectionObserver (old browsers, jsdom) there is no telling: draw it now.
    if (!('IntersectionObserver' in window)) return setReady(true);
    observer.current = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setReady(true), {
      rootMargin: '0px 0px 100% 0px',
    });
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ready, watch];
}
