import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ContractualCategory } from '@core/categories';
import { LogicResponseSchema, PrescoringResponseSchema, type Answers, type LogicVariant, type OfferData, type PrescoringResponse } from '@core/prescoring';
import { api } from '../api/client';
import { configQuery } from '../api/profile';

// The prescoring service (spec §7): its own base, read from the public configuration, no session tokens.

/** The prescoring base URL from the configuration ('/prescoring/' here); undefined while it loads. */
export function usePrescoringBase(): { base: string | undefined; error: unknown } {
  const { data, error } = useQuery(configQuery);
  return { base: data?.prescoringBaseUrl, error };
}

export const logicQuery = (base: string | undefined, category: ContractualCategory | null, variant: LogicVariant = 'quote') =>
  queryOptions({
    queryKey: ['prescoring', 'logic', base, category, variant] as const,
    queryFn: async () => (await api(`logic/${category}`, { base, query: { variant }, schema: LogicResponseSchema })).data,
    enabled: Boolean(base && category),
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

export const postCheck = (base: string, body: CheckBody, signal?: AbortSignal): Promise<CheckAnswer> =>
  api('check', { base, method: 'POST', body, schema: CheckAnswerSchema, ...(signal ? { signal } : {}) });

export const postOfferCheck = (base: string, body: CheckBody & { offerData: OfferData }, signal?: AbortSignal): Promise<CheckAnswer> =>
  api('offer-check', { base, method: 'POST', body, schema: CheckAnswerSchema, ...(signal ? { signal } : {}) });

/** The response of a successful answer, or null (success false or no data). */
export const responseOf = (answer: CheckAnswer): PrescoringResponse | null => (answer.success && answer.data ? answer.data : null);
