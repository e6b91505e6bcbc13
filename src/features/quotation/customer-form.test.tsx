import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerForm, emptyCustomer } from './customer-form';

// Each text field's renders, counted through the one form pattern's TextField (src/ui/form.tsx).
const renders = vi.hoisted(() => ({ text: [] as string[] }));
vi.mock('../../ui/form', async (original) => {
  const form = await original<typeof import('../../ui/form')>();
  return {
    ...form,
    TextField: (props: Parameters<typeof form.TextField>[0]) => {
      renders.text.push(String(props.name));
      return form.TextField(props);
    },
  };
});

const noop = () => undefined;

/** A screen as wide as `width`: the step's grid has two columns from 700 px (src/ui/breakpoints.ts, formTwoColumns). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 700px)' && width >= 700, media: query }));
}

describe('CustomerForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    renders.text.length = 0;
  });

  it('draws each field once as it mounts (react-hook-form re-renders the component holding useForm once it is ready)', () => {
    screenWidth(1280);
    render(<CustomerForm initial={null} offerType="privati" disabled={false} onBack={noop} onSubmit={noop} />);
    expect(screen.getByTestId('customer-form').className).toBe('quotation-form');
    expect(screen.getByTestId('next')).toBeTruthy();
    expect(renders.text).toEqual(['first_name', 'last_name', 'email', 'phone', 'address', 'zip_code', 'city']);
  });

  it('on a phone, draws what is below its first screenful one task later, each field still once', async () => {
    screenWidth(390);
    render(<CustomerForm initial={null} offerType="privati" disabled={false} onBack={noop} onSubmit={noop} />);
    // Meanwhile the form stands as tall as the window (quotation.css): nothing below it shows and then moves.
    expect(screen.getByTestId('customer-form').className).toBe('quotation-form quotation-form--drawing');
    expect(renders.text).toEqual(['first_name', 'last_name', 'email']);
    expect(screen.queryByTestId('next')).toBeNull();
    expect(document.querySelector('textarea[name="notes"], [data-field="notes"]')).toBeNull();

    expect(await screen.findByTestId('next')).toBeTruthy();
    expect(screen.getByTestId('customer-form').className).toBe('quotation-form');
    expect(renders.text).toEqual(['first_name', 'last_name', 'email', 'phone', 'address', 'zip_code', 'city']);
    expect(document.querySelector('[data-field="notes"]')).toBeTruthy();
    expect(document.querySelector('input[name="consent"], [data-field="consent"]')).toBeTruthy();
  });

  it('shows the company name for a P.IVA customer, with the values it was given', () => {
    screenWidth(1280);
    const initial = { ...emptyCustomer('societa-capitale'), business_name: 'Rossi S.r.l.', city: 'Torino' };
    render(<CustomerForm initial={initial} offerType="piva" disabled={false} onBack={noop} onSubmit={noop} />);
    expect(renders.text).toEqual(['business_name', 'first_name', 'last_name', 'email', 'phone', 'address', 'zip_code', 'city']);
    expect((document.querySelector('input[name="business_name"]') as HTMLInputElement).value).toBe('Rossi S.r.l.');
    expect((document.querySelector('input[name="city"]') as HTMLInputElement).value).toBe('Torino');
  });
});
