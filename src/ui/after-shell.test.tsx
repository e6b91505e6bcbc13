import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AfterShell } from './after-shell';

describe('AfterShell', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  // One test: the module remembers that the app's first screen was drawn.
  it("draws the app's first screen one task after the shell, and every later screen at once", () => {
    render(
      <main>
        <AfterShell>
          <h1>Offerte</h1>
        </AfterShell>
      </main>,
    );
    expect(screen.getByRole('main').childNodes).toHaveLength(0);
    act(() => void vi.advanceTimersToNextTimer());
    expect(screen.getByRole('heading', { name: 'Offerte' })).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);

    cleanup();
    render(
      <AfterShell>
        <h1>Dettaglio</h1>
      </AfterShell>,
    );
    expect(screen.getByRole('heading', { name: 'Dettaglio' })).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });
});
