import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import { AgentPageSchema } from '@core/schemas/network';
import type { StatsInterval } from '@core/schemas/sales';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET agents/{agent}?interval=`: the agent's profile summary, own figures for the period and latest quotations. */
export const getAgentPage = async (code: string, interval: StatsInterval, signal?: AbortSignal) =>
  (await api(`agents/${encodeURIComponent(code)}?interval=${interval}`, { schema: dataOf(AgentPageSchema), ...(signal ? { signal } : {}) })).data;

export const agentPageQuery = (code: string, interval: StatsInterval) =>
  queryOptions({
    queryKey: queryKeys.agentPage(code, interval),
    queryFn: ({ signal }) => getAgentPage(code, interval, signal),
    // Keeps the figures while another period loads, but never shows one agent's data under another's address.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === code ? keepPreviousData(prev) : undefined),
    enabled: code !== '',
  });

export const useAgentPage = (code: string, interval: StatsInterval) => useQuery(agentPageQuery(code, interval));
