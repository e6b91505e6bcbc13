import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuotationFiltersSchema } from '@core/schemas/sales';
import { api, type Data } from './client';
import { queryKeys } from './query-client';

/**
 * `GET quotations/filters`: status labels, sorts and the agents of the caller's scope. One query
 * (one cache entry) for the quotations list, the dashboard and the customers list.
 */
export const quotationFiltersQuery = queryOptions({
  queryKey: queryKeys.quotationFilters,
  queryFn: async () => (await api<Data<z.infer<typeof QuotationFiltersSchema>>>('quotations/filters')).data,
  staleTime: 5 * 60_000,
});

export const useQuotationFilters = () => useQuery(quotationFiltersQuery);

/** The agents of the caller's scope (an agent: only themselves). */
export const useAgents = () => useQuery({ ...quotationFiltersQuery, select: (d) => d.agents });
