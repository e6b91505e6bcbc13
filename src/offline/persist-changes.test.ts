// @vitest-environment node
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistChanges, queryPersister } from './persister';

const saved = async () => (await queryPersister.restoreClient())?.clientState.queries.map((q) => q.queryKey[0]).sort();

// The device's copy of the query cache (IndexedDB), written a second after answers change (issue 18).
describe('persistChanges', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await queryPersister.removeClient();
  });

  it('writes the cache a second after it changes, once for a burst of changes, and nothing while not wanted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new QueryClient();
    let wanted = true;
    const stop = persistChanges(client, () => wanted);
    client.setQueryData(['offers'], [1]);
    client.setQueryData(['profile'], { id: 7 });
    await vi.advanceTimersByTimeAsync(999);
    expect(await saved()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await saved()).toEqual(['offers', 'profile']));

    // Logged out: an answer that still arrives is not written to the device.
    wanted = false;
    client.setQueryData(['config'], { a: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await saved()).toEqual(['offers', 'profile']);

    // Stopped: no more writes.
    wanted = true;
    stop();
    client.setQueryData(['dashboard'], { b: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await saved()).toEqual(['offers', 'profile']);
  });
});
