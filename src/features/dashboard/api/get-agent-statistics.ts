import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { AgentStatisticsSchema, type StatsInterval } from '@core/schemas/sales';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET agent/{code}/statistics?interval=`: the dashboard's figures for a period. */
export const getAgentStatistics = async (code: string, interval: StatsInterval, signal?: AbortSignal) =>
  (await api(`agent/${encodeURIComponent(code)}/statistics?interval=${interval}`, { schema: dataOf(AgentStatisticsSchema), ...(signal ? { signal } : {}) })).data;

export const agentStatisticsQuery = (code: string, interval: StatsInterval) =>
  queryOptions({
    queryKey: queryKeys.agentStatistics(code, interval),
    queryFn: ({ signal }) => getAgentStatistics(code, interval, signal),
    placeholderData: keepPreviousData,
    enabled: code !== '',
  });

export const useAgentStatistics = (code: string, interval: StatsInterval) => useQuery(agentStatisticsQuery(code, interval));
