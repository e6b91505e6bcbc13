/** Per-user features (spec §6, account spec §6). */
export const FEATURES = [
  'prescoring',
  'rebrand',
  'offer-request',
  'network',
  'catalog',
  'provider-product',
  'marketing-stuff',
  'support',
  'quotations',
  'fees-visibility',
  'clone',
  'strict-upload',
  'car-custom-images',
  'network-sub-agent',
] as const;
export type FeatureSlug = (typeof FEATURES)[number];

export type UserFeature = { slug: string; enabled: number; limit?: number | null };

/** The spec's rule: a feature counts as allowed when its enabled level is above 1. */
export const isAllowedLevel = (level: number | null | undefined) => (level ?? 0) > 1;

export function hasFeature(features: readonly UserFeature[] | undefined, slug: FeatureSlug): boolean {
  return isAllowedLevel(features?.find((f) => f.slug === slug)?.enabled);
}

export const ROLE_AGENT = 0;
export const ROLE_GROUP_LEADER = 1;
