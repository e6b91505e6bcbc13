/**
 * Browsers without Italian Intl support get the locale data loaded (spec §2). Every
 * browser the app targets has Intl; this only guards very old engines, so the polyfill is a
 * separate chunk that nobody else downloads.
 *
 * The test asks for Italian plural rules, which an engine has only with Italian locale data: a millisecond or
 * two, where a number or date formatter costs Chromium 30-60 ms on an agent's phone to load that data (docs/adr/0113-figures-one-formatter.md).
 * The first screens need no Intl at all: numbers are written by core/format.ts, dates by Intl only on the
 * screens that show them. `supportedLocalesOf` gave the same answer at the cost of a formatter.
 */
export async function ensureIntl() {
  const hasItalian =
    typeof Intl !== 'undefined' && typeof Intl.DateTimeFormat === 'function' && new Intl.PluralRules('it-IT').resolvedOptions().locale.startsWith('it');
  if (hasItalian) return;
  await import('./intl-polyfill');
}
