// Ownership in the catalogue (docs/adr/0136-catalogue-offers-and-publishing.md): what an agent makes belongs to their group (network) when
// they have one, else to them; only that scope sees and changes it, anyone else gets 404 (ids of other
// networks are not confirmed). Shared by every catalogue aggregate (cars, offers, providers, ...).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AuthContext } from '../../lib/auth';

export type Scope = { userId: number; group: string | null };
export const scopeOf = (auth: AuthContext): Scope => ({ userId: auth.user.id, group: auth.user.groupCode || null });

type Owned = { ownerGroup: AnyPgColumn; ownerUserId: AnyPgColumn };
/** Rows of the scope: the group's when the agent has one, else the agent's own. */
export const ownedBy = (t: Owned, s: Scope): SQL => (s.group ? eq(t.ownerGroup, s.group) : (and(isNull(t.ownerGroup), eq(t.ownerUserId, s.userId)) as SQL));
/** Shared rows (no owner) plus the scope's. */
export const sharedOr = (t: Owned, s: Scope): SQL => or(and(isNull(t.ownerGroup), isNull(t.ownerUserId)), ownedBy(t, s)) as SQL;
export const ownerValues = (s: Scope) => ({ ownerGroup: s.group, ownerUserId: s.userId });

export const token = (n = 5) => randomBytes(n).toString('hex').toUpperCase();

// Route pieces every catalogue aggregate uses.
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const codeParam = z.string().trim().min(1).max(64);
export const catalogFeature = { feature: 'catalog' as const };
