import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetailSchema } from '@core/schemas/network';
import { api, type Data } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET customers/{customer}`: one customer of the caller's scope with their quotations. */
export const getCustomer = async (id: number, signal?: AbortSignal) =>
  (await api<Data<z.infer<typeof CustomerDetailSchema>>>(`customers/${id}`, { ...(signal ? { signal } : {}) })).data;

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.customer(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCustomer = (id: number) => useQuery(customerQuery(id));
