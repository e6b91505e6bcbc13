import AxeBuilder from '@axe-core/playwright';
import { accessibilityViolations } from './accessibility';
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
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
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
// The palette's text colours, as text on the page's background, held to WCAG AA by axe: the states' colours
// (success, warning, danger) appear on few screens at rest, so e2e/accessibility.spec.ts alone would not see
// them all. Each is drawn as a line of text on a sheet over the screen, and axe's colour rule measures them.
const PALETTE = {
  primary: 'var(--ion-color-primary)',
  success: 'var(--ion-color-success)',
  warning: 'var(--ion-color-warning)',
  danger: 'var(--ion-color-danger)',
  muted: 'var(--app-muted)',
};
for (const [theme, user] of [
  ['dark', USERS.full],
  ['light', USERS.base],
] as const) {
  test(`${theme} theme: the palette's colours read as text (WCAG AA) and the top bar keeps the brand`, async ({ page, loggedIn }) => {
    await loggedIn(user); // completo@demo.it's theme is dark, agente@demo.it has the default one
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
    else await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
    await expect(page.getByTestId('side-menu').locator('.menu-current')).toBeVisible();
    // The top bar keeps the brand's blue in both themes, its text readable on it.
    await expect(page.locator('.top-bar')).toHaveCSS('background-color', 'rgb(11, 79, 138)');
    expect(await accessibilityViolations(page, '.top-bar', { coloursOnly: true })).toEqual([]);

    await page.evaluate((palette) => {
      const sheet = document.createElement('div');
      sheet.id = 'palette';
      sheet.style.cssText = 'position: fixed; inset: 0; z-index: 100000; padding: 16px; background: var(--ion-background-color, #fff)';
      for (const [name, colour] of Object.entries(palette)) {
        const line = document.createElement('p');
        line.textContent = `Testo nel colore ${name}`;
        line.style.color = colour;
        sheet.append(line);
      }
      document.body.append(sheet);
    }, PALETTE);
    const { violations, passes, incomplete } = await new AxeBuilder({ page }).include('#palette').withRules(['color-contrast']).analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`))).toEqual([]);
    // Every line measured (none left undecided): the check has something to fail on.
    expect(incomplete).toEqual([]);
    expect(passes.flatMap((r) => r.nodes)).toHaveLength(Object.keys(PALETTE).length);
  });
}

test('a reopened app draws its screen with the data on the device at once, without a loading page first, and asks for the profile once', async ({
  page,
  loggedIn,
}) => {
  await loggedIn(USERS.full);
  await page.goto('/offers');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  // Everything the screen shows from its start on: a loading page drawn, even for one frame, is recorded.
  await page.addInitScript(() => {
    const w = window as unknown as { __loadingSeen: boolean };
    w.__loadingSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.page-loading')) w.__loadingSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const profileRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/agent/profile') profileRequests.push(r.method());
  });
  await page.reload();
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  await expect(page.getByTestId('top-user')).toContainText('Verdi Noleggi Srl');
  expect(await page.evaluate(() => (window as unknown as { __loadingSeen: boolean }).__loadingSeen)).toBe(false);
  await page.waitForLoadState('networkidle');
  expect(profileRequests).toEqual(['GET']);
});
