import { afterEach, describe, expect, it, vi } from 'vitest';
import { isReachable, serverAnswered, serverUnreachable } from './reachability';

const deviceOnline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

afterEach(() => {
  vi.restoreAllMocks();
  serverAnswered();
});

describe('reachability', () => {
  it('follows the device going offline at once', () => {
    deviceOnline(false);
    window.dispatchEvent(new Event('offline'));
    expect(isReachable()).toBe(false);
  });

  it('stays offline when a request sent before the network went away answers late', () => {
    deviceOnline(false);
    window.dispatchEvent(new Event('offline'));
    serverAnswered();
    expect(isReachable()).toBe(false);
  });

  it('comes back when the server answers with the device online', () => {
    deviceOnline(true);
    serverUnreachable();
    expect(isReachable()).toBe(false);
    serverAnswered();
    expect(isReachable()).toBe(true);
  });
});
