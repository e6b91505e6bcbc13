/**
 * The agent's notifications when a customer acts through their link (docs/adr/0062-web-push-for-customer-activity.md):
 * what the server pushes and the Italian text the service worker shows. Pure, shared by the server and sw/.
 */

export type PushKind = 'opened' | 'document' | 'accepted';

/** The push message's payload (encrypted to the device by Web Push). */
export type PushPayload = { kind: PushKind; quotation: number; title: string; customer: string };

export const PUSH_TITLES: Record<PushKind, (customer: string) => string> = {
  opened: (c) => `${c} ha aperto la proposta`,
  document: (c) => `${c} ha caricato un documento`,
  accepted: (c) => `${c} ha firmato la proposta`,
};

/** What a notification shows, and the page its tap opens. */
export function pushNotificationOf(p: PushPayload): { title: string; body: string; tag: string; url: string } {
  const customer = p.customer.trim() || 'Il cliente';
  return {
    title: PUSH_TITLES[p.kind](customer),
    body: `${p.title}: apri il preventivo per i dettagli`,
    // One notification per quotation and kind: a second visit replaces the first instead of piling up.
    tag: `quotation-${p.quotation}-${p.kind}`,
    url: `/quotations/${p.quotation}`,
  };
}

/** A payload from the wire, or null when it is not one of ours. */
export function parsePushPayload(value: unknown): PushPayload | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!['opened', 'document', 'accepted'].includes(String(v.kind))) return null;
  if (typeof v.quotation !== 'number' || typeof v.title !== 'string' || typeof v.customer !== 'string') return null;
  return { kind: v.kind as PushKind, quotation: v.quotation, title: v.title, customer: v.customer };
}
