import { LazyModal } from '../../../ui/ionic/lazy-modal';
import type { ReactNode } from 'react';
import { useOpenedOnce } from '../../../ui/use-opened-once';

/** The detail's side modals (variation, print): mounted at their first opening only. */
export function SideModal({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  if (!useOpenedOnce(open)) return null;
  return (
    <LazyModal className="od-side-modal" isOpen={open} onDidDismiss={onClose} data-testid={testId} title={title} onClose={onClose}>
      {children}
    </LazyModal>
  );
}
