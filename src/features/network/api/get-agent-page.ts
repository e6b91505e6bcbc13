import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentPageSchema } from '@core/schemas/network';
import type { StatsInterval } from '@core/schemas/sales';
import { api, type Data } from '../../../api/client';
import { queryKeys } from '../../../api/query-client';

/** `GET agents/{agent}?interval=`: the agent's profile summary, own figures for the period and latest quotations. */
export const getAgentPage = async (code: string, interval: StatsInterval, signal?: AbortSignal) =>
  (await api<Data<z.infer<typeof AgentPageSchema>>>(`agents/${encodeURIComponent(code)}?interval=${interval}`, { ...(signal ? { signal } : {}) })).data;

export const agentPageQuery = (code: string, interval: StatsInterval) =>
  queryOptions({
    queryKey: queryKeys.agentPage(code, interval),
    queryFn: ({ signal }) => getAgentPage(code, interval, signal),
    // Keeps the figures while another period loads, but never shows one agent's data under another's address.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === code ? keepPreviousData(prev) : undefined),
    enabled: code !== '',
  });

export const useAgentPage = (code: string, interval: StatsInterval) => useQuery(agentPageQuery(code, interval));
