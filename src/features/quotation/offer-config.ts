/**
 * The configured offer a quotation starts from: the address (`?offer=<ref>&duration=&deposit=&distance=
 * &bundle=&accessories=&colors=`, the offer detail's link) or, failing that, the last configuration
 * the offer detail stored in localStorage under `lastConfiguredOffer`.
 */
export type OfferConfig = {
  offer: string;
  duration?: number;
  deposit?: number;
  distance?: number;
  bundle?: string;
  accessories: string[];
  colors: string[];
  services: string[];
};

export const LAST_CONFIGURED_OFFER = 'lastConfiguredOffer';

const list = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : []).map((s) => s.trim()).filter(Boolean).slice(0, 60);
const num = (raw: unknown) => (raw === null || raw === undefined || raw === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw));

function fromRecord(r: Record<string, unknown>): OfferConfig | null {
  const offer = typeof r.offer === 'string' ? r.offer : typeof r.ref === 'string' ? r.ref : '';
  if (!offer.trim()) return null;
  const duration = num(r.duration);
  const deposit = num(r.deposit);
  const distance = num(r.distance);
  return {
    offer: offer.trim(),
    ...(duration !== undefined ? { duration } : {}),
    ...(deposit !== undefined ? { deposit } : {}),
    ...(distance !== undefined ? { distance } : {}),
    ...(typeof r.bundle === 'string' && r.bundle.trim() ? { bundle: r.bundle.trim() } : {}),
    accessories: list(r.accessories),
    colors: list(r.colors),
    services: list(r.services ?? r.additionalServices),
  };
}

export function readOfferConfig(search: string, storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): OfferConfig | null {
  const params = new URLSearchParams(search);
  if (params.get('offer')) return fromRecord(Object.fromEntries(params.entries()));
  try {
    const raw = storage?.getItem(LAST_CONFIGURED_OFFER);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? fromRecord(parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
