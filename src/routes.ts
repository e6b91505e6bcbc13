import { serverUrl } from './api/origin';
import type { Gate } from '@core/access';

/**
 * What a screen asks the server for before its first render, from its address's parameters and query: a
 * screen module exports it as `prefetch`, and the app's start waits for it with the screen's code (App.tsx,
 * prefetchScreen), so that the first render draws the screen with its data.
 */
export type ScreenPrefetch = (params: Readonly<Record<string, string | undefined>>, search: string) => Promise<unknown>;

/**
 * Every route of the app (spec §2, account spec §2), with a function that
 * builds its link. Screens of later areas are added here when they land.
 */
export const paths = {
  sso: '/sso',
  login: '/login',
  activate: '/account/activate/:token',
  ssoActivate: '/sso/activate',
  forgotPassword: '/account/password/forgot',
  resetPassword: '/account/password/:token',
  home: '/',
  offers: '/offers',
  offerDetail: '/offers/:code',
  /** The comparison (docs/adr/0143-compare-offers.md); a static segment, so react-router prefers it to an offer code. */
  compare: '/offers/compare',
  offerRequest: '/offer/request',
  offerRequestDetail: '/offer/request/:id',
  quotationStart: '/quotation/',
  quotation: '/quotations/:quotation',
  quotations: '/quotations',
  dashboard: '/dashboard',
  agent: '/agents/:agent',
  admin: '/admin',
  customers: '/customers',
  customer: '/customers/:customer',
  faq: '/faq',
  support: '/support',
  profile: '/profile',
  marketing: '/marketing',
  catalog: '/catalog',
  catalogNew: '/catalog/new',
  catalogEdit: '/catalog/:code/edit',
  providers: '/providers',
  providerNew: '/providers/new',
  providerEdit: '/providers/:id/edit',
  products: '/products',
  productNew: '/products/new',
  productEdit: '/products/:id/edit',
  /** The customer's page of a shared quotation (docs/adr/0133-customer-link.md): public, outside the agent's shell. */
  customerLink: '/p/:token',
} as const;

export const links = {
  login: () => paths.login,
  home: () => paths.home,
  forgotPassword: () => paths.forgotPassword,
  ssoActivate: () => paths.ssoActivate,
  offers: (query = '') => (query ? `${paths.offers}?${query}` : paths.offers),
  /** The card's link (spec §2): duration, deposit, distance and, when not blank, bundle. */
  offerDetail: (code: string, child: { duration: number; deposit: number; distance: number; bundle?: string | null }) => {
    const q = new URLSearchParams({ duration: String(child.duration), deposit: String(child.deposit), distance: String(child.distance) });
    if (child.bundle && child.bundle.trim()) q.set('bundle', child.bundle);
    return `/offers/${encodeURIComponent(code)}?${q.toString()}`;
  },
  /** The comparison on this device, or with `query` (core/compare.ts writeCompareQuery) a shared one. */
  compare: (query = '') => (query ? `${paths.compare}?${query}` : paths.compare),
  offerRequest: () => paths.offerRequest,
  offerRequestDetail: (id: number) => `/offer/request/${id}`,
  /** The wizard's start from a configured offer (the offer detail's query: duration, deposit, distance, bundle, accessories, colors). */
  quotationStart: (query = '') => (query ? `${paths.quotationStart}?${query}` : paths.quotationStart),
  /** By quotation code, proposal id, or the client id of a proposal still in the outbox. */
  quotations: () => paths.quotations,
  dashboard: () => paths.dashboard,
  quotation: (id: string | number) => `/quotations/${encodeURIComponent(String(id))}`,
  agent: (code: string) => `/agents/${encodeURIComponent(code)}`,
  admin: () => paths.admin,
  /** The customers list, optionally narrowed to one agent of a leader's network. */
  customers: (agentId?: number) => (agentId ? `${paths.customers}?agent_id=${agentId}` : paths.customers),
  customer: (id: number) => `/customers/${id}`,
  faq: () => paths.faq,
  support: () => paths.support,
  profile: (tab?: string) => (tab ? `${paths.profile}?tab=${tab}` : paths.profile),
  marketing: () => paths.marketing,
  catalog: () => paths.catalog,
  catalogNew: () => paths.catalogNew,
  catalogEdit: (code: string) => `/catalog/${encodeURIComponent(code)}/edit`,
  offerPage: (code: string) => `/offers/${encodeURIComponent(code)}`,
  providers: () => paths.providers,
  providerNew: () => paths.providerNew,
  providerEdit: (id: number) => `/providers/${id}/edit`,
  products: () => paths.products,
  productNew: () => paths.productNew,
  productEdit: (id: number) => `/products/${id}/edit`,
  apiDocs: () => serverUrl('/api/docs'),
  legal: (doc: 'termini-e-condizioni' | 'informativa-privacy' | 'nomina-responsabile') => serverUrl(`/legal/${doc}.pdf`),
};

/** Screens shown without the menu: the public ones (the customer's page included) and the terms step after sign-on. */
const BARE_PATHS = [paths.sso, paths.ssoActivate, paths.login, '/account/', '/p/'];
export const usesBareLayout = (pathname: string) => BARE_PATHS.some((p) => pathname === p || (p.endsWith('/') && pathname.startsWith(p)));

/** Gates of private routes: a route appears only when its feature (and role) is allowed. */
export const routeGates: Record<string, Gate> = {
  // Rete: group leaders (role 1) with feature network (spec §2, §6).
  [paths.admin]: { role: 1, feature: 'network', groupLeaderOnly: true },
  [paths.support]: { feature: 'support' },
  [paths.marketing]: { feature: 'marketing-stuff' },
  [paths.offerRequest]: { feature: 'offer-request' },
  [paths.offerRequestDetail]: { feature: 'offer-request' },
  [paths.quotationStart]: { feature: 'quotations' },
  [paths.quotation]: { feature: 'quotations' },
  [paths.catalog]: { feature: 'catalog' },
  [paths.catalogNew]: { feature: 'catalog' },
  [paths.catalogEdit]: { feature: 'catalog' },
  [paths.providers]: { feature: 'provider-product' },
  [paths.providerNew]: { feature: 'provider-product' },
  [paths.providerEdit]: { feature: 'provider-product' },
  [paths.products]: { feature: 'provider-product' },
  [paths.productNew]: { feature: 'provider-product' },
  [paths.productEdit]: { feature: 'provider-product' },
};

/**
 * Where the credit-check button is hidden (spec §2): paths starting with /quotations/, the
 * quotation start /quotation/, and an offer detail /offers/{alphanumeric id}.
 */
export const hidesCreditCheck = (pathname: string) =>
  pathname.startsWith('/quotations/') ||
  pathname === '/quotation' ||
  pathname.startsWith('/quotation/') ||
  // The comparison is not an offer: its sustainability row comes from the check (docs/adr/0143-compare-offers.md).
  (/^\/offers\/[A-Za-z0-9]+\/?$/.test(pathname) && !/^\/offers\/compare\/?$/.test(pathname));
