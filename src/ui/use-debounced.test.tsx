import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from './use-debounced';

let renders = 0;
/** Makes a new object at every render, as the pages do (`{ rate, deposit }`). */
function Probe({ rate }: { rate: number }) {
  renders++;
  const settled = useDebounced({ rate }, 200);
  return <output>{settled.rate}</output>;
}

describe('useDebounced', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renders = 0;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('settles on a value once it has stayed the same for the delay', () => {
    const { rerender } = render(<Probe rate={100} />);
    expect(screen.getByRole('status').textContent).toBe('100');
    rerender(<Probe rate={120} />);
    act(() => void vi.advanceTimersByTime(150));
    rerender(<Probe rate={130} />);
    act(() => void vi.advanceTimersByTime(150));
    expect(screen.getByRole('status').textContent).toBe('100');
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByRole('status').textContent).toBe('130');
  });

  it('does not render again while an object made at each render keeps the same content', async () => {
    const { rerender } = render(<Probe rate={100} />);
    // The page renders again for a reason of its own (a query's answer): a new object of the same content.
    rerender(<Probe rate={100} />);
    // A step at a time, awaited: a state set by a timer renders in a microtask, and its effects run before the next step.
    for (let i = 0; i < 25; i++) await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    // Compared by reference, the settled copy was replaced every 200 ms: one render each time, forever.
    expect(renders).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the settled value when the input goes back to it before the delay', () => {
    const { rerender } = render(<Probe rate={100} />);
    rerender(<Probe rate={120} />);
    rerender(<Probe rate={100} />);
    const before = renders;
    act(() => void vi.advanceTimersByTime(1000));
    expect(renders).toBe(before);
    expect(screen.getByRole('status').textContent).toBe('100');
  });
});
