import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { authThrottle } from '../db/schema';

/**
 * Counting failed attempts so the limit holds under concurrency (docs/adr/0014-login-throttle-order.md): an attempt
 * is taken (counted) before the password is checked, in one upsert per call whose row lock orders
 * parallel requests, and given back when it was not a failure. With a limit of 5, of 40 parallel
 * guesses only the 5 that took counts 1..5 are checked. The window is fixed: it starts with the
 * first attempt and the count starts again once it is over (docs/adr/0102-sign-in-throttling.md).
 *
 * Several keys are counted per call (the login's address and IP), from many processes at once on
 * PostgreSQL: every statement locks its rows in the keys' order, and an attempt refused is taken and
 * given back in one transaction, so two calls never wait on each other's rows in opposite orders (a
 * deadlock, which PostgreSQL resolves by failing one of them).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt on every key (in one statement) and returns each key's count including it. */
  async take(keys: readonly string[], db: Queryable = this.db): Promise<Map<string, number>> {
    const seconds = this.windowMs / 1000;
    const expired = sql`${authThrottle.windowStart} <= now() - make_interval(secs => ${seconds})`;
    // The rows of a multi-row insert are written, and locked, in the order given.
    const rows = await db
      .insert(authThrottle)
      .values([...keys].sort().map((key) => ({ key, attempts: 1, windowStart: sql`now()` })))
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          attempts: sql`case when ${expired} then 1 else ${authThrottle.attempts} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${authThrottle.windowStart} end`,
        },
      })
      .returning({ key: authThrottle.key, attempts: authThrottle.attempts });
    return new Map(rows.map((r) => [r.key, r.attempts]));
  }

  /** Takes an attempt on every key; false (and nothing counted) when any key is past its limit. */
  async attempt(limits: Record<string, number>): Promise<boolean> {
    const keys = Object.keys(limits);
    return this.db.transaction(async (tx) => {
      const counts = await this.take(keys, tx);
      if (keys.every((k) => (counts.get(k) ?? 0) <= (limits[k] ?? 0))) return true;
      // Given back while the rows are still held: nobody sees the refused attempt counted.
      await this.giveBack(keys, tx);
      return false;
    });
  }

  /** A key's count in its current window, without counting anything (0 once the window is over). */
  async peek(key: string): Promise<number> {
    const seconds = this.windowMs / 1000;
    const [row] = await this.db
      .select({ attempts: authThrottle.attempts })
      .from(authThrottle)
      .where(and(eq(authThrottle.key, key), sql`${authThrottle.windowStart} > now() - make_interval(secs => ${seconds})`));
    return row?.attempts ?? 0;
  }

  /**
   * Seconds until every key past its limit starts a new window: the Retry-After of a refused attempt
   * (at least 1).
   */
  async retryAfter(limits: Record<string, number>): Promise<number> {
    const seconds = this.windowMs / 1000;
    const rows = await this.db
      .select({
        key: authThrottle.key,
        attempts: authThrottle.attempts,
        left: sql<string>`extract(epoch from ${authThrottle.windowStart} + make_interval(secs => ${seconds}) - now())`,
      })
      .from(authThrottle)
      .where(inArray(authThrottle.key, Object.keys(limits)));
    const blocking = rows.filter((r) => r.attempts >= (limits[r.key] ?? 0)).map((r) => Number(r.left));
    return Math.max(1, Math.ceil(Math.max(0, ...blocking)));
  }

  /** The attempt was not a failure (or was refused unchecked): it no longer counts. */
  async giveBack(keys: readonly string[], db: Queryable = this.db) {
    // Locked in the keys' order first, as take() does: an UPDATE alone locks in whatever order its scan meets the rows.
    const ordered = db
      .select({ key: authThrottle.key })
      .from(authThrottle)
      .where(inArray(authThrottle.key, [...keys]))
      .orderBy(authThrottle.key)
      .for('update');
    await db
      .update(authThrottle)
      .set({ attempts: sql`greatest(${authThrottle.attempts} - 1, 0)` })
      .where(inArray(authThrottle.key, ordered));
  }
}
