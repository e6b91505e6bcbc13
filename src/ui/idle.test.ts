import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

/** The idle callbacks asked for, to run them as the browser would at its next idle moment. */
let idle: { run: () => void; timeout?: number; cancelled: boolean }[] = [];

describe('whenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    idle = [];
    vi.stubGlobal(
      'requestIdleCallback',
      (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout, cancelled: false }) - 1,
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => (idle[id]!.cancelled = true));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs at the next idle moment, within its timeout', () => {
    const run = vi.fn();
    whenIdle(run, { timeout: 2000 });
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(2000);
    idle[0]!.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('with afterMs, asks for the idle moment only once that time has passed', () => {
    const run = vi.fn();
    whenIdle(run, { timeout: 1000, afterMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(1000);
    expect(run).not.toHaveBeenCalled();
    idle[0]!.run();
    expect(run).toHaveBeenCalledOnce();
  });

  it('cancels before the wait is over, and after it, the idle request', () => {
    const run = vi.fn();
    whenIdle(run, { timeout: 1000, afterMs: 3000 })();
    vi.advanceTimersByTime(5000);
    expect(idle).toHaveLength(0);

    const cancel = whenIdle(run, { timeout: 1000, afterMs: 3000 });
    vi.advanceTimersByTime(3000);
    cancel();
    expect(idle[0]!.cancelled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without requestIdleCallback (Safari), runs after fallbackMs, or at once without it', () => {
    vi.unstubAllGlobals();
    // @ts-expect-error: a browser without it
    delete window.requestIdleCallback;
    const later = vi.fn();
    whenIdle(later, { timeout: 2000, fallbackMs: 200, afterMs: 3000 });
    vi.advanceTimersByTime(3199);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(later).toHaveBeenCalledOnce();
    const now = vi.fn();
    whenIdle(now, { timeout: 2000 });
    expect(now).toHaveBeenCalledOnce();
  });
});
