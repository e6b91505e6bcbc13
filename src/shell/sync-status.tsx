import { IonButton } from '@ionic/react';
import { cloudDoneOutline, cloudOfflineOutline } from 'ionicons/icons';
import { lazy, Suspense } from 'react';
import { it } from '../i18n/it';
import { useOnline, usePendingWrites } from '../offline/hooks';
import { useLazyPopover } from '../ui/use-lazy-popover';
import { Icon } from '../ui/icon';
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
      <IonButton aria-label={it.offline.statusLabel(online, pending.length)} data-testid="sync-status" data-online={online} onClick={panel.open}>
        <Icon slot="icon-only" icon={online ? cloudDoneOutline : cloudOfflineOutline} />
        {pending.length > 0 && (
          <Badge color="warning" className="sync-badge" data-testid="pending-count">
            {pending.length}
          </Badge>
        )}
      </IonButton>
      {panel.loaded && (
        <Suspense fallback={null}>
          <SyncPanel {...panel.props} />
        </Suspense>
      )}
    </>
  );
}
