import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema';

/**
 * Counting failed attempts so the limit holds under concurrency (issue 19, point 3): an attempt
 * is taken (counted) before the password is checked, in one upsert per call whose row lock orders
 * parallel requests, and given back when it was not a failure. With a limit of 5, of 40 parallel
 * guesses only the 5 that took counts 1..5 are checked. The window is fixed: it starts with the
 * first attempt and the count starts again once it is over (docs/decisions.md).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt on every key (in one statement) and returns each key's count including it. */
  async take(keys: readonly string[]): Promise<Map<string, number>> {
    const seconds = this.windowMs / 1000;
    const expired = sql`${authThrottle.windowStart} <= now() - make_interval(secs => ${seconds})`;
    const rows = await this.db
      .insert(authThrottle)
      .values(keys.map((key) => ({ key, attempts: 1, windowStart: sql`now()` })))
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
    const counts = await this.take(keys);
    if (keys.every((k) => (counts.get(k) ?? 0) <= (limits[k] ?? 0))) return true;
    await this.giveBack(keys);
    return false;
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

  /** The attempt was not a failure (or was refused unchecked): it no longer counts. */
  async giveBack(keys: readonly string[]) {
    await this.db
      .update(authThrottle)
      .set({ attempts: sql`greatest(${authThrottle.attempts} - 1, 0)` })
      .where(inArray(authThrottle.key, [...keys]));
  }
}
