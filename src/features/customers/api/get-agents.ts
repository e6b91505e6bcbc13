import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { QuotationFiltersSchema } from '@core/schemas/sales';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** The agents of the caller's scope, from `GET quotations/filters` (same call and cache as the quotations list). */
export const agentsQuery = queryOptions({
  queryKey: queryKeys.quotationFilters,
  queryFn: async () => (await api('quotations/filters', { schema: dataOf(QuotationFiltersSchema) })).data,
  staleTime: 5 * 60_000,
  select: (d) => d.agents,
});

export const useAgents = () => useQuery(agentsQuery);
