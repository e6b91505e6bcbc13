import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerSearch, CustomerListSchema } from '@core/schemas/network';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET customers?query=&agent_id=&page=`: one page of the caller's customers (a leader's: the network's). */
export const getCustomers = (params: CustomerSearch, signal?: AbortSignal) => {
  const q = new URLSearchParams({ page: String(params.page ?? 1) });
  if (params.query) q.set('query', params.query);
  if (params.agent_id) q.set('agent_id', String(params.agent_id));
  return api<z.infer<typeof CustomerListSchema>>(`customers?${q.toString()}`, { ...(signal ? { signal } : {}) });
};

export const customersQuery = (params: CustomerSearch) =>
  queryOptions({
    queryKey: queryKeys.customers(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (params: CustomerSearch) => useQuery(customersQuery(params));
