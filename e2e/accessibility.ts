import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** WCAG 2.1 A and AA, as axe-core checks them: contrast, names, roles, labels, landmarks, language. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

/**
 * The app's theme switched in place (the classes src/shell/theme.tsx sets), read once the change has been drawn
 * and every transition it started has ended: Ionic's buttons fade their background, and a colour read mid-way
 * is neither theme's. Transitions inside shadow roots are not listed by document.getAnimations(): every open
 * root is asked.
 */
export async function setTheme(page: Page, theme: Theme) {
  await page.evaluate(async (dark) => {
    document.body.classList.toggle('dark', dark);
    document.documentElement.classList.toggle('ion-palette-dark', dark);
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const roots: (Document | ShadowRoot)[] = [document];
    for (const root of roots) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    await frames();
    await Promise.all(
      roots
        .flatMap((root) => root.getAnimations())
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
    await frames();
  }, theme === 'dark');
}

/** The WCAG 2.1 A/AA rules whose outcome depends on the colours: all a second theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What axe finds against WCAG 2.1 A/AA in the page (or inside `include`), one line per rule and element; only its
 * colour rules with `coloursOnly`.
 */
export async function accessibilityViolations(page: Page, include?: string, { coloursOnly = false } = {}): Promise<string[]> {
  let builder = coloursOnly ? new AxeBuilder({ page }).withRules(COLOUR_RULES) : new AxeBuilder({ page }).withTags(WCAG);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

/**
 * No WCAG 2.1 A/AA violation in either theme (the page, or the part `include` names); leaves the page in `end`.
 * The first theme is checked against every rule, the second against the colour rules: names, roles, labels and
 * landmarks are the same in both (the theme is two classes, src/shell/theme.tsx).
 */
export async function expectAccessible(page: Page, where: string, { include, end = 'light' }: { include?: string; end?: Theme } = {}) {
  const themes = [...THEMES].sort((a) => (a === end ? 1 : -1));
  for (const [i, theme] of themes.entries()) {
    await setTheme(page, theme);
    expect(await accessibilityViolations(page, include, { coloursOnly: i > 0 }), `${where}, ${theme} theme`).toEqual([]);
  }
}
