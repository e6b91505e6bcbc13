import type { IonModal as Modal } from '@ionic/react';
import { type ComponentProps, lazy, Suspense } from 'react';

const IonModal = lazy(() => import('./overlays').then((m) => ({ default: m.IonModal })));

/**
 * IonModal, loaded with its first opening: a screen that mounts its modal only once opened
 * (use-opened-once.ts) keeps @ionic/react's inline overlays (overlays.ts, about 230 KB with the modal
 * element) out of the code it evaluates before it is usable.
 */
export function LazyModal(props: ComponentProps<typeof Modal>) {
  return (
    <Suspense fallback={null}>
      <IonModal {...props} />
    </Suspense>
  );
}
