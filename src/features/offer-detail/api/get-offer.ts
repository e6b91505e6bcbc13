import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { OfferDetailSchema } from '@core/schemas/offer-detail';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

const OfferDetailResponse = dataOf(OfferDetailSchema);

/**
 * `GET offers/{id}` (sales-portal.md §7). Fetched by offer code alone: every child offer comes with
 * it and the selection is made on the device, so one cached (and persisted) answer opens the
 * offer offline in any configuration.
 */
export const getOffer = async (code: string, signal?: AbortSignal) =>
  (await api(`offers/${encodeURIComponent(code)}`, { schema: OfferDetailResponse, ...(signal ? { signal } : {}) })).data;

export const offerQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.offerDetail(code),
    queryFn: ({ signal }) => getOffer(code, signal),
  });

export const useOffer = (code: string) => useQuery(offerQuery(code));
