import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { QuotationFiltersSchema } from '@core/schemas/sales';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET quotations/filters`: status labels, sorts and the agents of the caller's scope. */
export const getQuotationFilters = async () => (await api('quotations/filters', { schema: dataOf(QuotationFiltersSchema) })).data;

export const quotationFiltersQuery = queryOptions({ queryKey: queryKeys.quotationFilters, queryFn: getQuotationFilters, staleTime: 5 * 60_000 });

export const useQuotationFilters = () => useQuery(quotationFiltersQuery);
