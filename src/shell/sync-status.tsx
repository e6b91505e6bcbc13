import cloudDoneOutline from 'ionicons-svg/cloud-done-outline.svg?raw';
import cloudOfflineOutline from 'ionicons-svg/cloud-offline-outline.svg?raw';
import { lazy, Suspense, useState } from 'react';
import { it } from '../i18n/it';
import { useOnline, usePendingWrites, useReadiness } from '../offline/hooks';
import { useLazyPopover } from '../ui/use-lazy-popover';
import { IconButton } from '../ui/icon-button';
import { Badge } from '../ui/badge';

// The list (and the outbox it acts on) loads on the first click.
const SyncPanel = lazy(() => import('./sync-panel'));
// The toast (and Ionic's overlays) load only when there is something to say.
const ReadyToast = lazy(() => import('./ready-toast'));

/**
 * Online/offline indicator with the number of pending writes; opens the list with 'Sincronizza ora' and
 * whether the device is ready offline, which it also says once as a toast (src/offline/readiness.ts).
 */
export function SyncStatus() {
  const online = useOnline();
  const pending = usePendingWrites();
  const readiness = useReadiness();
  const panel = useLazyPopover();
  // Said once: mounted from the first announce on (later news of the readiness no longer announces), until closed.
  const [toast, setToast] = useState<'none' | 'open' | 'closed'>('none');
  if (readiness.announce && toast === 'none') setToast('open');
  return (
    <>
      <IconButton
        icon={online ? cloudDoneOutline : cloudOfflineOutline}
        label={it.offline.statusLabel(online, pending.length)}
        data-testid="sync-status"
        data-online={online}
        data-readiness={readiness.state}
        onClick={panel.open}
      >
        {pending.length > 0 && (
          <Badge color="warning" className="sync-badge" data-testid="pending-count">
            {pending.length}
          </Badge>
        )}
      </IconButton>
      {panel.loaded && (
        <Suspense fallback={null}>
          <SyncPanel {...panel.props} />
        </Suspense>
      )}
      {toast !== 'none' && (
        <Suspense fallback={null}>
          <ReadyToast open={toast === 'open'} onClose={() => setToast('closed')} />
        </Suspense>
      )}
    </>
  );
}
