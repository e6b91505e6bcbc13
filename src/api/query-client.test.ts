import { matchQuery, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUOTATION_WRITE_INVALIDATE, queryKeys } from './query-client';

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
