import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FeatureSlug } from '@core/features';
import { MESSAGES } from '@core/i18n-messages';
import type { MemberValues, TeamMember } from '@core/schemas/account';
import type { Db } from '../../db/client';
import { userFeatures, users } from '../../db/schema';
import { type AuthUser, userCan } from '../../lib/auth';
import { randomToken } from '../../lib/crypto';
import { AppError, type FieldErrors, invalid, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../account/service';
import { logoUrl } from '../agents/profile';
import type { AuthService } from '../auth/service';
import type { TokenService } from '../auth/tokens';

/** Features a new member receives when the leader has them: the selling ones, never network management or catalogue editing. */
const MEMBER_FEATURES: FeatureSlug[] = ['quotations', 'prescoring', 'fees-visibility', 'offer-request', 'support', 'marketing-stuff', 'rebrand'];

type UserRow = typeof users.$inferSelect;

const toMember = (u: UserRow, level: number): TeamMember => ({
  id: u.id,
  code: u.code,
  parent_id: u.parentId,
  role: u.role,
  roleName: u.roleName,
  level,
  name: u.name,
  business_name: u.businessName,
  title: u.title,
  email: u.email,
  phone: u.phone,
  logo: logoUrl(u),
  status: u.status,
  fee_type: u.feeType as TeamMember['fee_type'],
  fee_value: u.feeValue,
});

/**
 * A group leader's network (account spec §2 team panel, §5 team member form, §6).
 * Everything is scoped to the leader's subtree: a member of another network answers 404.
 */
export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly tokens: TokenService,
  ) {}

  /** Every user below the leader, with its depth (1 = direct sub-agent). */
  async subtree(leaderId: number): Promise<Map<number, number>> {
    const res = (await this.db.execute(sql`
      WITH RECURSIVE tree(id, level) AS (
        SELECT id, 1 FROM users WHERE parent_id = ${leaderId}
        UNION ALL
        SELECT u.id, t.level + 1 FROM users u JOIN tree t ON u.parent_id = t.id WHERE t.level < 20
      ) SELECT id, level FROM tree`)) as unknown as { rows: { id: number; level: number }[] };
    return new Map(res.rows.map((r) => [Number(r.id), Number(r.level)]));
  }

  /** The subtree in tree order (each member followed by its own sub-agents), so indentation reads as a tree. */
  async members(leader: AuthUser): Promise<TeamMember[]> {
    const levels = await this.subtree(leader.id);
    if (levels.size === 0) return [];
    const rows = await this.db
      .select()
      .from(users)
      .where(inArray(users.id, [...levels.keys()]));
    const children = new Map<number, UserRow[]>();
    for (const r of rows) {
      const list = children.get(r.parentId ?? 0) ?? [];
      list.push(r);
      children.set(r.parentId ?? 0, list);
    }
    const out: TeamMember[] = [];
    const walk = (parentId: number) => {
      const list = (children.get(parentId) ?? []).sort((a, b) => (a.businessName || a.name).localeCompare(b.businessName || b.name, 'it') || a.id - b.id);
      for (const r of list) {
        out.push(toMember(r, levels.get(r.id) ?? 1));
        walk(r.id);
      }
    };
    walk(leader.id);
    return out;
  }

  private async memberBy(leader: AuthUser, where: { id?: number; code?: string }): Promise<{ row: UserRow; levels: Map<number, number> }> {
    const levels = await this.subtree(leader.id);
    const [row] = await this.db
      .select()
      .from(users)
      .where(where.id !== undefined ? eq(users.id, where.id) : eq(users.code, where.code ?? ''));
    if (!row || !levels.has(row.id)) throw notFound();
    return { row, levels };
  }

  /** The sub-agent limit of feature 'network-sub-agent' (no feature: none allowed; no limit set: unlimited). */
  limitOf(leader: AuthUser): number {
    if (!userCan(leader, 'network-sub-agent')) return 0;
    return leader.features.get('network-sub-agent')?.limit ?? Number.POSITIVE_INFINITY;
  }

  private async check(leader: AuthUser, input: MemberValues, levels: Map<number, number>, self: { id: number } | null) {
    const errors: FieldErrors = {};
    if (input.fee_type === 'FIXED_VALUE' && leader.groupFeeType !== 'FIXED_VALUE') errors.fee_type = [MESSAGES.feeTypeNotAllowed];
    if (input.parent_id !== null && input.parent_id !== leader.id) {
      const inNetwork = levels.has(input.parent_id);
      const ownBranch = self !== null && (input.parent_id === self.id || (await this.subtree(self.id)).has(input.parent_id));
      if (!inNetwork || ownBranch) errors.parent_id = [MESSAGES.parentInvalid];
    }
    const email = input.email.toLowerCase();
    const [taken] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken && taken.id !== self?.id) errors.email = [MESSAGES.emailTaken];
    if (Object.keys(errors).length > 0) throw invalid(errors);
  }

  async create(leader: AuthUser, input: MemberValues): Promise<TeamMember> {
    const levels = await this.subtree(leader.id);
    if (levels.size >= this.limitOf(leader)) throw new AppError(422, MESSAGES.subAgentLimit, {}, 'sub_agent_limit');
    await this.check(leader, input, levels, null);
    const parentId = input.parent_id ?? leader.id;
    let row: UserRow | undefined;
    try {
      [row] = await this.db
        .insert(users)
        .values({
          code: `SA${randomToken(6).replace(/[-_]/g, 'X').toUpperCase()}`,
          email: input.email.toLowerCase(),
          passwordHash: null,
          name: input.name,
          businessName: input.business_name,
          phone: input.phone,
          title: input.title,
          role: 0,
          roleName: 'Agente',
          parentId,
          status: 'PENDING_ACTIVATION',
          termsAccepted: false,
          groupType: leader.groupType || 'network',
          groupName: leader.groupName,
          groupCode: leader.groupCode,
          groupFeeType: leader.groupFeeType,
          feeType: input.fee_type,
          feeValue: input.fee_value,
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ email: [MESSAGES.emailTaken] });
      throw err;
    }
    if (!row) throw new Error('member not inserted');
    const features = MEMBER_FEATURES.filter((f) => leader.features.has(f)).map((slug) => ({
      userId: row.id,
      slug,
      level: leader.features.get(slug)?.level ?? 0,
      limit: null,
    }));
    if (features.length > 0) await this.db.insert(userFeatures).values(features);
    await this.auth.sendActivation(row.id);
    return toMember(row, parentId === leader.id ? 1 : (levels.get(parentId) ?? 0) + 1);
  }

  /**
   * A member's login email is theirs: the leader may correct it only while the member has not
   * activated the account (the activation link then goes to the new address, the old one stops
   * working); once active, only the member changes it, from their profile with their password.
   */
  async update(leader: AuthUser, code: string, input: MemberValues): Promise<TeamMember> {
    const { row, levels } = await this.memberBy(leader, { code });
    const emailChanged = input.email.toLowerCase() !== row.email;
    if (emailChanged && row.status !== 'PENDING_ACTIVATION') throw invalid({ email: [MESSAGES.memberEmailLocked] });
    await this.check(leader, input, levels, row);
    const parentId = input.parent_id ?? leader.id;
    let updated: UserRow | undefined;
    try {
      [updated] = await this.db
        .update(users)
        .set({
          email: input.email.toLowerCase(),
          name: input.name,
          businessName: input.business_name,
          phone: input.phone,
          title: input.title,
          parentId,
          feeType: input.fee_type,
          feeValue: input.fee_value,
          updatedAt: new Date(),
        })
        .where(eq(users.id, row.id))
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ email: [MESSAGES.emailTaken] });
      throw err;
    }
    if (!updated) throw notFound();
    if (emailChanged) await this.auth.sendActivation(updated.id);
    return toMember(updated, parentId === leader.id ? 1 : (levels.get(parentId) ?? 0) + 1);
  }

  /** ACTIVATED <-> SUSPENDED; a member still pending activation cannot be toggled. */
  async toggle(leader: AuthUser, id: number): Promise<TeamMember> {
    const { row, levels } = await this.memberBy(leader, { id });
    if (row.status === 'PENDING_ACTIVATION') throw new AppError(422, MESSAGES.memberPending, {}, 'member_pending');
    const next = row.status === 'ACTIVATED' ? 'SUSPENDED' : 'ACTIVATED';
    const [updated] = await this.db
      .update(users)
      .set({ status: next, updatedAt: new Date() })
      .where(and(eq(users.id, row.id), eq(users.status, row.status)))
      .returning();
    if (!updated) throw new AppError(409, MESSAGES.badRequest);
    // A suspension ends the member's logins, API key and reset links for good: reactivating revives none of them.
    if (next === 'SUSPENDED') {
      await this.tokens.revokeAccess(row.id, 'suspended');
      await this.auth.retireOneTimeTokens('password_reset', row.id);
    }
    return toMember(updated, levels.get(row.id) ?? 1);
  }
}
