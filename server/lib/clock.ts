import type { FastifyRequest } from 'fastify';

/** Tests only (config.testClock, never in production): seconds to move this request's clock forward. */
export const TEST_CLOCK_HEADER = 'x-test-clock-offset';

/**
 * The time a request is served at: the server's clock, moved forward by X-Test-Clock-Offset when the
 * server runs for tests (TEST_CLOCK). A browser test proves that a one-time code expires without waiting
 * ten minutes (docs/adr/0060-signing-with-a-one-time-code.md); anywhere else the header is ignored.
 */
export function requestNow(req: FastifyRequest): Date {
  const raw = req.server.config.testClock ? req.headers[TEST_CLOCK_HEADER] : undefined;
  const offset = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : 0;
  return new Date(Date.now() + offset * 1000);
}
