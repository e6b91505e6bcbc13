import { matchQuery, onlineManager, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { askIfMissing, QUOTATION_WRITE_INVALIDATE, queryClient, queryKeys } from './query-client';

describe('QUOTATION_WRITE_INVALIDATE', () => {
  const client = new QueryClient();
  const invalidated = (queryKey: readonly unknown[]) => {
    const query = client.getQueryCache().build(client, { queryKey });
    return QUOTATION_WRITE_INVALIDATE.some((key) => matchQuery({ queryKey: key }, query));
  };

  it.each([
    ['the quotations list', queryKeys.quotationSearch({ page: 1 })],
    ['the agent filter', queryKeys.quotationFilters],
    ['the customers list', queryKeys.customers({ page: 1, search: 'rossi' })],
    ['a customer', queryKeys.customer(7)],
    ['the dashboard statistics', queryKeys.agentStatistics('AG1', 'year')],
    ['an agent page', queryKeys.agentPage('AG1', 'month')],
    ['the network statistics', queryKeys.networkStatistics('year')],
    ['a proposal', ['proposals', '12']],
  ])('refreshes %s', (_, key) => {
    expect(invalidated(key)).toBe(true);
  });

  it.each([
    ['the profile', queryKeys.profile],
    ['the offers', queryKeys.offerSearch({})],
    ['an offer', queryKeys.offerDetail('X1')],
  ])('leaves %s alone', (_, key) => {
    expect(invalidated(key)).toBe(false);
  });
});

describe('askIfMissing', () => {
  it('asks the server when the device has no answer, and not again once it has one, stale as it is', async () => {
    const key = queryKeys.offerDetail('ASK-1');
    let asked = 0;
    const options = { queryKey: key, queryFn: async () => ({ code: 'ASK-1', n: ++asked }) };
    await askIfMissing(options);
    expect(asked).toBe(1);
    expect(queryClient.getQueryData(key)).toEqual({ code: 'ASK-1', n: 1 });
    await queryClient.invalidateQueries({ queryKey: key });
    await askIfMissing(options);
    expect(asked).toBe(1);
    queryClient.removeQueries({ queryKey: key });
  });

  it('does not wait for an unreachable server, except for a query that answers without it', async () => {
    let asked = 0;
    const queryFn = async () => ++asked;
    onlineManager.setOnline(false);
    try {
      await askIfMissing({ queryKey: queryKeys.offerDetail('ASK-3'), queryFn });
      expect(asked).toBe(0);
      await askIfMissing({ queryKey: queryKeys.offerDetail('ASK-4'), queryFn, networkMode: 'always' });
      expect(asked).toBe(1);
    } finally {
      onlineManager.setOnline(true);
      queryClient.removeQueries({ queryKey: ['offers', 'detail'] });
    }
  });

  it('rejects with the failure, which the start ignores (the screen shows the query as it is)', async () => {
    const key = queryKeys.offerDetail('ASK-2');
    await expect(askIfMissing({ queryKey: key, queryFn: () => Promise.reject(new Error('down')), retry: false })).rejects.toThrow('down');
    queryClient.removeQueries({ queryKey: key });
  });
});
