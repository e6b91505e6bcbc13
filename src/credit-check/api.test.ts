import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluate, logicFor } from '@core/prescoring';
import { ApiError } from '../api/client';
import { serverAnswered, serverUnreachable } from '../api/reachability';
import { logicQuery, postCheck, postOfferCheck } from './api';

// Offline, or with the prescoring service unavailable, the credit check runs on the device with the
// same rules; any other failure stays the spec's 'errore 2'.
const answers = { net_monthly_income: 1200, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };
const body = { contractualCategory: 'pensionato' as const, step: null, answers };
const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  serverAnswered();
});

describe('credit check on the device', () => {
  it('answers from the service when it can', async () => {
    const fetch = vi.fn(async () => json(200, { success: true, data: { ...evaluate(body), chance: 0 } }));
    vi.stubGlobal('fetch', fetch);
    expect((await postCheck('/prescoring/', body)).data?.chance).toBe(0);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it.each([
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a gateway saying unavailable', async () => json(503, { error: { code: 503, message: 'Servizio non disponibile' } })],
  ])('runs the rules on the device with %s', async (_, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    expect(await postCheck('/prescoring/', body)).toEqual({ success: true, data: evaluate(body) });
    const offerData = { monthly_rate: 300, deposit: 0 };
    expect(await postOfferCheck('/prescoring/', { ...body, offerData })).toEqual({ success: true, data: evaluate({ ...body, offerData }) });
  });

  it('does not wait for the network when the app knows it is offline', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    serverUnreachable();
    expect((await postCheck('/prescoring/', body)).data).toEqual(evaluate(body));
    const logic = await logicQuery('/prescoring/', 'pensionato', 'quote').queryFn!({} as never);
    expect(logic).toEqual(logicFor('pensionato', 'quote'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses bad input on the device as the service would (a 422, errore 2)', async () => {
    serverUnreachable();
    await expect(postCheck('/prescoring/', { ...body, answers: { ...answers, net_monthly_income: -5 } })).rejects.toMatchObject({ status: 422 });
  });

  it('keeps a server error an error: it is not "offline"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 500, message: 'boom' } })),
    );
    await expect(postCheck('/prescoring/', body)).rejects.toBeInstanceOf(ApiError);
  });
});
