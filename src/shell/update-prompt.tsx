import { lazy, Suspense } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOpenedOnce } from '../ui/use-opened-once';

const HOUR = 3600_000;
// The toast (and @ionic/react's overlays with it) loads only when a new build waits: at start the app
// registers its worker and nothing more (docs/decisions.md, issue 18).
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
  // Kept mounted once shown, so that closing animates.
  if (!useOpenedOnce(needRefresh)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToast open={needRefresh} onUpdate={() => void updateServiceWorker(true)} onClose={() => setNeedRefresh(false)} />
    </Suspense>
  );
}
