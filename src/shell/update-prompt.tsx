import { IonToast } from '../ui/ionic/overlays';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { it } from '../i18n/it';

const HOUR = 3600_000;

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
  return (
    <IonToast
      isOpen={needRefresh}
      message={it.offline.updateAvailable}
      position="bottom"
      buttons={[
        { text: it.offline.update, handler: () => void updateServiceWorker(true) },
        { text: it.common.close, role: 'cancel', handler: () => setNeedRefresh(false) },
      ]}
    />
  );
}
