// A new release while the app is open (src/shell/update-prompt.tsx): the agent is told, and 'Aggiorna'
// hands the page to the new service worker and reloads; until then the running build stays in charge.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accessibilityViolations, setTheme, THEMES } from './accessibility';
import { msUntilRequestedOnReopen } from './device';
import { E2E } from './env';
import { expect, loginAs, test, USERS } from './fixtures';
import { netSwitch } from './net-switch';
import { launchDevice } from './offline-device';

test('a new build: the agent is told, and Aggiorna takes it over and reloads', async () => {
  const net = await netSwitch(E2E.baseUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-update-'));
  const context = await launchDevice(dir, net);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await loginAs(page, USERS.full);
    await expect(page.getByTestId('top-user')).toBeVisible();
    await page.goto('/offers');
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    const prompt = page.locator('ion-toast');
    // No release waiting: no prompt (its element is not even there).
    await expect(prompt).toHaveCount(0);

    net.newBuild();
    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
    await expect(prompt.getByText('È disponibile una nuova versione del portale.')).toBeVisible({ timeout: 20_000 });
    // The new worker waits: the page is still served by the one it started with.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    // Accessible in both themes (WCAG 2.1 AA, contrast included), its action too.
    for (const theme of THEMES) {
      await setTheme(page, theme);
      expect(await accessibilityViolations(page, 'ion-toast'), `${theme} theme`).toEqual([]);
      await page.screenshot({ path: `test-results/shots/update-prompt-${theme}.png` });
    }

    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await prompt.getByRole('button', { name: 'Aggiorna' }).click();
    // Reloaded (the marker is gone) under the new worker, with nothing waiting and no prompt.
    // (An evaluation cut by the reload itself counts as not yet reloaded.)
    const notReloaded = () => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false).catch(() => true);
    await expect.poll(notReloaded, { timeout: 20_000 }).toBe(false);
    await expect(page.getByTestId('offer-card').first()).toBeVisible();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect(prompt).toHaveCount(0);
  } finally {
    await context.close();
    await net.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// src/app-main.tsx, InBackground: the prompt's code (and workbox-window's registration) waits for a reopened app's
// background moment, as the outbox does: the first screen draws without it (docs/adr/0159-update-prompt.md).
test.describe('the update prompt on a reopened app', () => {
  test.use({ serviceWorkers: 'allow' });
  test('loads after the first seconds on the screen, and still registers the worker', async ({ page, loggedIn }) => {
    await loggedIn(USERS.full);
    // REOPENED_BACKGROUND_AFTER_MS (3 s), then the browser's next idle moment.
    expect(await msUntilRequestedOnReopen(page, /\/assets\/update-prompt-[\w-]+\.js$/)).toBeGreaterThanOrEqual(3_000);
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active))).toBe(true);
  });
});
