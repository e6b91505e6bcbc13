import type { Page } from '@playwright/test';
import { expect, expectFormattedNumbers, screen, test, USERS } from './fixtures';

// Every figure on screen goes through core/format.ts (docs/adr/0113-figures-one-formatter.md). The scan reads the rendered text of
// the main screens and fails on any number the Italian rules would not write ('2500 €', '5.1',
// '5.000,00 €'); core/format-check.test.ts holds the rules themselves. The catalogue editor is
// scanned in catalog.spec.ts, where an offer is made.

async function scan(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expectFormattedNumbers(page, where);
}

test('numbers on the group leader’s screens follow the Italian format', async ({ page, loggedIn }) => {
  await loggedIn(USERS.leader);
  for (const path of ['/', '/offers', '/quotations', '/dashboard', '/admin', '/catalog', '/profile']) {
    await page.goto(path);
    await expect(screen(page).locator('h1, h2').first()).toBeVisible();
    await scan(page, path);
  }

  // An offer detail, every tab.
  await page.goto('/offers');
  await screen(page).getByTestId('offer-card').first().click();
  await expect(screen(page).getByTestId('monthly-rate')).toBeVisible();
  for (const tab of await screen(page).getByRole('tab').all()) {
    await tab.click();
    await scan(page, `offer detail, tab ${await tab.innerText()}`);
  }
});
