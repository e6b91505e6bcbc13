import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './form-base';

describe('SubmitButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('submits its form once per click', () => {
    const submit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <SubmitButton>Invia</SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByText('Invia'));
    vi.runAllTimers();
    expect(submit).toHaveBeenCalledOnce();
  });

  it('leaves the form alone when the click was already handled, as Ionic does once hydrated', () => {
    const submit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <SubmitButton onClick={(e) => e.preventDefault()}>Invia</SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByText('Invia'));
    vi.runAllTimers();
    expect(submit).not.toHaveBeenCalled();
  });

  it('leaves the form alone when a listener after its own handled the click (Ionic hydrated after the app rendered)', () => {
    const submit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <SubmitButton>Invia</SubmitButton>
      </form>,
    );
    const button = screen.getByText('Invia').closest('ion-button')!;
    button.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(screen.getByText('Invia'));
    vi.runAllTimers();
    expect(submit).not.toHaveBeenCalled();
  });

  it('does not submit while disabled', () => {
    const submit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <SubmitButton disabled>Invia</SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByText('Invia'));
    vi.runAllTimers();
    expect(submit).not.toHaveBeenCalled();
  });
});
