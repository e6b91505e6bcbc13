import { Button } from '../ui/button';
import { IonItem } from '../ui/ionic/item';
import { IonLabel, IonList } from '../ui/ionic/list';
import { Note } from '../ui/text';
import { IonPopover, useIonAlert } from '../ui/ionic/overlays';
import syncOutline from 'ionicons-svg/sync-outline.svg?raw';
import { it } from '../i18n/offline';
import { outbox } from '../offline';
import { type OfflinePart, type Readiness, useOnline, usePendingWrites, useReadiness } from '../offline/hooks';
import { Icon } from '../ui/icon';

/** The pending writes with 'Sincronizza ora', opened from the top bar's status (sync-status.tsx). */
export default function SyncPanel(props: { isOpen: boolean; event: Event | undefined; onDidDismiss: () => void }) {
  const online = useOnline();
  const pending = usePendingWrites();
  const readiness = useReadiness();
  const [confirm] = useIonAlert();
  return (
    <IonPopover {...props} className="sync-popover">
      <div className="ion-padding">
        <strong>{online ? it.offline.online : it.offline.offline}</strong>
        <ReadinessLine readiness={readiness} />
        <p>{it.offline.pendingTitle}</p>
        {pending.length === 0 && <Note>{it.offline.nonePending}</Note>}
        <IonList lines="full" data-testid="pending-list">
          {pending.map((p) => (
            <IonItem key={p.clientId}>
              <IonLabel className="ion-text-wrap">
                <h3>{p.label}</h3>
                <p>{p.status === 'rejected' ? `${it.offline.rejected}: ${p.error ?? ''}` : outbox.isPaused() ? it.offline.paused : it.offline.waiting}</p>
                {p.status === 'rejected' && (
                  <div>
                    <Button size="small" fill="outline" onClick={() => void outbox.retry(p.clientId)}>
                      {it.offline.retry}
                    </Button>
                    <Button
                      size="small"
                      fill="clear"
                      color="danger"
                      onClick={() =>
                        void confirm({
                          message: it.offline.discardConfirm,
                          buttons: [it.common.cancel, { text: it.offline.discard, role: 'destructive', handler: () => void outbox.discard(p.clientId) }],
                        })
                      }
                    >
                      {it.offline.discard}
                    </Button>
                  </div>
                )}
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
        <Button expand="block" disabled={!online || pending.length === 0} onClick={() => void outbox.resume()}>
          <Icon slot="start" icon={syncOutline} />
          {it.offline.syncNow}
        </Button>
      </div>
    </IonPopover>
  );
}

const partNames = (parts: OfflinePart[]) => (parts.length ? parts.map((p) => it.offline.parts[p]).join(', ') : it.offline.noneOffline);

/** Ready offline, or how far it is; with the device's storage short, what opens offline and what does not. */
function ReadinessLine({ readiness }: { readiness: Readiness }) {
  if (readiness.state === 'unknown') return null;
  const ready = readiness.state === 'ready';
  return (
    <div className="offline-readiness" data-testid="offline-readiness" data-state={readiness.state}>
      <p role="status">{ready ? it.offline.ready : it.offline.preparing(readiness.percent)}</p>
      {!ready && <progress className="offline-progress" max={100} value={readiness.percent} aria-hidden="true" />}
      {readiness.storageShort && (
        <p data-testid="offline-storage-short">
          <Note color="warning">
            {it.offline.storageShort} {it.offline.availableOffline(partNames(readiness.available))} {it.offline.missingOffline(partNames(readiness.missing))}
          </Note>
        </p>
      )}
    </div>
  );
}
