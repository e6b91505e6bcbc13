import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@core/schemas/auth';
import type { OfferDetail, OfferDetailSchema } from '@core/schemas/offer-detail';
import { api, ApiError, type Data } from './client';
import { queryClient, queryKeys } from './query-client';
import { isReachable } from './reachability';

/**
 * The detail as the device has it: from the server, or from the device's catalogue copy, a reduced view
 * (`fromDevice`); `asOf` is when the device got it (an answer given again offline keeps its time, which the
 * screen shows: the query's own time is that of the last run).
 */
export type ShownOffer = OfferDetail & { fromDevice?: true; asOf?: number };

/**
 * `GET offers/{id}` (spec §7), shared by the offer detail and the compare page (docs/adr/0143-compare-offers.md), which read the
 * same cached answer. Fetched by offer code alone: every child offer comes with it and the selection is
 * made on the device, so one cached (and persisted) answer opens the
 * offer offline in any configuration. An offer never opened online opens offline from the device's
 * catalogue copy (its variations and card), never as an error (docs/adr/0156-device-catalogue-copy.md).
 */
export async function getOffer(code: string, signal?: AbortSignal): Promise<ShownOffer> {
  const cached = queryClient.getQueryData<ShownOffer>(queryKeys.offerDetail(code));
  if (!isReachable()) {
    const local = cached ?? (await fromDevice(code));
    if (local) return local;
  }
  try {
    const { data } = await api<Data<z.infer<typeof OfferDetailSchema>>>(`offers/${encodeURIComponent(code)}`, { ...(signal ? { signal } : {}) });
    return { ...data, asOf: Date.now() };
  } catch (err) {
    if (!(err instanceof ApiError && err.isUnavailable)) throw err;
    const local = cached ?? (await fromDevice(code));
    if (!local) throw err;
    return local;
  }
}

async function fromDevice(code: string) {
  const userId = queryClient.getQueryData<Profile>(queryKeys.profile)?.id;
  if (userId === undefined) return null;
  const { offerFromDevice } = await import('../offline/catalogue');
  return offerFromDevice(code, userId).catch(() => null);
}

export const offerQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.offerDetail(code),
    queryFn: ({ signal }) => getOffer(code, signal),
    // It answers offline too (the persisted answer, or the device's copy): it never waits for the server.
    networkMode: 'always',
  });

export const useOffer = (code: string) => useQuery(offerQuery(code));
