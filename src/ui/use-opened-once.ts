import { useState } from 'react';

/**
 * Whether an overlay has been opened at least once: a screen mounts its inline IonModal from its first
 * opening on, not with the screen (each closed modal is still a web component with a backdrop), and keeps
 * it mounted afterwards so that closing animates.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
