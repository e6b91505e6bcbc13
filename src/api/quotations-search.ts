import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuotationSearch, QuotationListSchema } from '@core/schemas/sales';
import { api } from './client';
import { queryKeys } from './query-client';

/** `POST quotations` (spec §7): one page of saved quotations for the filter set. */
export const searchQuotations = (body: QuotationSearch, signal?: AbortSignal) =>
  api<z.infer<typeof QuotationListSchema>>('quotations', { method: 'POST', body, ...(signal ? { signal } : {}) });

export const searchQuotationsQuery = (body: QuotationSearch, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.quotationSearch(body),
    queryFn: ({ signal }) => searchQuotations(body, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSearchQuotations = (body: QuotationSearch, enabled: boolean) => useQuery(searchQuotationsQuery(body, enabled));
