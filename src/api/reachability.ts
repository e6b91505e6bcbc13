import { isNativeShell, serverUrl } from './origin';

/**
 * Whether our server can be reached. TanStack Query's onlineManager follows it (api/query-client.ts): while it says no, queries
 * pause and keep the data they have (persisted answers stay on screen), and the outbox holds its writes.
 * It is fed by real answers, not by `navigator.onLine` alone: a phone "online" on a dealership's
 * captive Wi-Fi, a request that times out or a gateway saying the server is unavailable (502/503/504)
 * all mean unreachable; any other answer from the server means reachable. While unreachable, a small
 * probe asks the server's liveness now and then and brings the app back by itself.
 */
const PROBE_URL = serverUrl('/api/v1/health/live');
const PROBE_TIMEOUT_MS = 5000;
const FIRST_PROBE_MS = 2000;
const MAX_PROBE_MS = 30_000;

// Kept here, not in TanStack Query, so that the login screen's bundle (the first one loaded) can use the
// HTTP client without loading TanStack Query.
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<(online: boolean) => void>();
function setOnline(value: boolean) {
  if (online === value) return;
  online = value;
  for (const l of listeners) l(value);
}

/** Calls `listener` with each change of reachability; returns the unsubscribe. */
export function onReachability(listener: (online: boolean) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let probe: ReturnType<typeof setTimeout> | undefined;
let delay = FIRST_PROBE_MS;

async function probeOnce(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const res = await fetch(PROBE_URL, { cache: 'no-store', signal: controller.signal });
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function scheduleProbe(ms: number) {
  clearTimeout(probe);
  probe = setTimeout(async () => {
    probe = undefined;
    if (await probeOnce()) serverAnswered();
    else {
      delay = Math.min(delay * 2, MAX_PROBE_MS);
      if (!online) scheduleProbe(delay);
    }
  }, ms);
}

/**
 * The server answered (any status but the unavailable ones). An answer to a request sent before the
 * device lost its network can arrive after the 'offline' event: the device's own "no network" wins, and
 * its 'online' event brings the app back through a probe.
 */
export function serverAnswered() {
  clearTimeout(probe);
  probe = undefined;
  delay = FIRST_PROBE_MS;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  setOnline(true);
}

/** No answer, a time-out, or "unavailable": offline until a probe gets through. */
export function serverUnreachable() {
  setOnline(false);
  if (probe === undefined && typeof window !== 'undefined') scheduleProbe(delay);
}

export const isReachable = () => online;

// The device's own signals: 'offline' is believed at once; 'online' only once the server answers. In
// the native shells the phone's radio state comes from @capacitor/network too (loaded there only).
if (typeof window !== 'undefined') {
  if (!navigator.onLine) scheduleProbe(FIRST_PROBE_MS);
  window.addEventListener('offline', () => setOnline(false));
  window.addEventListener('online', () => scheduleProbe(0));
  if (isNativeShell()) {
    void import('@capacitor/network').then(async ({ Network }) => {
      const follow = ({ connected }: { connected: boolean }) => (connected ? scheduleProbe(0) : setOnline(false));
      await Network.addListener('networkStatusChange', follow);
      follow(await Network.getStatus());
    });
  }
}
