import { describe, expect, it } from 'vitest';
import { keepOnDevice } from './persister';

describe('what the device keeps of the query cache', () => {
  it('keeps every answer with data, failed refetch or not, except a query that says it must not be kept', () => {
    expect(keepOnDevice({ state: { data: { id: 1 } } })).toBe(true);
    expect(keepOnDevice({ state: { data: undefined } })).toBe(false);
    // The customer's page (docs/adr/0133-customer-link.md): a revoked link must never open from the device.
    expect(keepOnDevice({ state: { data: { title: 'Preventivo #00001' } }, meta: { device: false } })).toBe(false);
    expect(keepOnDevice({ state: { data: 0 }, meta: {} })).toBe(true);
  });
});
