/**
 * Browsers without Italian Intl support get the locale data loaded (sales-portal.md §2). Every
 * browser the app targets has Intl; this only guards very old engines, so the polyfill is a
 * separate chunk that nobody else downloads.
 */
export async function ensureIntl() {
  const hasItalian =
    typeof Intl !== 'undefined' && Intl.NumberFormat.supportedLocalesOf(['it-IT']).length > 0 && Intl.DateTimeFormat.supportedLocalesOf(['it-IT']).length > 0;
  if (hasItalian) return;
  await import('./intl-polyfill');
}
