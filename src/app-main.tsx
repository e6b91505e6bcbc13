import type { Session } from '@core/schemas/auth';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { lazy, type ReactNode, StrictMode, startTransition, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { isNativeShell } from './api/origin';
import { queryClient } from './api/query-client';
import { mirrorPageSession, startSession } from './api/profile';
import { session } from './api/session';
import { App, prefetchScreen, preloadScreen } from './App';
import { CrashScreen } from './shell/crash-screen';
import { ensureIntl } from './shell/intl';
import { whenIdle } from './ui/idle';
import { PERSIST_BUSTER, PERSIST_MAX_AGE, persistChanges, persistNow, queryPersister } from './offline/persister';

// Native shells (Capacitor) run no service worker: the outbox replays from the app itself. A customer
// opening their link (/p/{token}, docs/adr/0133-customer-link.md) is not an agent: their phone gets no worker, no offline copy
// of the portal and no background download of its screens.
const customerPage = location.pathname.startsWith('/p/');
const UpdatePrompt =
  import.meta.env.PROD && !isNativeShell() && !customerPage && 'serviceWorker' in navigator ? lazy(() => import('./shell/update-prompt')) : null;

/** Background work of the start: when the browser is idle, within 2 s (of `afterMs`, if given). Returns its cancel. */
const whenStartIdle = (run: () => void, afterMs?: number) => whenIdle(run, { timeout: 2000, fallbackMs: 200, afterMs });

/**
 * A reopened app's background start (the outbox and the catalogue copy, with Dexie; the worker's warm-up)
 * waits this long before its idle moment: the first screen draws, gets its data and takes the first taps
 * without it. After a login, and on a device without this agent's catalogue copy, it starts at once: the
 * copy and the app's files must reach the device before the network goes
 * (docs/adr/0040-ready-offline-on-a-first-visit.md).
 */
const REOPENED_BACKGROUND_AFTER_MS = 3000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const nextTask = () => delay(0);

/**
 * How long the start may show nothing while it reads the device's cache and loads the first screen's
 * code and data: past it, the app renders and shows a loading page until they are ready. Under it, a loading page
 * would only flash before the screen (and on a phone cost a render and a paint of its own).
 */
const BLANK_AT_MOST_MS = 1000;

/**
 * Its children once the start's background moment comes (`whenStartIdle`): the update prompt, whose module
 * and worker registration (workbox-window) are a few milliseconds of main thread at full speed that the first
 * screen does not need (docs/adr/0159-update-prompt.md). After a login that moment is within 2 s: the first worker installs then.
 */
function InBackground({ afterMs, children }: { afterMs: number | undefined; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => whenStartIdle(() => setShown(true), afterMs), [afterMs]);
  return shown ? <>{children}</> : null;
}

/** Whether the device's copy of the server's answers is still being read (queries wait for it). */
let restoring = true;
const restoreListeners = new Set<() => void>();
function Restoring({ children }: { children: ReactNode }) {
  const value = useSyncExternalStore(
    (listener) => (restoreListeners.add(listener), () => restoreListeners.delete(listener)),
    () => restoring,
  );
  return <IsRestoringProvider value={value}>{children}</IsRestoringProvider>;
}

/**
 * The app: React, Ionic, the router, TanStack Query. main.ts loads it for every screen but a first
 * visit to /login, and after that login with the session it started.
 */
export async function start(signedIn?: Session) {
  // The app's modules were evaluated in this task: the rest in tasks of their own, so that the page
  // answers a tap in between (on a phone each part is a long task; docs/adr/0165-reopened-start-code-and-data-first.md).
  await nextTask();
  // Ionic's mode on the page (its md font and styles); its setup runs with the first Ionic element's module
  // (src/ui/ionic/setup.ts), which the first screens do not load.
  document.documentElement.classList.add('md');
  document.documentElement.setAttribute('mode', 'md');
  if (signedIn) startSession(signedIn);
  // Each renewal of the session (and the logout) is mirrored for the service worker at once, also in a reopened
  // app's first seconds, before its background start: an app closed then leaves the worker the tokens it needs
  // to send a queued write (api/session-mirror.ts; the background start mirrors the session it finds).
  session.on((e) => e === 'changed' && mirrorPageSession());
  let restored = false;
  // The device's copy of the server's answers is read back, and the first screen's code and data loaded,
  // before the first render: the app then draws the screen with its data at once, not a loading page that the screen
  // replaces a moment later (two renders and two paints, the first of them wasted; docs/adr/0165-reopened-start-code-and-data-first.md). Restored
  // answers show at once (offline too) but count as stale: the screen asks the server again.
  const persistOptions = {
    queryClient,
    persister: queryPersister,
    maxAge: PERSIST_MAX_AGE,
    buster: PERSIST_BUSTER,
  };
  const shownAnyway = delay(BLANK_AT_MOST_MS);
  const firstScreen = preloadScreen(location.pathname);
  const restore = persistQueryClientRestore(persistOptions)
    .then(() => {
      restored = true;
      void queryClient.invalidateQueries();
    })
    .catch(() => undefined) // unreadable: the persister has dropped it, and the screens ask the server
    .finally(() => {
      restoring = false;
      restoreListeners.forEach((listener) => listener());
      persistChanges(queryClient, () => session.isActive());
    });
  // A millisecond or two: it loads no formatter (src/shell/intl.ts).
  await ensureIntl();
  // The outbox and the catalogue copy (and Dexie with them) start once there is a session: the login
  // screen loads without them. They start when the browser is next idle (within 2 s), a reopened app's
  // only after its first seconds: background work that must not delay the first screen (a reopened app
  // refreshes its catalogue copy later still: offline/index.ts).
  // Its modules are evaluated in one idle moment and it starts in the next: two tasks, each shorter than a
  // phone's long task, not one (Dexie's evaluation alone is about 10 ms at full speed).
  // Active without `signedIn`: the app reopened with its session kept; with it, the agent has just logged in.
  const reopened = session.isActive() && !signedIn;
  // The copy's owner as src/offline/copy-marker.ts keeps it (read here: that module stays out of the first screens).
  const ownCopy = localStorage.getItem('catalogue_user') !== null;
  const backgroundAfterMs = reopened && ownCopy ? REOPENED_BACKGROUND_AFTER_MS : undefined;
  // (A login later in this page, from no session at its start, is not `reopened`: it starts at once.)
  const startOffline = () =>
    whenStartIdle(() => void import('./offline').then((m) => whenStartIdle(() => m.startOfflineSync({ reopened }))), backgroundAfterMs);
  if (session.isActive()) startOffline();
  else {
    const stop = session.on((e) => {
      if (e !== 'changed' || !session.isActive()) return;
      stop();
      startOffline();
    });
  }

  // The app hidden or closed: what it has is written to the device now, not at the next throttled save
  // (only once the device's copy was read back: an earlier save would write a cache without it).
  const saveCache = () => void (restored && session.isActive() && persistNow(queryClient));
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && saveCache());
  window.addEventListener('pagehide', saveCache);

  // The service worker fetches the rest of the app into its cache (sw/sw.ts, warmAssets): the first
  // screen first, then every screen opens offline.
  if (UpdatePrompt) whenStartIdle(() => void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'WARM_ASSETS' })), backgroundAfterMs);

  // Its data too, once the device's copy is read back (the restore marks what it read stale: asked before, an
  // answer would count as stale and be asked again at the first render).
  const firstData = restore.then(() => prefetchScreen(location.pathname, location.search));

  await Promise.race([Promise.all([firstScreen, firstData]), shownAnyway]);
  // The last of those modules was evaluated in this task: the render in the next.
  await nextTask();

  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
  // answer a tap in between, where a default update renders the whole screen in one task (a long one on a
  // phone). Only its commit, the DOM written at once, is one task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Restoring>
            <CrashScreen>
              <App />
            </CrashScreen>
            {UpdatePrompt && (
              <InBackground afterMs={backgroundAfterMs}>
                <Suspense fallback={null}>
                  <UpdatePrompt />
                </Suspense>
              </InBackground>
            )}
          </Restoring>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
