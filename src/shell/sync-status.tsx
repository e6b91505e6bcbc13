import cloudDoneOutline from 'ionicons-svg/cloud-done-outline.svg?raw';
import cloudOfflineOutline from 'ionicons-svg/cloud-offline-outline.svg?raw';
import { lazy, Suspense } from 'react';
import { it } from '../i18n/it';
import { useOnline, usePendingWrites } from '../offline/hooks';
import { useLazyPopover } from '../ui/use-lazy-popover';
import { IconButton } from '../ui/icon-button';
import { Badge } from '../ui/badge';

// The list (and the outbox it acts on) loads on the first click.
const SyncPanel = lazy(() => import('./sync-panel'));

/** Online/offline indicator with the number of pending writes; opens the list with 'Sincronizza ora'. */
export function SyncStatus() {
  const online = useOnline();
  const pending = usePendingWrites();
  const panel = useLazyPopover();
  return (
    <>
      <IconButton
        icon={online ? cloudDoneOutline : cloudOfflineOutline}
        label={it.offline.statusLabel(online, pending.length)}
        data-testid="sync-status"
        data-online={online}
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
    </>
  );
}
