import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, updated live. */
export function useMediaQuery(query: string): boolean {
  // One list and one subscription per query: a new subscribe function on every render would make React
  // unsubscribe and subscribe again (and evaluate the query anew) each time the screen renders.
  const list = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (notify: () => void) => {
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list.matches,
    () => false,
  );
}
