import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { hasFeature } from '@core/features';
import type { Profile } from '@core/schemas/auth';
import { type OfferSearchInput, OfferSearchResponseSchema } from '@core/schemas/offers';
import { api, ApiError } from '../../../api/client';
import { queryClient, queryKeys } from '../../../api/query-client';
import type { OfflineSearchResponse } from '../../../offline/catalogue';

/**
 * `POST search/offers` (sales-portal.md §7): cards, pagination and the filter set with counts.
 * Without a connection the same search runs over the device's copy of the catalogue (Dexie, loaded only
 * then: an online first screen does not wait for it).
 */
export async function searchOffers(body: OfferSearchInput, signal?: AbortSignal): Promise<OfflineSearchResponse> {
  try {
    return await api('search/offers', { method: 'POST', body, schema: OfferSearchResponseSchema, ...(signal ? { signal } : {}) });
  } catch (err) {
    const profile = queryClient.getQueryData<Profile>(queryKeys.profile);
    if (!(err instanceof ApiError && err.isOffline) || !profile) throw err;
    const { searchOffline } = await import('../../../offline/catalogue');
    const local = await searchOffline(body, profile.id, hasFeature(profile.features, 'catalog'));
    if (!local) throw err;
    return local;
  }
}

export const searchOffersQuery = (body: OfferSearchInput) =>
  queryOptions({
    queryKey: queryKeys.offerSearch(body),
    queryFn: ({ signal }) => searchOffers(body, signal),
    // The previous answer stays on screen (filters, counts) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useSearchOffers = (body: OfferSearchInput) => useQuery(searchOffersQuery(body));
