import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { compareItemOf, writeCompareQuery } from '../core/compare';
import { readDetailUrl } from '../core/offer-detail';
import { lowContrastIn, setTheme } from './contrast';
import { expect, loginAs, screen, test, USERS } from './fixtures';

// Issue 20's check: every screen at 390×844 and 1366×900, light and dark, saved as PNGs in
// test-results/screens/ to be looked at (name: <user>-<screen>-<width>-<theme>.png). Each screen's
// forms are held to WCAG contrast (e2e/contrast.ts) in both themes too, since a screenshot is only
// looked at once.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
const DIR = 'test-results/screens';

type Terms = { duration: number; deposit: number; distance: number; bundle?: string };
type Screen = { name: string; path: string | ((page: Page) => Promise<string>); ready?: (page: Page) => Promise<unknown> };

/** The first link of a list on a page, as the user would follow it. */
const firstHref = (from: string, selector: string) => async (page: Page) => {
  await page.goto(from);
  const link = screen(page).locator(selector).first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  return (await link.getAttribute('href'))!;
};

/** Signs in, waiting longer than the fixture: the first start downloads the catalogue copy on a shared machine. */
async function signIn(page: Page, email: string) {
  await loginAs(page, email);
  await expect(page.getByTestId('top-user')).toBeVisible({ timeout: 30_000 });
}

async function settle(page: Page) {
  // Bounded: a page with an open event stream never goes quiet.
  await page.waitForLoadState('networkidle', { timeout: 6_000 }).catch(() => undefined);
  await expect(page.locator('.skeleton'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function shootAll(page: Page, user: string, screens: Screen[]) {
  mkdirSync(DIR, { recursive: true });
  const contrast: string[] = [];
  for (const s of screens) {
    const path = typeof s.path === 'string' ? s.path : await s.path(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(path);
      await settle(page);
      if (s.ready) await s.ready(page);
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await page.screenshot({ path: `${DIR}/${user}-${s.name}-${size.width}-${theme}.png` });
        for (const f of await lowContrastIn(page, '.ion-page:not(.ion-page-hidden) form, ion-modal form')) {
          contrast.push(`${s.name} ${size.width} ${theme}: '${f.text}' ${f.ratio}:1 (${f.color} on ${f.background}, ${f.where})`);
        }
      }
    }
  }
  expect([...new Set(contrast)], 'form text under 4.5:1').toEqual([]);
}

test.setTimeout(600_000);
// About 15 minutes on this machine: run on demand (E2E_SCREENS=1), not in every suite run.
test.skip(!process.env.E2E_SCREENS, 'screenshots of every screen: set E2E_SCREENS=1');

test('public screens', async ({ page }) => {
  await shootAll(page, 'public', [
    { name: 'login', path: '/login' },
    { name: 'forgot', path: '/account/password/forgot' },
  ]);
});

test('terms on first sign-in', async ({ page }) => {
  await loginAs(page, USERS.terms);
  await expect(page).toHaveURL(/\/sso\/activate$/);
  await shootAll(page, 'nuovo', [{ name: 'sso-activate', path: '/sso/activate' }]);
});

test('agente: an agent with no extra features', async ({ page }) => {
  await signIn(page, USERS.base);
  await shootAll(page, 'agente', [
    { name: 'home', path: '/' },
    { name: 'offers', path: '/offers' },
    { name: 'offer-detail', path: firstHref('/offers', 'a[data-testid="offer-card"]') },
    { name: 'profile', path: '/profile' },
    { name: 'faq', path: '/faq' },
    { name: 'not-allowed', path: '/catalog' },
  ]);
});

test('completo: offers and quotations', async ({ page }) => {
  await signIn(page, USERS.full);
  await shootAll(page, 'completo', [
    { name: 'home', path: '/' },
    { name: 'offers', path: '/offers' },
    { name: 'offer-detail', path: firstHref('/offers', 'a[data-testid="offer-card"]') },
    { name: 'quotation-start', path: async (p) => firstHref(await firstHref('/offers', 'a[data-testid="offer-card"]')(p), '[data-testid="create-quote"]')(p) },
    { name: 'quotation-manual', path: '/quotation/' },
    { name: 'quotations', path: '/quotations' },
    { name: 'quotation', path: firstHref('/quotations', 'a[data-testid="quotation-row"]') },
    { name: 'dashboard', path: '/dashboard' },
    { name: 'customers', path: '/customers' },
    { name: 'customer', path: firstHref('/customers', 'a[data-testid="customer-row"]') },
  ]);
});

test('completo: the comparison of three offers (issue 22)', async ({ page }) => {
  await signIn(page, USERS.full);
  await shootAll(page, 'completo', [
    {
      name: 'compare',
      // The first three cards' own terms, as their 'Confronta' adds them, in a shared link.
      path: async (p) => {
        await p.goto('/offers');
        const cards = screen(p).locator('a[data-testid="offer-card"]');
        await expect(cards.first()).toBeVisible({ timeout: 30_000 });
        const hrefs = (await cards.evaluateAll((els) => els.slice(0, 3).map((e) => e.getAttribute('href') ?? ''))).map((h) => new URL(h, 'http://x'));
        const items = hrefs.map((u) => compareItemOf(decodeURIComponent(u.pathname.split('/').pop()!), readDetailUrl(u.search) as Terms));
        return `/offers/compare?${writeCompareQuery(items)}`;
      },
      ready: (p) => expect(screen(p).locator('tr[data-row="rate"] td')).toHaveCount(3),
    },
  ]);
});

test('completo: profile, help, marketing and catalogue', async ({ page }) => {
  await signIn(page, USERS.full);
  await shootAll(page, 'completo', [
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
  ]);
});

test('capogruppo: the network', async ({ page }) => {
  await signIn(page, USERS.leader);
  await shootAll(page, 'capogruppo', [
    { name: 'home', path: '/' },
    { name: 'admin', path: '/admin' },
    { name: 'agent', path: firstHref('/admin', 'a.nw-agent-link') },
    { name: 'team', path: '/profile?tab=team' },
  ]);
});
