import { useEffect, useState } from 'react';

/**
 * How many of a list's items to render: `first` at once, then `step` more in each following task, until
 * all. A list's first render is then a short task and the page answers a tap between the batches: on a
 * phone, eighteen offer cards in one task were the longest task of /offers (docs/adr/0167-offer-cards-drawn-in-rows.md).
 * Once every item has been shown, a new list of at most as many renders whole at once (its items update
 * in place).
 */
export function useStaggered(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  const more = shown < total;
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => setShown((n) => n + step), 0);
    return () => clearTimeout(timer);
  }, [more, shown, step]);
  return Math.min(shown, total);
}

/**
 * Whether what a component draws late is drawn yet: false in its first render, true one task later, as for
 * `Later`'s children (later.tsx); with `defer` false, true at once. For a component whose late part is in several places.
 */
export function useLater(defer = true): boolean {
  return useStaggered(1, defer ? 0 : 1, 1) > 0;
}
