import { isReachable } from '../api/reachability';
import { serverUrl } from '../api/origin';
import { CAR_PICTURE_PATH, CAR_PICTURES_CACHE } from './cache-names';
import { db } from './db';

/** Distinct pictures fetched ahead at most (a picture is a body type in a colour: a few hundred at most). */
const MAX_PICTURES = 300;

let warming: Promise<number> | null = null;

/**
 * Fetches the car pictures of the device's catalogue copy that the worker does not keep yet, one at a
 * time and at low priority, so an offer card never opened online still shows its car offline. The
 * worker keeps them (sw/sw.ts, cache-first); nothing is fetched on a data-saving connection, without
 * a worker (native shells: the WebView's HTTP cache), or once the server cannot be reached.
 */
export function warmCarPictures(): Promise<number> {
  // One pass at a time: a start asks from two places (the profile's arrival and the sync's own start).
  warming ??= warm().finally(() => (warming = null));
  return warming;
}

async function warm(): Promise<number> {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return 0;
  if (!navigator.serviceWorker?.controller || typeof caches === 'undefined') return 0;
  // Reading the whole copy costs the main thread in proportion to the catalogue: only when offers arrived
  // since the last complete pass (catalogue.ts resets the mark), not on every start.
  const meta = await db.meta.get('catalogue');
  if (!meta || meta.picturesWarmed) return 0;
  const urls = new Set<string>();
  await db.offers.each((o) => {
    if (urls.size < MAX_PICTURES && o.card.image.startsWith(CAR_PICTURE_PATH)) urls.add(o.card.image);
  });
  const cache = await caches.open(CAR_PICTURES_CACHE);
  let fetched = 0;
  let complete = true;
  for (const url of urls) {
    if (!isReachable()) {
      complete = false;
      break;
    }
    if (await cache.match(url)) continue;
    const res = await fetch(serverUrl(url), { priority: 'low' } as RequestInit).catch(() => null);
    if (res?.ok) fetched++;
    else complete = false;
  }
  // Marked only if no sync replaced the copy meanwhile (its offers would not all have been read).
  if (complete)
    await db.transaction('rw', db.meta, async () => {
      if ((await db.meta.get('catalogue'))?.cursor === meta.cursor) await db.meta.update('catalogue', { picturesWarmed: true });
    });
  return fetched;
}
