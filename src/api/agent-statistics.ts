import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentStatisticsSchema, StatsInterval } from '@core/schemas/sales';
import { api, type Data } from './client';
import { queryKeys } from './query-client';

/** `GET agent/{code}/statistics?interval=`: the dashboard's figures for a period. */
export const getAgentStatistics = async (code: string, interval: StatsInterval, signal?: AbortSignal) =>
  (
    await api<Data<z.infer<typeof AgentStatisticsSchema>>>(`agent/${encodeURIComponent(code)}/statistics?interval=${interval}`, {
      ...(signal ? { signal } : {}),
    })
  ).data;

export const agentStatisticsQuery = (code: string, interval: StatsInterval) =>
  queryOptions({
    queryKey: queryKeys.agentStatistics(code, interval),
    queryFn: ({ signal }) => getAgentStatistics(code, interval, signal),
    placeholderData: keepPreviousData,
    enabled: code !== '',
  });

export const useAgentStatistics = (code: string, interval: StatsInterval) => useQuery(agentStatisticsQuery(code, interval));
