import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearOrIdle } from './use-near-or-idle';

function Rest() {
  const [ready, watch] = useNearOrIdle(3000);
  return <div ref={ready ? undefined : watch}>{ready ? 'disegnate' : 'in attesa'}</div>;
}

/** The observers the hook made, to tell them what the browser would: the element came near the viewport. */
let observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
class FakeObserver {
  entry: { callback: IntersectionObserverCallback; disconnected: boolean };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}
const near = (isIntersecting: boolean) => act(() => observers.at(-1)!.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));

describe('useNearOrIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits while the element is far from the viewport, and draws once it comes near', () => {
    render(<Rest />);
    expect(screen.getByText('in attesa')).toBeTruthy();
    near(false);
    expect(screen.getByText('in attesa')).toBeTruthy();
    near(true);
    expect(screen.getByText('disegnate')).toBeTruthy();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('draws when the start is over, never scrolled to', () => {
    render(<Rest />);
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByText('in attesa')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('disegnate')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws at once where the browser cannot tell what is near', () => {
    // @ts-expect-error: a browser without it
    delete window.IntersectionObserver;
    render(<Rest />);
    expect(screen.getByText('disegnate')).toBeTruthy();
  });
});
