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

test('the app runs under its content security policy without a violation', async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|CSP violation/.test(m.text())) violations.push(m.text());
  });
  await loginAs(page, USERS.full);
  await expect(page.getByTestId('top-user')).toBeVisible();
  await page.goto('/offers');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await page.getByTestId('offer-card').first().click();
  await expect(page).toHaveURL(/\/offers\/[^/?]+/);
  await page.goto('/dashboard');
  await expect(page.locator('canvas').first()).toBeVisible();
  expect(violations).toEqual([]);
});
