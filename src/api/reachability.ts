import { onlineManager } from '@tanstack/react-query';
import { isNativeShell, serverUrl } from './origin';

/**
 * Whether our server can be reached, kept in TanStack Query's onlineManager: while it says no, queries
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
      if (!onlineManager.isOnline()) scheduleProbe(delay);
    }
  }, ms);
}

/** The server answered (any status but the unavailable ones). */
export function serverAnswered() {
  clearTimeout(probe);
  probe = undefined;
  delay = FIRST_PROBE_MS;
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
}

/** No answer, a time-out, or "unavailable": offline until a probe gets through. */
export function serverUnreachable() {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  if (probe === undefined && typeof window !== 'undefined') scheduleProbe(delay);
}

export const isReachable = () => onlineManager.isOnline();

// The device's own signals: 'offline' is believed at once; 'online' only once the server answers. In
// the native shells the phone's radio state comes from @capacitor/network (loaded there only); the
// browser's events are kept as well.
if (typeof window !== 'undefined') {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine);
    if (!navigator.onLine) scheduleProbe(FIRST_PROBE_MS);
    const onOffline = () => setOnline(false);
    const onOnline = () => scheduleProbe(0);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    let stopNative = () => {};
    if (isNativeShell()) {
      void import('@capacitor/network').then(async ({ Network }) => {
        const follow = ({ connected }: { connected: boolean }) => (connected ? onOnline() : onOffline());
        const handle = await Network.addListener('networkStatusChange', follow);
        stopNative = () => void handle.remove();
        follow(await Network.getStatus());
      });
    }
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      stopNative();
    };
  });
}
