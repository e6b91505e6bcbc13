import { mkdirSync } from 'node:fs';
import { setTheme, THEMES } from './accessibility';
import { SCREEN_GROUPS, signIn, walk } from './every-screen';
import { test } from './fixtures';

// Every screen (e2e/every-screen.ts) at 390×844 and 1366×900, light and dark, saved as PNGs in
// test-results/screens/ to be looked at (<user>-<screen>-<width>-<theme>.png). Their accessibility, contrast
// included, is e2e/accessibility.spec.ts's, in every run; this one takes a while and runs on demand.

const DIR = 'test-results/screens';

test.skip(!process.env.E2E_SCREENS, 'screenshots of every screen: set E2E_SCREENS=1');

for (const group of SCREEN_GROUPS) {
  test(`screens: ${group.title}`, async ({ page }) => {
    test.setTimeout(600_000);
    mkdirSync(DIR, { recursive: true });
    const user = group.user?.split('@')[0] ?? 'public';
    await signIn(page, group);
    await walk(page, group, async (s, size) => {
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await page.screenshot({ path: `${DIR}/${user}-${s.name}-${size.width}-${theme}.png` });
      }
    });
  });
}
