import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrashScreen } from './crash-screen';

function Broken(): never {
  throw new Error('render failed');
}

describe('CrashScreen', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows its children while they render', () => {
    render(<CrashScreen>fine</CrashScreen>);
    expect(screen.getByText('fine')).toBeTruthy();
  });

  it('replaces a screen that fails to render with the error text and a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <CrashScreen>
        <Broken />
      </CrashScreen>,
    );
    expect(screen.getByRole('alert').textContent).toContain("Si è verificato un problema durante l'operazione, si prega di riprovare");
    fireEvent.click(screen.getByRole('button', { name: 'Ricarica la pagina' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
