/**
 * The customer's link to a quotation (docs/adr/0133-customer-link.md): its token, its life, what the agent is shown of what
 * the customer did, and the texts that carry it (WhatsApp, email). Pure rules, shared by the app and
 * the server.
 */

/** A token is 32 random bytes, written base64url without padding: 43 characters. */
export const SHARE_TOKEN_BYTES = 32;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isShareToken = (value: string) => SHARE_TOKEN_PATTERN.test(value);

/** How long a proposal holds (the PDF's 'Preventivo valido fino al …'): the customer's link ends with it. */
export const PROPOSAL_VALIDITY_DAYS = 30;
export const proposalValidUntil = (createdAt: Date) => new Date(createdAt.getTime() + PROPOSAL_VALIDITY_DAYS * 86_400_000);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes as base64url without padding (no btoa or Buffer: core runs in the app, the worker and the server). */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += BASE64URL[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** A new token from a source of random bytes (the device's crypto.getRandomValues). */
export const newShareToken = (randomBytes: (n: number) => Uint8Array) => base64url(randomBytes(SHARE_TOKEN_BYTES));

/** The customer's page for a token, on the portal's public address. */
export const sharePath = (token: string) => `/p/${token}`;

export type ShareState = 'active' | 'revoked' | 'expired';
export function shareState(s: { revokedAt: Date | string | null; expiresAt: Date | string }, now = new Date()): ShareState {
  if (s.revokedAt) return 'revoked';
  return new Date(s.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}

/**
 * What the customer did through the links of one quotation, as the agent's list shows it: the furthest
 * step reached (shared, opened, documents uploaded, accepted) and when.
 */
export const CUSTOMER_ACTIVITIES = ['shared', 'opened', 'documents', 'accepted', 'signed'] as const;
export type CustomerActivityState = (typeof CUSTOMER_ACTIVITIES)[number];
export type CustomerActivity = { state: CustomerActivityState; at: string };

export const CUSTOMER_ACTIVITY_LABELS: Record<CustomerActivityState, string> = {
  shared: 'Link inviato',
  opened: 'Aperto dal cliente',
  documents: 'Documenti dal cliente',
  accepted: 'Accettato dal cliente',
  // Accepted with the one-time code (docs/adr/0060-signing-with-a-one-time-code.md).
  signed: 'Firmato dal cliente',
};

type ShareFacts = { createdAt: string; lastOpenedAt: string | null; lastDocumentAt: string | null; acceptedAt: string | null; signedAt?: string | null };

export function customerActivity(shares: readonly ShareFacts[]): CustomerActivity | null {
  let best: CustomerActivity | null = null;
  const consider = (state: CustomerActivityState, at: string | null) => {
    if (!at) return;
    const rank = CUSTOMER_ACTIVITIES.indexOf(state);
    const bestRank = best ? CUSTOMER_ACTIVITIES.indexOf(best.state) : -1;
    if (rank > bestRank || (rank === bestRank && best && at > best.at)) best = { state, at };
  };
  for (const s of shares) {
    consider('shared', s.createdAt);
    consider('opened', s.lastOpenedAt);
    consider('documents', s.lastDocumentAt);
    consider('accepted', s.acceptedAt);
    consider('signed', s.signedAt ?? null);
  }
  return best;
}

/** The short message that goes with the link (WhatsApp, the device's share sheet). */
export function shareMessage(p: { customerName: string; car: string; link: string; agentName: string }): string {
  const hello = p.customerName.trim() ? `Buongiorno ${p.customerName.trim()},` : 'Buongiorno,';
  const from = p.agentName.trim() ? `\n${p.agentName.trim()}` : '';
  return `${hello} ecco la proposta di noleggio a lungo termine per ${p.car}. Qui puoi consultarla, scaricare il PDF, caricare i documenti e accettarla: ${p.link}${from}`;
}

/**
 * The customer's phone for wa.me: digits only with the country code (Italian numbers get 39); null
 * when there is no usable number (wa.me then lets the agent pick the contact).
 */
export function whatsappPhone(phone: string): string | null {
  let digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (/^3\d{8,9}$/.test(digits)) digits = `39${digits}`;
  digits = digits.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

export const whatsappUrl = (phone: string, text: string) => {
  const to = whatsappPhone(phone);
  return `https://wa.me/${to ?? ''}?text=${encodeURIComponent(text)}`;
};

/** The email the server sends to the customer's address on file. */
export function shareEmail(p: { customerName: string; car: string; link: string; agentName: string; agentContacts: string; validUntil: string }) {
  return {
    subject: `La tua proposta di noleggio: ${p.car}`,
    text: [
      p.customerName.trim() ? `Buongiorno ${p.customerName.trim()},` : 'Buongiorno,',
      '',
      `ti inviamo la proposta di noleggio a lungo termine per ${p.car}.`,
      'Al link qui sotto puoi consultarla, scaricare il PDF, caricare i documenti richiesti e accettarla:',
      '',
      p.link,
      '',
      `Il link è personale e vale fino al ${p.validUntil}.`,
      '',
      p.agentName,
      p.agentContacts,
    ]
      .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
      .join('\n')
      .trim(),
  };
}
