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
// Text colours against the page's background, by WCAG's formula: AA asks 4.5:1 for text.
for (const [theme, user] of [
  ['dark', USERS.full],
  ['light', USERS.base],
] as const) {
  test(`${theme} theme: the palette's colours read as text (WCAG AA) and the top bar keeps the brand`, async ({ page, loggedIn }) => {
    await loggedIn(user); // completo@demo.it's theme is dark, agente@demo.it has the default one
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
    else await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
    await expect(page.getByTestId('side-menu').locator('.menu-current')).toBeVisible();
    const seen = await page.evaluate(() => {
      const colourOf = (css: string) => {
        const probe = document.createElement('span');
        probe.style.color = css;
        document.body.append(probe);
        const c = getComputedStyle(probe).color;
        probe.remove();
        return c;
      };
      const channels = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (c: string) => {
        const [r = 0, g = 0, b = 0] = channels(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
        return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
      };
      const background = colourOf('var(--ion-background-color, #fff)');
      const texts = {
        menuCurrent: getComputedStyle(document.querySelector('[data-testid=side-menu] .menu-current')!).color,
        footerLink: getComputedStyle(document.querySelector('.app-footer a')!).color,
        primary: colourOf('var(--ion-color-primary)'),
        success: colourOf('var(--ion-color-success)'),
        warning: colourOf('var(--ion-color-warning)'),
        danger: colourOf('var(--ion-color-danger)'),
        muted: colourOf('var(--app-muted)'),
      };
      const bar = document.querySelector('.top-bar')!;
      const barBackground = getComputedStyle(bar).backgroundColor;
      const barText = getComputedStyle(document.querySelector('.top-user-name')!).color;
      return {
        ratios: Object.fromEntries(Object.entries(texts).map(([k, c]) => [k, ratio(c, background)])),
        bar: { background: barBackground, ratio: ratio(barText, barBackground) },
      };
    });
    for (const [name, r] of Object.entries(seen.ratios)) expect(r, `${name} on the ${theme} background`).toBeGreaterThanOrEqual(4.5);
    expect(seen.bar.background).toBe('rgb(11, 79, 138)');
    expect(seen.bar.ratio).toBeGreaterThanOrEqual(4.5);
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
