import { Note } from './text';
import { useOnline } from '../offline/hooks';
import { it } from '../i18n/it';

const time = (ms: number) => new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' }).format(ms);

/** 'aggiornato alle 10:42' under data served from the device while offline. */
export function DataAge({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return (
    <Note className="data-age" role="status">
      {it.offline.offlineBanner} ({it.offline.updatedAt(time(updatedAt))}).
    </Note>
  );
}
