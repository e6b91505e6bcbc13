import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { databaseUnavailableReply } from './errors';

/** While the database is down it is probed this often, so the server notices by itself when it is back. */
const PROBE_EVERY_MS = 1_000;
/** A probe that does not answer in this time counts as down (a blackholed network never answers). */
const PROBE_TIMEOUT_MS = 3_000;

declare module 'fastify' {
  interface FastifyInstance {
    databaseHealth: DatabaseHealth;
  }
}

/**
 * Whether the database answers, as the API needs to know it cheaply on every request: a request that
 * fails because the database is unreachable marks it down (lib/errors.ts), and from then on a probe
 * (`select 1`) runs every second until one answers. `/api/v1/health` asks `check()`, which probes at
 * most once a second, so a load balancer polling it costs one query a second however often it asks.
 */
export class DatabaseHealth {
  private up = true;
  private checkedAt = 0;
  private probing: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ping: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  get isUp(): boolean {
    return this.up;
  }

  /** The database's state, probed again if the last answer is older than a second. */
  async check(): Promise<boolean> {
    if (Date.now() - this.checkedAt < PROBE_EVERY_MS) return this.up;
    return this.probe();
  }

  /** Asks the database now (one probe shared by concurrent callers), whatever the last answer's age. */
  probeNow(): Promise<boolean> {
    return this.probe();
  }

  markDown(): void {
    if (this.up) this.log.error('database unreachable: answering 503 until it is back');
    this.up = false;
    this.checkedAt = Date.now();
    this.timer ??= setInterval(() => void this.probe(), PROBE_EVERY_MS).unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private probe(): Promise<boolean> {
    this.probing ??= (async () => {
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          this.ping(),
          new Promise((_, reject) => {
            timeout = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS);
          }),
        ]);
        if (!this.up) this.log.info('database reachable again');
        this.up = true;
        this.close();
      } catch {
        this.markDown();
      } finally {
        clearTimeout(timeout);
        this.checkedAt = Date.now();
        this.probing = undefined;
      }
      return this.up;
    })();
    return this.probing;
  }
}

/**
 * Decorates the app with the database monitor. While the database is known to be down every API
 * request but the health checks is answered 503 with Retry-After at once, instead of each waiting for
 * a connection that will not come.
 */
export function registerDatabaseHealth(app: FastifyInstance, ping: () => Promise<unknown>) {
  const health = new DatabaseHealth(ping, app.log);
  app.decorate('databaseHealth', health);
  app.addHook('onClose', async () => health.close());
  app.addHook('onRequest', async (request, reply) => {
    if (health.isUp || !request.url.startsWith('/api/') || request.url.startsWith('/api/v1/health')) return;
    const { status, body, headers } = databaseUnavailableReply();
    return reply
      .status(status)
      .headers(headers ?? {})
      .send(body);
  });
}
