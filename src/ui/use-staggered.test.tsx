import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStaggered } from './use-staggered';

function List({ items }: { items: string[] }) {
  const shown = useStaggered(items.length, 3, 3);
  return <ul>{items.map((item, i) => (i < shown ? <li key={i}>{item}</li> : <li key={i} data-pending="" />))}</ul>;
}
const rendered = () => screen.queryAllByRole('listitem').filter((li) => !li.hasAttribute('data-pending')).length;
const items = (n: number) => Array.from({ length: n }, (_, i) => `offerta ${i + 1}`);

describe('useStaggered', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('renders the first items at once and the rest a step per task, until all', () => {
    render(<List items={items(8)} />);
    expect(rendered()).toBe(3);
    act(() => void vi.advanceTimersToNextTimer());
    expect(rendered()).toBe(6);
    act(() => void vi.advanceTimersToNextTimer());
    expect(rendered()).toBe(8);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders a short list whole, with no task left behind', () => {
    render(<List items={items(2)} />);
    expect(rendered()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders a new list whole once every item has been shown', () => {
    const { rerender } = render(<List items={items(6)} />);
    act(() => void vi.runAllTimers());
    rerender(<List items={items(5)} />);
    expect(rendered()).toBe(5);
    rerender(<List items={items(6)} />);
    expect(rendered()).toBe(6);
  });
});
