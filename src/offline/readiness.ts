import { isNativeShell } from '../api/origin';
import { currentUserId } from '../api/profile';
import { queryClient } from '../api/query-client';
import { db } from './db';
import { type OfflinePart, publishReadiness, type Readiness } from './hooks';
import { persistNow } from './persister';

/**
 * Whether the app is ready offline, and how far it is (docs/adr/0040-ready-offline-on-a-first-visit.md):
 * - the shell: the service worker active (its install holds the page and the login's files);
 * - the files of the shell, offers, offer detail and wizard in the worker's cache (the build's groups,
 *   offline-files.json; scripts/offline-groups.ts);
 * - the catalogue copy of this user (Dexie);
 * - the data those screens need to start: the profile (the persisted cache, written before saying "ready").
 * Read from the device itself (the caches, IndexedDB), so a reopened app knows it as the first one did.
 */
type Group = { name: 'shell' | 'offers' | 'detail' | 'wizard' | 'quotations' | 'rest'; files: string[]; bytes: number };

const READY: Group['name'][] = ['shell', 'offers', 'detail', 'wizard'];
/** Each part of the app and the groups of files it needs (besides the catalogue copy for offers and details). */
const PARTS: [OfflinePart, Group['name'][]][] = [
  ['offers', ['shell', 'offers']],
  ['detail', ['shell', 'detail']],
  ['wizard', ['shell', 'wizard']],
  ['quotations', ['shell', 'quotations']],
  ['other', ['shell', 'rest']],
];
/** Said once per login on this device (the session's storage goes at logout). */
const SAID_KEY = 'offline_ready_said';
/** While not ready, looked at again this often besides the worker's and the copy's own news. */
const RECHECK_MS = 3000;

/** Files the worker keeps: a web app with a worker; the native shells carry them in the app itself. */
const workerKeepsFiles = () => import.meta.env.PROD && 'serviceWorker' in navigator && !isNativeShell();

let groups: Group[] | null = null;
async function fileGroups(): Promise<Group[] | null> {
  if (groups) return groups;
  try {
    const res = await fetch('/offline-files.json');
    if (res.ok) groups = ((await res.json()) as { groups: Group[] }).groups;
  } catch {
    // offline and not under the worker yet: asked again at the next look
  }
  return groups;
}

let storageError = false;

/** The worker or the copy could not store something: the device's storage is short. */
export function storageFull() {
  storageError = true;
  void recheck();
}

async function look(): Promise<Readiness> {
  const userId = currentUserId();
  const meta = await db.meta.get('catalogue').catch(() => undefined);
  const catalogue = userId !== null && meta?.userId === userId;
  const data = userId !== null;
  let shell = true;
  const cachedShare = new Map<Group['name'], number>();
  let missingBytes = 0;
  if (workerKeepsFiles()) {
    const registration = await navigator.serviceWorker.getRegistration();
    shell = Boolean(registration?.active);
    const list = await fileGroups();
    const cached = new Set(shell ? (await (await caches.open('assets')).keys()).map((r) => new URL(r.url).pathname) : []);
    for (const g of list ?? []) {
      // Files are weighed alike within a group (the build gives each group's bytes).
      const have = g.files.length ? g.files.filter((f) => cached.has(f)).length / g.files.length : 1;
      cachedShare.set(g.name, have);
      missingBytes += g.bytes * (1 - have);
    }
    if (!list) for (const name of [...READY, 'quotations', 'rest'] as const) cachedShare.set(name, 0);
  }
  const filesOf = (name: Group['name']) => (shell ? (cachedShare.get(name) ?? 1) : 0);
  const readyBytes = READY.reduce((n, name) => n + (groups?.find((g) => g.name === name)?.bytes ?? 1), 0);
  const files = READY.reduce((n, name) => n + filesOf(name) * (groups?.find((g) => g.name === name)?.bytes ?? 1), 0) / readyBytes;
  const ready = shell && files === 1 && catalogue && data;
  const percent = ready ? 100 : Math.min(99, Math.floor(100 * (0.1 * Number(shell) + 0.6 * files + 0.25 * Number(catalogue) + 0.05 * Number(data))));

  const available: OfflinePart[] = [];
  const missing: OfflinePart[] = [];
  (catalogue ? available : missing).push('catalogue');
  for (const [part, needs] of PARTS) {
    const has = needs.every((n) => filesOf(n) === 1) && (part === 'offers' || part === 'detail' ? catalogue : true);
    (has ? available : missing).push(part);
  }
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const spaceLeft = estimate?.quota !== undefined && estimate.usage !== undefined ? estimate.quota - estimate.usage : Infinity;
  const storageShort = missing.length > 0 && (storageError || spaceLeft < missingBytes);
  return { state: ready ? 'ready' : 'preparing', percent, announce: false, storageShort, available, missing };
}

let running: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Looks again (one look at a time; news during a look brings another after it). */
export function recheck(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        const next = await look();
        const userId = currentUserId();
        if (next.state === 'ready' && userId !== null && localStorage.getItem(SAID_KEY) !== String(userId)) {
          // What the screens need to start is written to the device before the app says it can go offline.
          await persistNow(queryClient);
          localStorage.setItem(SAID_KEY, String(userId));
          next.announce = true;
        }
        publishReadiness(next);
        clearTimeout(timer);
        if (next.state !== 'ready') timer = setTimeout(() => void recheck(), RECHECK_MS);
      } while (again);
    } catch {
      // storage unreadable for a moment: the next news or the timer looks again
      timer = setTimeout(() => void recheck(), RECHECK_MS);
    } finally {
      running = null;
    }
  })();
  return running;
}

let started = false;
/** Follows the worker's fetching (its WARM_PROGRESS messages) and looks at once. */
export function startReadiness() {
  if (started) return;
  started = true;
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string; error?: string }>) => {
    if (e.data?.type !== 'WARM_PROGRESS') return;
    if (e.data.error === 'quota') storageError = true;
    void recheck();
  });
  navigator.serviceWorker?.addEventListener('controllerchange', () => void recheck());
  void recheck();
}
