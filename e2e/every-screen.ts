import type { Page } from '@playwright/test';
import { compareItemOf, writeCompareQuery } from '../core/compare';
import { readDetailUrl } from '../core/offer-detail';
import { expect, loginAs, screen, USERS } from './fixtures';

// Every screen of both specs, by the demo user who reaches it: walked by e2e/accessibility.spec.ts (axe, in
// both themes at a phone's and a desktop's width, in every run) and by e2e/screens.spec.ts (PNGs to look at,
// on demand).

export const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

type Terms = { duration: number; deposit: number; distance: number; bundle?: string };
export type Screen = { name: string; path: string | ((page: Page) => Promise<string>); ready?: (page: Page) => Promise<unknown> };
/** `user`: who signs in first (none for the public screens); `expectAt`: where the sign-in lands, when not home. */
export type ScreenGroup = { title: string; user?: string; expectAt?: RegExp; screens: Screen[] };

/** The first link of a list on a page, as the user would follow it. */
const firstHref = (from: string, selector: string) => async (page: Page) => {
  await page.goto(from);
  const link = screen(page).locator(selector).first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  return (await link.getAttribute('href'))!;
};
const firstOffer = firstHref('/offers', 'a[data-testid="offer-card"]');

/** A comparison of the first `n` cards of /offers with their own terms, as their 'Confronta' adds them, in a shared link. */
export async function comparePath(page: Page, n: number) {
  await page.goto('/offers');
  const cards = screen(page).locator('a[data-testid="offer-card"]');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const hrefs = (await cards.evaluateAll((els, count) => els.slice(0, count).map((e) => e.getAttribute('href') ?? ''), n)).map((h) => new URL(h, 'http://x'));
  const items = hrefs.map((u) => compareItemOf(decodeURIComponent(u.pathname.split('/').pop()!), readDetailUrl(u.search) as Terms));
  return `/offers/compare?${writeCompareQuery(items)}`;
}

/** Signs in, waiting longer than the fixture: the first start downloads the catalogue copy on a shared machine. */
export async function signIn(page: Page, group: ScreenGroup) {
  if (!group.user) return;
  await loginAs(page, group.user);
  if (group.expectAt) await expect(page).toHaveURL(group.expectAt);
  else await expect(page.getByTestId('top-user')).toBeVisible({ timeout: 30_000 });
}

/**
 * A screen at rest: nothing on it still loading (skeletons, busy regions, loading pages, 'Caricamento…') and its
 * fonts in, then two frames drawn. Conditions, not the network going quiet: a screen with an event stream never does.
 */
export async function settle(page: Page) {
  await expect(screen(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.skeleton, [aria-busy="true"], .page-loading, .od-loading, .wizard-loading')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Caricamento…', { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** Each screen opened once, then at each size (the window resized, as a phone turned or a window dragged): settled, then handed to `visit`. */
export async function walk(page: Page, group: ScreenGroup, visit: (s: Screen, size: (typeof SIZES)[number]) => Promise<void>) {
  for (const s of group.screens) {
    const path = typeof s.path === 'string' ? s.path : await s.path(page);
    await page.setViewportSize(SIZES[0]);
    await page.goto(path);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settle(page);
      if (s.ready) await s.ready(page);
      await visit(s, size);
    }
  }
}

export const SCREEN_GROUPS: ScreenGroup[] = [
  {
    title: 'public screens',
    screens: [
      { name: 'login', path: '/login' },
      { name: 'forgot', path: '/account/password/forgot' },
    ],
  },
  { title: 'terms on first sign-in', user: USERS.terms, expectAt: /\/sso\/activate$/, screens: [{ name: 'sso-activate', path: '/sso/activate' }] },
  {
    title: 'agente: an agent with no extra features',
    user: USERS.base,
    screens: [
      { name: 'home', path: '/' },
      { name: 'offers', path: '/offers' },
      { name: 'offer-detail', path: firstOffer },
      { name: 'profile', path: '/profile' },
      { name: 'faq', path: '/faq' },
      { name: 'not-allowed', path: '/catalog' },
    ],
  },
  {
    title: 'completo: offers and quotations',
    user: USERS.full,
    screens: [
      { name: 'home', path: '/' },
      { name: 'offers', path: '/offers' },
      { name: 'offer-detail', path: firstOffer },
      { name: 'quotation-start', path: async (p) => firstHref(await firstOffer(p), '[data-testid="create-quote"]')(p) },
      { name: 'quotation-manual', path: '/quotation/' },
      { name: 'quotations', path: '/quotations' },
      { name: 'quotation', path: firstHref('/quotations', 'a[data-testid="quotation-row"]') },
      { name: 'dashboard', path: '/dashboard' },
      { name: 'customers', path: '/customers' },
      { name: 'customer', path: firstHref('/customers', 'a[data-testid="customer-row"]') },
      {
        name: 'compare',
        path: (p) => comparePath(p, 3),
        ready: (p) => expect(screen(p).locator('tr[data-row="rate"] td')).toHaveCount(3),
      },
    ],
  },
  {
    title: 'completo: profile, help, marketing and catalogue',
    user: USERS.full,
    screens: [
      { name: 'profile', path: '/profile' },
      { name: 'profile-api', path: '/profile?tab=apiKey' },
      { name: 'faq', path: '/faq' },
      { name: 'support', path: '/support' },
      { name: 'marketing', path: '/marketing' },
      { name: 'offer-request', path: '/offer/request' },
      { name: 'catalog', path: '/catalog' },
      { name: 'catalog-new', path: '/catalog/new' },
      { name: 'providers', path: '/providers' },
      { name: 'products', path: '/products' },
    ],
  },
  {
    title: 'capogruppo: the network',
    user: USERS.leader,
    screens: [
      { name: 'home', path: '/' },
      { name: 'admin', path: '/admin' },
      { name: 'agent', path: firstHref('/admin', 'a.nw-agent-link') },
      { name: 'team', path: '/profile?tab=team' },
    ],
  },
];
