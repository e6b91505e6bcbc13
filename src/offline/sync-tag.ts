/** The Background Sync tag the app registers for its outbox and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'outbox';
