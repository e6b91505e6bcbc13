import { isReachable } from '../api/reachability';
import { serverUrl } from '../api/origin';
import { CAR_PICTURE_PATH, CAR_PICTURES_CACHE } from './cache-names';
import { db } from './db';

/** Distinct pictures fetched ahead at most (a picture is a body type in a colour: a few hundred at most). */
const MAX_PICTURES = 300;

/**
 * Fetches the car pictures of the device's catalogue copy that the worker does not keep yet, one at a
 * time and at low priority, so an offer card never opened online still shows its car offline. The
 * worker keeps them (sw/sw.ts, cache-first); nothing is fetched on a data-saving connection, without
 * a worker (native shells: the WebView's HTTP cache), or once the server cannot be reached.
 */
export async function warmCarPictures(): Promise<number> {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return 0;
  if (!navigator.serviceWorker?.controller || typeof caches === 'undefined') return 0;
  const urls = new Set<string>();
  await db.offers.each((o) => {
    if (urls.size < MAX_PICTURES && o.card.image.startsWith(CAR_PICTURE_PATH)) urls.add(o.card.image);
  });
  const cache = await caches.open(CAR_PICTURES_CACHE);
  let fetched = 0;
  for (const url of urls) {
    if (!isReachable()) break;
    if (await cache.match(url)) continue;
    const res = await fetch(serverUrl(url), { priority: 'low' } as RequestInit).catch(() => null);
    if (res?.ok) fetched++;
  }
  return fetched;
}
