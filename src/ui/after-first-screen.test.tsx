import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstScreen, AfterShell } from './after-shell';

describe('AfterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  // One test: the module remembers that the app's first screen was drawn.
  it('draws the floating buttons one task after the first screen, and at once afterwards', () => {
    render(
      <>
        <main>
          <AfterShell>
            <h1>Offerte</h1>
          </AfterShell>
        </main>
        <AfterFirstScreen>
          <button type="button">Credit check</button>
        </AfterFirstScreen>
      </>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    act(() => void vi.advanceTimersToNextTimer());
    expect(screen.getByRole('heading', { name: 'Offerte' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    act(() => void vi.runAllTimers());
    expect(screen.getByRole('button', { name: 'Credit check' })).toBeTruthy();

    cleanup();
    render(
      <AfterFirstScreen>
        <button type="button">Assistente</button>
      </AfterFirstScreen>,
    );
    expect(screen.getByRole('button', { name: 'Assistente' })).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
