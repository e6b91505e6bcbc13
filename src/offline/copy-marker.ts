/**
 * Whose catalogue copy the device holds, readable at start without IndexedDB (Dexie loads with the
 * background start): a reopened app delays its background work only when the copy is already there and is the
 * signed-in agent's (src/app-main.tsx reads the key itself: this module stays out of the first screens).
 * Written with the copy, removed with it, at a login of another agent (src/offline/index.ts), and with every
 * other trace of the session at logout (src/api/session.ts).
 */
export const COPY_OWNER_KEY = 'catalogue_user';

// Where there is no page storage (a test in Node), the copy is kept without its mark.
const storage = () => globalThis.localStorage as Storage | undefined;
export const markCopy = (userId: number) => storage()?.setItem(COPY_OWNER_KEY, String(userId));
export const unmarkCopy = () => storage()?.removeItem(COPY_OWNER_KEY);
/** A login: another agent's copy no longer counts as the device's own. */
export const forgetOthersCopy = (userId: number) => storage()?.getItem(COPY_OWNER_KEY) !== String(userId) && unmarkCopy();
