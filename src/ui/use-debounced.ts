import { useEffect, useRef, useState } from 'react';

/**
 * The value, once it has stayed the same for `ms` (the spec's debounce timings, core/offer-detail DEBOUNCE).
 * Objects and arrays are the same when their JSON is: a literal made at each render (`{ rate, deposit }`)
 * must neither restart the wait nor settle as a new value. Compared by reference, it did both: the page
 * rendered again every `ms`, for as long as it was open (docs/adr/0169-render-once-with-the-data.md).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const key = typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
  const [settled, setSettled] = useState({ value, key });
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    const id = setTimeout(() => setSettled((s) => (Object.is(s.key, key) ? s : { value: latest.current, key })), ms);
    return () => clearTimeout(id);
  }, [key, ms]);
  return settled.value;
}
