import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E } from './env';
import { test, expect, screen, USERS } from './fixtures';

// Runs alone (its own Playwright project): maintenance answers 503 to every API call.
// A 503 says the server cannot serve now, not that the session is over (docs/adr/0145-what-ends-a-session-on-the-device.md): the agent stays
// signed in with what the device has, and a login attempt meanwhile is told why it cannot go through.
test('maintenance (503 everywhere) keeps the agent signed in, and a login attempt says why it fails', async ({ page, loggedIn, browser }) => {
  await loggedIn(USERS.full);
  await page.goto('/faq');
  await expect(screen(page).getByRole('heading', { level: 1, name: 'Domande Frequenti' })).toBeVisible();
  const flag = path.join(E2E.dataDir, 'maintenance');
  writeFileSync(flag, '');
  try {
    // The server re-reads the flag at most once a second: on once the API answers 503.
    await expect.poll(async () => (await page.request.get('/api/v1/config')).status()).toBe(503);
    await page.reload();
    await expect(screen(page).getByRole('heading', { level: 1, name: 'Domande Frequenti' })).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'false');

    const other = await browser.newPage();
    await other.goto('/login');
    await screen(other).getByLabel('Email').fill(USERS.full);
    await screen(other).getByLabel('Password', { exact: true }).fill(E2E.password);
    await screen(other).getByRole('button', { name: 'Accedi' }).click();
    await expect(other.getByRole('alert')).toContainText('manutenzione');
    await other.close();
  } finally {
    rmSync(flag, { force: true });
  }
  // Maintenance over: the app notices by itself.
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-online', 'true', { timeout: 45_000 });
});
