/**
 * Browsers without Italian Intl support get the locale data loaded (spec §2). Every
 * browser the app targets has Intl; this only guards very old engines, so the polyfill is a
 * separate chunk that nobody else downloads.
 *
 * The test asks a formatter which locale it resolved to: the app formats numbers and dates in Italian
 * anyway, so this is work done early, not extra. `supportedLocalesOf` gave the same answer but cost
 * about twice as much on start-up (Chromium builds its whole list of locales for it).
 */
export async function ensureIntl() {
  const italian = (format: { resolvedOptions(): { locale: string } }) => format.resolvedOptions().locale.startsWith('it');
  const hasItalian = typeof Intl !== 'undefined' && italian(new Intl.NumberFormat('it-IT')) && italian(new Intl.DateTimeFormat('it-IT'));
  if (hasItalian) return;
  await import('./intl-polyfill');
}
