import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E } from './env';
import { test, expect, screen, USERS } from './fixtures';

// Runs alone (its own Playwright project): maintenance answers 503 to every API call.
test('an HTTP 503 anywhere clears storage and goes to /login', async ({ page, loggedIn }) => {
  await loggedIn(USERS.full);
  const flag = path.join(E2E.dataDir, 'maintenance');
  writeFileSync(flag, '');
  try {
    await page.waitForTimeout(1100); // the server re-reads the flag at most once a second
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await screen(page).getByLabel('Email').fill(USERS.full);
    await screen(page).getByLabel('Password', { exact: true }).fill(E2E.password);
    await screen(page).getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toContainText('manutenzione');
  } finally {
    rmSync(flag, { force: true });
  }
});
