import { useCallback, useRef, useState } from 'react';

/**
 * A file the user asked for (an export, a PDF): fetched and saved once per tap. A second tap while it is on its
 * way is the same download (the guard is set before the first await, not after a render). A download writes
 * nothing, so it needs no Idempotency-Key and no outbox, and TanStack Query's mutation machinery (about 4 KB,
 * otherwise not on the offers screen) is not needed for it.
 */
export function useDownload<A extends unknown[]>(download: (...args: A) => Promise<void>) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({ isPending: false, error: null });
  const running = useRef(false);
  const latest = useRef(download);
  latest.current = download;
  const mutate = useCallback((...args: A) => {
    if (running.current) return;
    running.current = true;
    setState({ isPending: true, error: null });
    latest
      .current(...args)
      .then(
        () => setState({ isPending: false, error: null }),
        (error: unknown) => setState({ isPending: false, error }),
      )
      .finally(() => {
        running.current = false;
      });
  }, []);
  return { mutate, isPending: state.isPending, isError: state.error !== null, error: state.error };
}
