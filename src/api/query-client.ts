import { onlineManager, QueryClient, type QueryExecuteOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './client';
import { isReachable, onReachability } from './reachability';

// Queries and the outbox wait while the server cannot be reached (api/reachability.ts).
onlineManager.setEventListener((setOnline) => {
  setOnline(isReachable());
  return onReachability(setOnline);
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 7 * 24 * 3600 * 1000, // kept (and persisted) for a week so screens open offline
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      // While the server cannot be reached (api/reachability.ts feeds onlineManager) queries wait,
      // keeping the data they have; they run again by themselves when it answers.
      networkMode: 'online',
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'always' },
  },
});

/**
 * Asks for a query's answer only when the device has none: a screen's first data while the app starts
 * (App.tsx, prefetchScreen). An answer restored from the device, stale as it is, draws the screen at once,
 * and the screen asks the server again as usual. Nor while the server is out of reach, for a query that
 * waits for it (networkMode 'online', the default): it would pause until the server answers, and the start
 * with it; the screen shows the paused query as it is.
 */
export function askIfMissing<T, K extends QueryKey>(options: QueryExecuteOptions<T, Error, T, T, K>): Promise<unknown> {
  if (queryClient.getQueryData(options.queryKey) !== undefined) return Promise.resolve();
  if (queryClient.defaultQueryOptions(options).networkMode === 'online' && !onlineManager.isOnline()) return Promise.resolve();
  return queryClient.query(options);
}

export const queryKeys = {
  profile: ['profile'] as const,
  config: ['config'] as const,
  offerFilters: ['offers', 'filters'] as const,
  offerSearch: (body: unknown) => ['offers', 'search', body] as const,
  offerDetail: (code: string) => ['offers', 'detail', code] as const,
  quotationFilters: ['quotations', 'filters'] as const,
  quotationSearch: (body: unknown) => ['quotations', 'search', body] as const,
  agentStatistics: (code: string, interval: string) => ['agent', code, 'statistics', interval] as const,
  agentPage: (code: string, interval: string) => ['agents', code, interval] as const,
  networkStatistics: (interval: string) => ['network', 'statistics', interval] as const,
  customers: (params: unknown) => ['customers', 'list', params] as const,
  customer: (id: number) => ['customers', 'detail', id] as const,
};

/**
 * What a quotation write changes once delivered (outbox entries' `invalidate`): the proposal, the
 * quotations list (and its filters), the customers list and detail (last quotation, new customers), and
 * every statistic (dashboard, agent page, network), which count quotations by status.
 */
export const QUOTATION_WRITE_INVALIDATE: string[][] = [['proposals'], ['quotations'], ['customers'], ['agent'], ['agents'], ['network']];
