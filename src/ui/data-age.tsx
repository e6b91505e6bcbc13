import { Note } from './text';
import { useOnline } from '../offline/hooks';
import { it } from '../i18n/it';
import { updatedText } from './updated-text';

/**
 * 'Sei offline: stai vedendo gli ultimi dati salvati sul dispositivo (aggiornato alle 10:42).' on every screen
 * served from the device while offline; `text` in place of the first sentence where the screen says more.
 */
export function DataAge({ updatedAt, text }: { updatedAt: number; text?: string }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return (
    <Note className="data-age" role="status" data-testid="data-age">
      {text ?? it.offline.offlineBanner} ({updatedText(updatedAt)}).
    </Note>
  );
}
