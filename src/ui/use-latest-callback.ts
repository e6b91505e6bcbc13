import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function with one identity for the component's life that always runs the latest `fn`: memoised children
 * that receive it as a prop do not re-render because their parent made a new closure.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
