import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasFeature } from '@core/features';
import type { Profile } from '@core/schemas/auth';
import type { OfferSearchInput, OfferSearchResponseSchema } from '@core/schemas/offers';
import { api, ApiError } from '../../../api/client';
import { isReachable } from '../../../api/reachability';
import { queryClient, queryKeys } from '../../../api/query-client';
import type { OfflineSearchResponse } from '../../../offline/catalogue';
import { useOnline } from '../../../offline/hooks';
import { whenIdle } from '../../../ui/idle';

/** The device's copy of the catalogue (Dexie): loaded on first use, so an online first screen does not carry it. */
type Catalogue = typeof import('../../../offline/catalogue');
let catalogue: Catalogue | null = null;
const loadCatalogue = async () => (catalogue ??= await import('../../../offline/catalogue'));

/** Whose device copy a search reads: the signed-in user's (the persisted profile); null without one. */
function deviceUser() {
  const profile = queryClient.getQueryData<Profile>(queryKeys.profile);
  return profile ? { userId: profile.id, canCatalog: hasFeature(profile.features, 'catalog') } : null;
}

/** The search over the device's copy for the signed-in user; null without a profile or a copy. */
async function searchOnDevice(body: OfferSearchInput): Promise<OfflineSearchResponse | null> {
  const user = deviceUser();
  return user ? (await loadCatalogue()).searchOffline(body, user.userId, user.canCatalog) : null;
}

/**
 * `POST search/offers` (spec §7): cards, pagination and the filter set with counts.
 * Without a connection the same search runs over the device's copy of the catalogue. When the browser
 * knows it is offline the request is not even tried: it could only fail, after a trip through the
 * service worker that costs more than the search itself.
 */
export async function searchOffers(body: OfferSearchInput, signal?: AbortSignal): Promise<OfflineSearchResponse> {
  if (!isReachable()) {
    const local = await searchOnDevice(body);
    if (local) return local;
  }
  try {
    return await api<z.infer<typeof OfferSearchResponseSchema>>('search/offers', { method: 'POST', body, ...(signal ? { signal } : {}) });
  } catch (err) {
    if (!(err instanceof ApiError && err.isUnavailable)) throw err;
    const local = await searchOnDevice(body);
    if (!local) throw err;
    return local;
  }
}

/**
 * An answer from elsewhere than where searches now go is stale at once: offline, an answer the server gave
 * (restored at start) is given again by the device's copy, which says how old it is; back online, a device
 * answer is asked of the server. Otherwise the app's 30 s.
 */
export const searchStaleTime = (answer: OfflineSearchResponse | undefined, reachable: boolean) =>
  answer && (answer.offlineSyncedAt !== undefined) === reachable ? 0 : 30_000;

export const searchOffersQuery = (body: OfferSearchInput) =>
  queryOptions({
    queryKey: queryKeys.offerSearch(body),
    queryFn: ({ signal }) => searchOffers(body, signal),
    // It answers offline too, from the device's copy: it never waits for the server to come back.
    networkMode: 'always',
    staleTime: (query) => searchStaleTime(query.state.data, isReachable()),
    // The previous answer stays on screen (filters, counts) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useSearchOffers = (body: OfferSearchInput) => useQuery(searchOffersQuery(body));

/**
 * Starts a search before the screen asks for it (a filter change, from its event): the screen's query then
 * finds it running or done. Offline, with the device's copy in memory, the answer is in the cache when this
 * returns, so the render that shows the new filters shows their results too.
 */
export function prefetchSearchOffers(body: OfferSearchInput) {
  const user = isReachable() ? null : deviceUser();
  const now = user && catalogue?.searchOfflineNow(body, user.userId, user.canCatalog);
  if (now) queryClient.setQueryData(queryKeys.offerSearch(body), now);
  else void queryClient.prefetchQuery(searchOffersQuery(body));
}

/**
 * While offline, the device's copy is read into memory once the screen is up and idle, not at the first filter
 * change (which would then wait for IndexedDB).
 */
export function useOfflineCopyReady() {
  const online = useOnline();
  useEffect(() => {
    if (online) return;
    loadCatalogue().catch(() => undefined); // the module now (small, from the service worker's cache), the copy when idle
    const load = () => {
      const user = deviceUser();
      if (user)
        loadCatalogue()
          .then((c) => c.loadOfflineCopy(user.userId))
          .catch(() => undefined);
    };
    return whenIdle(load, { timeout: 500, fallbackMs: 500 });
  }, [online]);
}
