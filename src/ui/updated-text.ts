import { it } from '../i18n/it';

const time = (ms: number) => new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' }).format(ms);
const day = (ms: number) => new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'Europe/Rome' }).format(ms);

/** How old data from the device is: 'aggiornato alle 10:42', or 'aggiornato il 5 dicembre alle 10:42' for another day's. */
export function updatedText(ms: number, now = Date.now()): string {
  return day(ms) === day(now) ? it.offline.updatedAt(time(ms)) : it.offline.updatedOn(day(ms), time(ms));
}
