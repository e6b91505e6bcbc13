import type { IonModal as Modal } from '@ionic/react';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';

const ModalFrame = lazy(() => import('./modal-frame'));

export type LazyModalProps = Omit<ComponentProps<typeof Modal>, 'children'> & {
  title: string;
  /** The header's close button. */
  onClose: () => void;
  headerColor?: 'primary';
  children: ReactNode;
};

/**
 * The one modal pattern (IonModal, ModalHeader, padded IonContent), loaded with its first opening: a
 * screen that mounts its modal only once opened (use-opened-once.ts) keeps @ionic/react's inline
 * overlays (overlays.ts, about 230 KB with the modal element), Ionic's toolbar and content, and Stencil's
 * runtime out of the code it evaluates before it is usable (docs/adr/0164-loaded-on-first-use.md).
 */
export function LazyModal(props: LazyModalProps) {
  return (
    <Suspense fallback={null}>
      <ModalFrame {...props} />
    </Suspense>
  );
}
