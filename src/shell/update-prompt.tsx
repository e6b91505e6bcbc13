import { lazy, Suspense } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOpenedOnce } from '../ui/use-opened-once';

const HOUR = 3600_000;
// The toast (and @ionic/react's overlays with it) loads only when a new build waits: at start the app
// registers its worker and nothing more (docs/adr/0159-update-prompt.md).
const UpdateToast = lazy(() => import('./update-toast'));

/** A new build waits until the agent accepts it, then takes over and reloads: no stale shell. */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => void registration.update(), HOUR);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update();
      });
    },
  });
  // The page reloads when the new worker takes it over. workbox-window reloads only a page that had a
  // worker when it loaded: on the visit that installed the first worker, 'Aggiorna' left the old build
  // running under the new worker (e2e/update.spec.ts).
  const update = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    void updateServiceWorker(true);
  };
  // Kept mounted once shown, so that closing animates.
  if (!useOpenedOnce(needRefresh)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast open={needRefresh} onUpdate={update} onClose={() => setNeedRefresh(false)} />
    </Suspense>
  );
}
