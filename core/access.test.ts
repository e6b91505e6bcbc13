import { describe, expect, it } from 'vitest';
import { canAccess, showInMenu } from './access';

const agent = {
  role: 0,
  features: [
    { slug: 'catalog', enabled: 2 },
    { slug: 'support', enabled: 1 },
  ],
};
const leader = { role: 1, features: [{ slug: 'network', enabled: 2 }] };

describe('menu and route gates', () => {
  it.each([
    ['no gate', {}, agent, true],
    ['feature on (level above 1)', { feature: 'catalog' as const }, agent, true],
    ['feature at level 1 counts as off', { feature: 'support' as const }, agent, false],
    ['feature missing', { feature: 'network' as const }, agent, false],
    ['role above the user', { role: 1 }, agent, false],
    ['role at most the user', { role: 0 }, leader, true],
    ['leader-only for an agent', { groupLeaderOnly: true }, agent, false],
    ['leader-only with feature for a leader', { groupLeaderOnly: true, role: 1, feature: 'network' as const }, leader, true],
  ])('%s', (_name, gate, user, expected) => {
    expect(canAccess(gate, user)).toBe(expected);
    expect(showInMenu(gate, user)).toBe(expected);
  });

  it('hides entries not flagged visible and redirects, even when reachable', () => {
    expect(showInMenu({ visible: false }, agent)).toBe(false);
    expect(showInMenu({ redirect: '/offers' }, agent)).toBe(false);
    expect(canAccess({ visible: false }, agent)).toBe(true);
  });
});
