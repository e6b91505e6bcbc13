import { type FeatureSlug, hasFeature, ROLE_GROUP_LEADER, type UserFeature } from './features';

export type AccessUser = { role: number; features: readonly UserFeature[] };

/** A menu entry or route as the spec describes it (spec §2, "Authenticated layout"). */
export type Gate = {
  /** Flagged visible: entries whose screen is not there are kept hidden. */
  visible?: boolean;
  /** An entry that only redirects elsewhere is never shown in the menu. */
  redirect?: string;
  /** Required role: shown when it is at most the user's role. */
  role?: number;
  feature?: FeatureSlug;
  /** On the group-leader-only list: shown to role 1 only. */
  groupLeaderOnly?: boolean;
};

/** Whether the user may reach a route with this gate (ignores the menu-only flags). */
export function canAccess(gate: Gate, user: AccessUser): boolean {
  if (gate.role !== undefined && gate.role > user.role) return false;
  if (gate.feature && !hasFeature(user.features, gate.feature)) return false;
  if (gate.groupLeaderOnly && user.role !== ROLE_GROUP_LEADER) return false;
  return true;
}

/** The spec's menu rule: visible, not a redirect, role at most the user's, feature on, leader-only list. */
export function showInMenu(gate: Gate, user: AccessUser): boolean {
  return gate.visible !== false && !gate.redirect && canAccess(gate, user);
}
