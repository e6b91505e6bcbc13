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

describe('CustomerForm', () => {
  afterEach(() => {
    cleanup();
    renders.text.length = 0;
  });

  it('draws each field once as it mounts (react-hook-form re-renders the component holding useForm once it is ready)', () => {
    render(<CustomerForm initial={null} offerType="privati" disabled={false} onBack={noop} onSubmit={noop} />);
    expect(screen.getByTestId('customer-form')).toBeTruthy();
    expect(renders.text).toEqual(['first_name', 'last_name', 'email', 'phone', 'address', 'zip_code', 'city']);
  });

  it('shows the company name for a P.IVA customer, with the values it was given', () => {
    const initial = { ...emptyCustomer('societa-capitale'), business_name: 'Rossi S.r.l.', city: 'Torino' };
    render(<CustomerForm initial={initial} offerType="piva" disabled={false} onBack={noop} onSubmit={noop} />);
    expect(renders.text).toEqual(['business_name', 'first_name', 'last_name', 'email', 'phone', 'address', 'zip_code', 'city']);
    expect((document.querySelector('input[name="business_name"]') as HTMLInputElement).value).toBe('Rossi S.r.l.');
    expect((document.querySelector('input[name="city"]') as HTMLInputElement).value).toBe('Torino');
  });
});
