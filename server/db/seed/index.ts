import type { FastifyBaseLogger } from 'fastify';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { seedMarketing } from './marketing';
import { seedOffers } from './offers';
import { seedBulkQuotations, seedQuotations, seedShares } from './quotations';
import { DEMO_USERS, seedUsers } from './users';

/** offers: catalogue size; quotations: total quotations (demo ones topped up in bulk, for benchmarks). */
export type SeedOptions = { offers?: number | undefined; quotations?: number | undefined };

/** Deterministic demo data: the same input gives the same rows (README lists the logins). */
export async function seedDemo(db: Db, opts: SeedOptions = {}) {
  const ids = await seedUsers(db);
  await seedMarketing(db);
  const pendingUserIds = DEMO_USERS.filter((u) => u.status === 'PENDING_ACTIVATION').map((u) => ids.get(u.key) ?? 0);
  const catalogue = await seedOffers(db, { offers: opts.offers, users: ids });
  await seedQuotations(db, ids);
  await seedShares(db, ids);
  if (opts.quotations) await seedBulkQuotations(db, ids, opts.quotations);
  return { users: ids, pendingUserIds, catalogue };
}

export async function seedIfEmpty(db: Db, log: FastifyBaseLogger) {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  log.info('empty database: loading demo data');
  const result = await seedDemo(db);
  log.info('demo data loaded');
  return result;
}
