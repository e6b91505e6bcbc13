/**
 * The comparison on this device (docs/adr/0143-compare-offers.md): the agent's items (core/compare.ts), kept in localStorage so
 * they survive a reload and need no server, for the user who made them (another login on the device starts
 * empty; logout clears the storage). The offer cards' toggle reads it on the first screen: no zod, no Dexie.
 */
import { useSyncExternalStore } from 'react';
import { addCompareItem, type CompareChange, cleanCompareItems, type CompareItem, removeCompareItem, toggleCompareOffer } from '@core/compare';

export const STORAGE_KEY = 'compare-selection';

/** The last refusal ('full' or 'present'), shown by the bar or the detail's button until the next change. */
export type CompareNotice = { reason: 'full' | 'present'; at: number } | null;

const EMPTY: readonly CompareItem[] = Object.freeze([]);
const listeners = new Set<() => void>();
let cache: { raw: string | null; userId: number | undefined; items: readonly CompareItem[] } = { raw: null, userId: undefined, items: EMPTY };
let notice: CompareNotice = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode)
  }
}

function parse(raw: string | null, userId: number): readonly CompareItem[] {
  if (!raw) return EMPTY;
  try {
    const stored = JSON.parse(raw) as { userId?: unknown; items?: unknown };
    return stored.userId === userId && Array.isArray(stored.items) ? cleanCompareItems(stored.items) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The user's items; the same array until something changes (useSyncExternalStore needs that). */
function items(userId: number | undefined): readonly CompareItem[] {
  if (userId === undefined) return EMPTY;
  const raw = readRaw();
  if (raw !== cache.raw || userId !== cache.userId) cache = { raw, userId, items: parse(raw, userId) };
  return cache.items;
}

function notify() {
  for (const l of listeners) l();
}

function write(userId: number, next: readonly CompareItem[]) {
  try {
    if (next.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId, items: next }));
  } catch {
    // Storage full or disabled: the comparison lives until the page goes.
    cache = { raw: cache.raw, userId, items: next };
  }
  notice = null;
  notify();
}

/**
 * Applies a change for a known user (the comparison is theirs: callers wait for the profile): kept when
 * allowed, else remembered as the notice to show.
 */
function apply(userId: number, change: (current: readonly CompareItem[]) => CompareChange): CompareChange {
  const result = change(items(userId));
  if (result.ok) write(userId, result.items);
  else {
    notice = { reason: result.reason, at: Date.now() };
    notify();
  }
  return result;
}

export const compareStore = {
  items,
  notice: () => notice,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab changed it.
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY || e.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  toggleOffer: (userId: number, item: CompareItem) => apply(userId, (c) => toggleCompareOffer(c, item)),
  add: (userId: number, item: CompareItem) => apply(userId, (c) => addCompareItem(c, item)),
  remove: (userId: number, key: string) => apply(userId, (c) => ({ ok: true, items: removeCompareItem(c, key) })),
  replace: (userId: number, next: readonly CompareItem[]) => apply(userId, () => ({ ok: true, items: cleanCompareItems(next) })),
  dismissNotice() {
    notice = null;
    notify();
  },
};

export function useCompareItems(userId: number | undefined): readonly CompareItem[] {
  return useSyncExternalStore(
    compareStore.subscribe,
    () => items(userId),
    () => EMPTY,
  );
}

export function useCompareNotice(): CompareNotice {
  return useSyncExternalStore(compareStore.subscribe, compareStore.notice, () => null);
}
