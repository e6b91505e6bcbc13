import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { CustomerDetailSchema } from '@core/schemas/network';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET customers/{customer}`: one customer of the caller's scope with their quotations. */
export const getCustomer = async (id: number, signal?: AbortSignal) => (await api(`customers/${id}`, { schema: dataOf(CustomerDetailSchema), ...(signal ? { signal } : {}) })).data;

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.customer(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCustomer = (id: number) => useQuery(customerQuery(id));
