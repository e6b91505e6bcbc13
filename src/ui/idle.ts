/**
 * Runs `run` when the browser is next idle, at the latest after `timeout` ms. Where there is no
 * requestIdleCallback (Safari, so iOS) it runs after `fallbackMs`, or at once without it. Returns what
 * cancels it.
 */
export function whenIdle(run: () => void, { timeout, fallbackMs }: { timeout: number; fallbackMs?: number }): () => void {
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
