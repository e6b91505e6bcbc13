// @vitest-environment node
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistChanges, queryPersister } from './persister';

const saved = async () => (await queryPersister.restoreClient())?.clientState.queries.map((q) => q.queryKey[0]).sort();

// The device's copy of the query cache (IndexedDB), written a second after answers change (docs/adr/0157-persisted-query-cache.md).
describe('persistChanges', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await queryPersister.removeClient();
  });

  it('writes the cache at its first change, then at most once a second, and nothing while not wanted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = new QueryClient();
    let wanted = true;
    const stop = persistChanges(client, () => wanted);
    // At once, in a task of its own (not in the one that changed the cache): an app closed right after its
    // first answer still has it on the device.
    const stringify = vi.spyOn(JSON, 'stringify');
    const written = () => stringify.mock.calls.some(([value]) => (value as { buster?: string } | null)?.buster !== undefined);
    client.setQueryData(['offers'], [1]);
    expect(written()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(written()).toBe(true);
    stringify.mockRestore();
    await vi.waitFor(async () => expect(await saved()).toEqual(['offers']));
    // A burst within the second: written once, at its end.
    client.setQueryData(['profile'], { id: 7 });
    client.setQueryData(['config'], { a: 1 });
    await vi.advanceTimersByTimeAsync(900);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await saved()).toEqual(['offers']);
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(async () => expect(await saved()).toEqual(['config', 'offers', 'profile']));

    // Logged out: an answer that still arrives is not written to the device.
    wanted = false;
    await vi.advanceTimersByTimeAsync(1000);
    client.setQueryData(['dashboard'], { b: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await saved()).toEqual(['config', 'offers', 'profile']);

    // Stopped: no more writes.
    wanted = true;
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    client.setQueryData(['customers'], [3]);
    await vi.advanceTimersByTimeAsync(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await saved()).toEqual(['config', 'offers', 'profile']);
  });
});
