/**
 * The tokens of the customer links made on this device (docs/adr/0133-customer-link.md). The server keeps only their
 * SHA-256, so the device that made a link is the one that can show, copy or send it again; a link is
 * found by the Idempotency-Key it was created with (the server lists it as `client_key`). Forgotten at
 * logout with the rest of the agent's data, and once the proposal's validity is over.
 */
const KEY = 'share-links';
const KEEP_MS = 31 * 86_400_000;

type Stored = Record<string, { token: string; quotation: number; at: number }>;

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function write(links: Stored) {
  try {
    localStorage.setItem(KEY, JSON.stringify(links));
  } catch {
    // Storage full or refused: the link still works, only this device cannot show it again.
  }
}

/** Kept before the link is sent (or queued), so a write delivered later still finds its token. */
export function rememberShareToken(clientKey: string, token: string, quotation: number) {
  const now = Date.now();
  const links = Object.fromEntries(Object.entries(read()).filter(([, v]) => now - v.at < KEEP_MS));
  links[clientKey] = { token, quotation, at: now };
  write(links);
}

export const shareTokenFor = (clientKey: string | null): string | null => (clientKey ? (read()[clientKey]?.token ?? null) : null);

export function forgetShareLinks() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
