import { test, expect, loginAs, USERS } from './fixtures';

test('logs in and out', async ({ page }) => {
  await loginAs(page, USERS.full);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('top-user')).toContainText('Verdi Noleggi Srl');
  await expect(page.getByTestId('top-user')).toContainText('AGENTE');
  await page.screenshot({ path: 'test-results/shots/home-desktop.png', fullPage: true });
  await page.getByRole('button', { name: 'Menu utente' }).click();
  await page.getByText('Esci').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/login$/);
});

test('shows the login error from the server', async ({ page }) => {
  await loginAs(page, USERS.base, 'sbagliata');
  await expect(page.getByRole('alert')).toContainText('Email o password non corretti');
  await page.screenshot({ path: 'test-results/shots/login-error.png' });
});
