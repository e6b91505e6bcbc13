import { describe, expect, it } from 'vitest';
import { canAccess } from '@core/access';
import { paths, routeGates, links } from '../routes';
import { visibleMenu } from './menu';

const config = { prescoringBaseUrl: '', support: { email: '', phone: '' }, marketingEnabled: false, faqBotEnabled: false, pdfDownloadableStep: 2 };
const on = (slug: string) => ({ slug, enabled: 2 });

describe('Rete (/admin)', () => {
  it('is in the menu, after Dashboard, for a group leader with feature network only', () => {
    const leader = visibleMenu({ role: 1, features: [on('network')] }, config).map((e) => e.label);
    expect(leader.slice(0, 5)).toEqual(['Home', 'Offerte', 'Preventivi Salvati', 'Dashboard', 'Rete']);
    expect(visibleMenu({ role: 1, features: [] }, config).map((e) => e.label)).not.toContain('Rete');
    expect(visibleMenu({ role: 0, features: [on('network')] }, config).map((e) => e.label)).not.toContain('Rete');
  });

  it('gates the route the same way; customers and agent pages have no gate', () => {
    expect(canAccess(routeGates[paths.admin]!, { role: 1, features: [on('network')] })).toBe(true);
    expect(canAccess(routeGates[paths.admin]!, { role: 0, features: [on('network')] })).toBe(false);
    expect(canAccess(routeGates[paths.admin]!, { role: 1, features: [] })).toBe(false);
    expect(routeGates[paths.customers]).toBeUndefined();
    expect(routeGates[paths.agent]).toBeUndefined();
  });

  it('builds the links', () => {
    expect(links.agent('AG 1')).toBe('/agents/AG%201');
    expect(links.customers()).toBe('/customers');
    expect(links.customers(7)).toBe('/customers?agent_id=7');
    expect(links.customer(12)).toBe('/customers/12');
  });
});
