import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { findUnformattedNumbers } from '../core/format-check';
import { findUntranslated } from '../core/language-check';
import { E2E } from './env';

export const USERS = {
  base: 'agente@demo.it',
  full: 'completo@demo.it',
  leader: 'capogruppo@demo.it',
  sub: 'sara.conti@demo.it',
  terms: 'nuovo@demo.it',
  /** No test writes as this agent: their lists and counts stay still while other tests run. */
  quiet: 'davide.greco@demo.it',
} as const;

/**
 * The page on screen: react-router renders one page at a time (App.tsx), an `.ion-page` div; an open
 * modal's content, which Ionic also marks `.ion-page`, comes after it, so the last one is what the user sees.
 */
export const screen = (page: Page) => page.locator('.ion-page').last();

/**
 * Every offer card of /offers drawn: on a phone the cards past the second wait for a scroll or for the start
 * to be over (src/features/offers/offers-page.tsx, OfferCards), so a test reading them all waits for them.
 */
export async function allCardsDrawn(page: Page) {
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await expect(page.locator('.offer-card--pending')).toHaveCount(0);
}

/**
 * The page laid out and drawn at its size: fonts in, its finite animations and transitions over (Ionic's modal
 * settles into a new width with one), then two frames drawn. Endless ones (a spinner) are not waited for.
 */
export async function laidOut(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    await document.fonts.ready;
    await frame();
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await frame();
    await frame();
  });
}

/**
 * Full-page screenshots at desktop (1280) and phone (390) width in test-results/shots/, to look at;
 * the viewport goes back to the project's 1280×800.
 */
export async function shots(page: Page, name: string) {
  mkdirSync('test-results/shots', { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await laidOut(page);
    await page.screenshot({ path: `test-results/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Every figure on the visible page went through core/format.ts (docs/adr/0113-figures-one-formatter.md; no '2500 €', '5.1',
 * '5.000,00 €'); core/format-check.ts holds the rules.
 */
export async function expectFormattedNumbers(page: Page, where: string) {
  const text = await screen(page).innerText();
  expect(findUnformattedNumbers(text), `${where}:\n${text.slice(0, 400)}`).toEqual([]);
}

/**
 * No English label, no value as the API spells it, no raw slug on the page on screen, its open modal included
 * (core/language-check.ts; docs/adr/0055-no-english-on-screen.md).
 */
export async function expectItalianText(page: Page, where: string) {
  const text = await screen(page).innerText();
  expect(findUntranslated(text), `${where}:\n${text.slice(0, 400)}`).toEqual([]);
}

/** Logs in through the real login form. */
export async function loginAs(page: Page, email: string, password = E2E.password) {
  await page.goto('/login');
  await screen(page).getByLabel('Email').fill(email);
  await screen(page).getByLabel('Password', { exact: true }).fill(password);
  await screen(page).getByRole('button', { name: 'Accedi' }).click();
}

/** The newest mail sent to an address, read from the server's mail drop folder. */
export function lastMail(to: string): string {
  const dir = path.join(E2E.dataDir, 'mail');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(`-${to}.txt`))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no mail for ${to}`);
  return readFileSync(path.join(dir, last), 'utf8');
}

export const test = base.extend<{ loggedIn: (email: string) => Promise<void> }>({
  loggedIn: async ({ page }, provide) => {
    await provide(async (email) => {
      await loginAs(page, email);
      await expect(page.getByTestId('top-user')).toBeVisible();
    });
  },
});

export { expect };
