type IdleOptions = {
  /** At the latest this long after it is asked for (or after `afterMs`), idle or not. */
  timeout: number;
  /** Where there is no requestIdleCallback (Safari, so iOS): run after this long, or at once without it. */
  fallbackMs?: number;
  /** Wait this long first, then for the next idle moment (background work that must not meet the start). */
  afterMs?: number;
};

/**
 * Runs `run` when the browser is next idle, at the latest after `timeout` ms. Returns what cancels it,
 * whichever stage it has reached.
 */
export function whenIdle(run: () => void, { timeout, fallbackMs, afterMs }: IdleOptions): () => void {
  if (afterMs !== undefined) {
    let cancelIdle = () => {};
    const timer = setTimeout(() => (cancelIdle = whenIdle(run, { timeout, fallbackMs })), afterMs);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  if (fallbackMs === undefined) {
    run();
    return () => {};
  }
  const id = setTimeout(run, fallbackMs);
  return () => clearTimeout(id);
}
