import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContractualCategory } from '@core/categories';
import { logicFor, type Answers, type Logic, type LogicVariant } from '@core/prescoring/questions';
import { evaluate } from '@core/prescoring/rules';
import type { LogicResponseSchema, OfferData, PrescoringResponse } from '@core/prescoring/schemas';
import { api, ApiError } from '../api/client';
import { configQuery } from '../api/profile';
import { isReachable } from '../api/reachability';

// The prescoring service (spec §7): its own base, read from the public configuration, no session tokens.
// When it cannot be reached (offline, time-out, 502/503/504) the same questions and rules run on the
// device: they are core/prescoring's pure data and functions, the very ones the service runs
// (server/modules/prescoring/service.ts). Any other failure stays the spec's 'errore 2'.
const unreachable = (err: unknown) => err instanceof ApiError && err.isUnavailable;

async function orOnDevice<T>(remote: () => Promise<T>, onDevice: () => T | Promise<T>): Promise<T> {
  // Known to be offline: no call to wait for.
  if (!isReachable()) return onDevice();
  try {
    return await remote();
  } catch (err) {
    if (unreachable(err)) return onDevice();
    throw err;
  }
}

/** The prescoring base URL from the configuration ('/prescoring/' here); undefined while it loads. */
export function usePrescoringBase(): { base: string | undefined; error: unknown } {
  const { data, error } = useQuery(configQuery);
  return { base: data?.prescoringBaseUrl, error };
}

export const logicQuery = (base: string | undefined, category: ContractualCategory | null, variant: LogicVariant = 'quote') =>
  queryOptions({
    queryKey: ['prescoring', 'logic', base, category, variant] as const,
    queryFn: (): Promise<Logic> =>
      orOnDevice(
        async () => (await api<z.infer<typeof LogicResponseSchema>>(`logic/${category}`, { base, query: { variant } })).data,
        () => logicFor(category!, variant),
      ),
    enabled: Boolean(base && category),
    // Runs offline too: the device answers when the service cannot.
    networkMode: 'always',
    staleTime: 3600_000,
  });

/**
 * Read leniently: a `success: false` answer is a result the widget shows as 'errore 1', not a broken
 * contract. Refusals of bad input arrive as 4xx and are thrown as ApiError by the client ('errore 2').
 */
export type CheckAnswer = { success: boolean; data?: PrescoringResponse | null };

export interface CheckBody {
  contractualCategory: ContractualCategory;
  step: string | null;
  answers: Answers;
}

/**
 * The service's own check on the device: its input validation (a refusal is a 422 as from the service), then its rules.
 * The schemas (and zod) load only when a check runs on the device, not with the screens (docs/adr/0116-zod-one-door-not-on-first-screens.md).
 */
async function checkOnDevice(kind: 'check' | 'offer-check', body: unknown): Promise<CheckAnswer> {
  const { CheckInputSchema, OfferCheckInputSchema } = await import('@core/prescoring/schemas');
  const input = (kind === 'check' ? CheckInputSchema : OfferCheckInputSchema).safeParse(body);
  if (!input.success) throw new ApiError(422, input.error.issues[0]?.message ?? 'Richiesta non valida');
  return { success: true, data: evaluate(input.data) };
}

export const postCheck = (base: string, body: CheckBody, signal?: AbortSignal): Promise<CheckAnswer> =>
  orOnDevice(
    () => api<CheckAnswer>('check', { base, method: 'POST', body, ...(signal ? { signal } : {}) }),
    () => checkOnDevice('check', body),
  );

export const postOfferCheck = (base: string, body: CheckBody & { offerData: OfferData }, signal?: AbortSignal): Promise<CheckAnswer> =>
  orOnDevice(
    () => api<CheckAnswer>('offer-check', { base, method: 'POST', body, ...(signal ? { signal } : {}) }),
    () => checkOnDevice('offer-check', body),
  );

/** The response of a successful answer, or null (success false or no data). */
export const responseOf = (answer: CheckAnswer): PrescoringResponse | null => (answer.success && answer.data ? answer.data : null);
