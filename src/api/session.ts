/**
 * The stored session (spec §4 "Session"): a session exists when an access token is
 * stored; tokens carried by any response replace the stored ones.
 */
const ACCESS = 'access_token';
const REFRESH = 'refresh_token';

type SessionEvent = 'changed' | 'unauthorized';
const listeners = new Set<(e: SessionEvent) => void>();

export const session = {
  access: () => localStorage.getItem(ACCESS),
  refresh: () => localStorage.getItem(REFRESH),
  isActive: () => Boolean(localStorage.getItem(ACCESS)),
  set(tokens: { access?: string | null; refresh?: string | null }) {
    if (tokens.access) localStorage.setItem(ACCESS, tokens.access);
    if (tokens.refresh) localStorage.setItem(REFRESH, tokens.refresh);
    emit('changed');
  },
  /** Clears every trace of the session kept in browser storage. */
  clear() {
    localStorage.clear();
    sessionStorage.clear();
    emit('changed');
  },
  on(listener: (e: SessionEvent) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  emit,
};

function emit(e: SessionEvent) {
  for (const l of listeners) l(e);
}
