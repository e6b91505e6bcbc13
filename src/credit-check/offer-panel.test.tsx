import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluate, logicFor, type OfferCheckInput } from '@core/prescoring';
import { CreditCheckOfferPanel } from './offer-panel';
import { creditCheckStore } from './store';

// The prescoring service answered by the real engine (core/prescoring), behind a fetch stub: the panel's
// wiring (config base, logic, offer-check, debounce, indicator) is what is under test here.
const calls: string[] = [];
function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  calls.push(`${init?.method ?? 'GET'} ${url}`);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  if (url.startsWith('/api/v1/config'))
    return json({
      data: {
        prescoringBaseUrl: '/prescoring/',
        support: { email: 'a@b.it', phone: '1' },
        marketingEnabled: false,
        faqBotEnabled: true,
        pdfDownloadableStep: 2,
      },
    });
  if (url.startsWith('/prescoring/logic/pensionato')) return json({ success: true, data: logicFor('pensionato', 'offer'), error: null, errorCode: null });
  if (url === '/prescoring/offer-check')
    return json({ success: true, data: evaluate(JSON.parse(String(init?.body)) as OfferCheckInput), error: null, errorCode: null });
  return Promise.reject(new Error(`unhandled request ${url}`));
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('CreditCheckOfferPanel', () => {
  beforeEach(() => {
    localStorage.clear();
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => {
    cleanup(); // vitest runs without globals: testing-library cannot unmount on its own
    vi.unstubAllGlobals();
  });

  it('asks for the answers when there is no stored check', async () => {
    render(<CreditCheckOfferPanel offerData={{ monthly_rate: 400, deposit: 0 }} />, { wrapper });
    expect(await screen.findByText('Verifica la sostenibilità di questa offerta per il tuo cliente.')).toBeTruthy();
    expect(calls.filter((c) => c.includes('offer-check'))).toEqual([]);
  });

  it('checks the offer with the stored answers and shows the indicator', async () => {
    creditCheckStore.setCategory('pensionato');
    for (const [k, v] of [
      ['net_monthly_income', 1500],
      ['other_loans', 0],
      ['guarantor', false],
      ['bad_payer', false],
    ] as const) {
      creditCheckStore.answer(logicFor('pensionato', 'offer'), k, v);
    }
    const onResult = vi.fn();
    // An inline callback each render, as a page setting its own state would pass: no loop.
    const { rerender } = render(<CreditCheckOfferPanel offerData={{ monthly_rate: 500, deposit: 0 }} onResult={(r) => onResult(r)} />, { wrapper });
    // 35% of 1500 = 525: 500 is within.
    expect(await screen.findByText(/buone probabilità di ottenere il noleggio con questa offerta/)).toBeTruthy();
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(expect.objectContaining({ sustainabilityIndex: 2 })));

    const reports = onResult.mock.calls.length;
    expect(reports).toBeLessThanOrEqual(3);
    rerender(<CreditCheckOfferPanel offerData={{ monthly_rate: 560, deposit: 0 }} onResult={(r) => onResult(r)} />);
    // 560 is above 525 but within 1.1 × 525 = 577.50.
    expect(await screen.findByText(/provare parametri diversi/, {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.filter((c) => c === 'POST /prescoring/offer-check')).toHaveLength(2);
    await act(async () => {});
  });
  it('reports the answers with the result, and restarts a check of another category for a known customer', async () => {
    creditCheckStore.setCategory('pensionato');
    for (const [k, v] of [
      ['net_monthly_income', 1500],
      ['other_loans', 0],
      ['guarantor', false],
      ['bad_payer', false],
    ] as const) {
      creditCheckStore.answer(logicFor('pensionato', 'offer'), k, v);
    }
    const onResult = vi.fn();
    const { unmount } = render(<CreditCheckOfferPanel category="pensionato" offerData={{ monthly_rate: 500, deposit: 0 }} onResult={onResult} />, { wrapper });
    await waitFor(() =>
      expect(onResult).toHaveBeenLastCalledWith(
        expect.objectContaining({ sustainabilityIndex: 2 }),
        expect.objectContaining({ contractualCategory: 'pensionato', answers: expect.objectContaining({ net_monthly_income: 1500 }) }),
      ),
    );
    expect(creditCheckStore.get().contractualCategory).toBe('pensionato');
    unmount();

    // A customer of another category: the stored answers are not theirs.
    render(<CreditCheckOfferPanel category="tempo-indeterminato" offerData={{ monthly_rate: 500, deposit: 0 }} onResult={onResult} />, { wrapper });
    await waitFor(() => expect(creditCheckStore.get().contractualCategory).toBe('tempo-indeterminato'));
    expect(creditCheckStore.get().answers).toEqual({});
    expect(await screen.findByText('Verifica la sostenibilità di questa offerta per il tuo cliente.')).toBeTruthy();
    expect(onResult).toHaveBeenLastCalledWith(null, null);
  });

  it("starts from the answers saved on a quotation, not the browser's stored check", async () => {
    const answer = (income: number) => {
      creditCheckStore.setCategory('pensionato');
      for (const [k, v] of [
        ['net_monthly_income', income],
        ['other_loans', 0],
        ['guarantor', false],
        ['bad_payer', false],
      ] as const) {
        creditCheckStore.answer(logicFor('pensionato', 'offer'), k, v);
      }
      return { contractualCategory: 'pensionato' as const, step: creditCheckStore.get().step, answers: creditCheckStore.get().answers };
    };
    const saved = answer(1500);
    answer(600); // another customer's check, kept by the browser since
    const onResult = vi.fn();
    render(<CreditCheckOfferPanel category="pensionato" saved={saved} offerData={{ monthly_rate: 500, deposit: 0 }} onResult={onResult} />, { wrapper });
    expect(await screen.findByText(/buone probabilità di ottenere il noleggio con questa offerta/)).toBeTruthy();
    expect(creditCheckStore.get().answers).toEqual(saved.answers);
    await waitFor(() =>
      expect(onResult).toHaveBeenLastCalledWith(expect.objectContaining({ sustainabilityIndex: 2 }), expect.objectContaining({ answers: saved.answers })),
    );
  });
});
