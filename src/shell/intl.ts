/**
 * Browsers without Italian Intl support get the locale data loaded (spec §2). Every
 * browser the app targets has Intl; this only guards very old engines, so the polyfill is a
 * separate chunk that nobody else downloads.
 *
 * The test asks a number formatter which locale it resolved to: the first screens format prices, so this is
 * work done early, not extra. Dates are not asked: Chromium's first DateTimeFormat loads data of its own
 * (20-50 ms on an agent's phone at start, issue 18) that /offers and the offer detail never use, and an engine
 * whose number formatter speaks Italian has its Italian dates from the same locale data.
 * `supportedLocalesOf` gave the same answer but cost about twice as much on start-up (Chromium builds its
 * whole list of locales for it).
 */
export async function ensureIntl() {
  const hasItalian = typeof Intl !== 'undefined' && new Intl.NumberFormat('it-IT').resolvedOptions().locale.startsWith('it');
  if (hasItalian) return;
  await import('./intl-polyfill');
}
