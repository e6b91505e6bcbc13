/** Statuses that say "nobody can serve this now" (no answer, or the server or a gateway in front of it), not "this failed". */
export const isUnavailableStatus = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;
