import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContractualCategory } from '@core/categories';
import {
  CheckInputSchema,
  evaluate,
  logicFor,
  LogicResponseSchema,
  OfferCheckInputSchema,
  PrescoringResponseSchema,
  type Answers,
  type Logic,
  type LogicVariant,
  type OfferData,
  type PrescoringResponse,
} from '@core/prescoring';
import { api, ApiError } from '../api/client';
import { configQuery } from '../api/profile';
import { isReachable } from '../api/reachability';

// The prescoring service (spec §7): its own base, read from the public configuration, no session tokens.
// When it cannot be reached (offline, time-out, 502/503/504) the same questions and rules run on the
// device: they are core/prescoring's pure data and functions, the very ones the service runs
// (server/modules/prescoring/service.ts). Any other failure stays the spec's 'errore 2'.
const unreachable = (err: unknown) => err instanceof ApiError && err.isUnavailable;

async function orOnDevice<T>(remote: () => Promise<T>, onDevice: () => T): Promise<T> {
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
        async () => (await api(`logic/${category}`, { base, query: { variant }, schema: LogicResponseSchema })).data,
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
const CheckAnswerSchema = z.object({
  success: z.boolean(),
  data: PrescoringResponseSchema.nullable().optional(),
});
export type CheckAnswer = z.infer<typeof CheckAnswerSchema>;

export interface CheckBody {
  contractualCategory: ContractualCategory;
  step: string | null;
  answers: Answers;
}

/** The service's own check on the device: its input validation (a refusal is a 422 as from the service), then its rules. */
function checkOnDevice(schema: typeof CheckInputSchema | typeof OfferCheckInputSchema, body: unknown): CheckAnswer {
  const input = schema.safeParse(body);
  if (!input.success) throw new ApiError(422, input.error.issues[0]?.message ?? 'Richiesta non valida');
  return { success: true, data: evaluate(input.data) };
}

export const postCheck = (base: string, body: CheckBody, signal?: AbortSignal): Promise<CheckAnswer> =>
  orOnDevice(
    () => api('check', { base, method: 'POST', body, schema: CheckAnswerSchema, ...(signal ? { signal } : {}) }),
    () => checkOnDevice(CheckInputSchema, body),
  );

export const postOfferCheck = (base: string, body: CheckBody & { offerData: OfferData }, signal?: AbortSignal): Promise<CheckAnswer> =>
  orOnDevice(
    () => api('offer-check', { base, method: 'POST', body, schema: CheckAnswerSchema, ...(signal ? { signal } : {}) }),
    () => checkOnDevice(OfferCheckInputSchema, body),
  );

/** The response of a successful answer, or null (success false or no data). */
export const responseOf = (answer: CheckAnswer): PrescoringResponse | null => (answer.success && answer.data ? answer.data : null);
