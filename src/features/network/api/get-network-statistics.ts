import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkStatisticsSchema } from '@core/schemas/network';
import type { StatsInterval } from '@core/schemas/sales';
import { api, type Data } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET network/statistics?interval=`: per-agent figures of the leader's network and their totals (/admin). */
export const getNetworkStatistics = async (interval: StatsInterval, signal?: AbortSignal) =>
  (await api<Data<z.infer<typeof NetworkStatisticsSchema>>>(`network/statistics?interval=${interval}`, { ...(signal ? { signal } : {}) })).data;

export const networkStatisticsQuery = (interval: StatsInterval) =>
  queryOptions({
    queryKey: queryKeys.networkStatistics(interval),
    queryFn: ({ signal }) => getNetworkStatistics(interval, signal),
    placeholderData: keepPreviousData,
  });

export const useNetworkStatistics = (interval: StatsInterval) => useQuery(networkStatisticsQuery(interval));
