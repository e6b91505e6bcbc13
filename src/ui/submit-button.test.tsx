import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './form-base';

describe('SubmitButton', () => {
  afterEach(cleanup);

  const form = (button: React.ReactNode) => {
    const submit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(<form onSubmit={submit}>{button}</form>);
    return submit;
  };

  it('submits its form once per click', () => {
    const submit = form(<SubmitButton>Invia</SubmitButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it('leaves the form alone when its own click handler says so', () => {
    const submit = form(<SubmitButton onClick={(e) => e.preventDefault()}>Invia</SubmitButton>);
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(submit).not.toHaveBeenCalled();
  });

  it('does not submit while disabled', () => {
    const submit = form(<SubmitButton disabled>Invia</SubmitButton>);
    expect((screen.getByRole('button', { name: 'Invia' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(submit).not.toHaveBeenCalled();
  });
});
