import { useLayoutEffect } from 'react';

const holders = new Map<string, number>();

/**
 * `name` on <body> while a mounted component asks for it with `on` (counted: it stays while one still does).
 * Set before the frame is painted, so the layout it selects is there in the first frame. Cheaper for the
 * style engine than `body:has(…)`, which Chromium matches again across the page at every change of the
 * tree (about 2 ms of style on /offers reopened at full speed; docs/adr/0147-layout-floating-strip-phones-no-shift.md).
 */
export function useBodyClass(name: string, on: boolean) {
  useLayoutEffect(() => {
    if (!on) return;
    holders.set(name, (holders.get(name) ?? 0) + 1);
    document.body.classList.add(name);
    return () => {
      const left = (holders.get(name) ?? 1) - 1;
      holders.set(name, left);
      if (!left) document.body.classList.remove(name);
    };
  }, [name, on]);
}
