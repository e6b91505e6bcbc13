import { LAST_CONFIGURED_OFFER_KEY, type QuoteConfig, readQuoteConfig } from '@core/offer-detail';

/**
 * The configured offer a quotation starts from: the address the offer detail links to
 * (core/offer-detail.ts writeQuoteConfig: options, services with quantities and the rate shown) or,
 * failing that, the last configuration the detail stored in localStorage under `lastConfiguredOffer`.
 */
export function readOfferConfig(
  search: string,
  storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
): QuoteConfig | null {
  const fromAddress = readQuoteConfig(search);
  if (fromAddress) return fromAddress;
  try {
    const raw = storage?.getItem(LAST_CONFIGURED_OFFER_KEY);
    const r: unknown = raw ? JSON.parse(raw) : null;
    if (!r || typeof r !== 'object') return null;
    // The stored LastConfiguredOffer, read as the address would be, so both pass the same checks.
    const last = r as Record<string, unknown>;
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : '');
    const services =
      last.selectedServices && typeof last.selectedServices === 'object'
        ? Object.entries(last.selectedServices as Record<string, unknown>).map(([id, q]) => `${id}:${String(q)}`)
        : [];
    const p = new URLSearchParams({
      offer: String(last.offer ?? ''),
      accessories: list(last.selectedAccessories),
      colors: list(last.selectedColors),
      services: services.join(','),
    });
    for (const k of ['duration', 'deposit', 'distance', 'bundle'] as const) if (last[k] !== undefined && last[k] !== null) p.set(k, String(last[k]));
    if (typeof last.price === 'number') p.set('rate', String(last.price));
    return readQuoteConfig(p);
  } catch {
    return null;
  }
}
