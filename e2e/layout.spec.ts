import type { Page } from '@playwright/test';
import { expect, screen, test, USERS } from './fixtures';

// Issue 20: on a phone the floating buttons (assistants, credit check) covered the Km annui and Anticipo
// values of the cards, the last Home entry and prices. Whatever the scroll, nothing interactive and no
// price may lie under one: what is under each button is asked of the browser's own hit testing
// (elementsFromPoint honours scrolling and clipping) on a grid of points over the button.

const INTERACTIVE =
  'a, button, input, select, textarea, [role="button"], [role="link"], [role="tab"], ion-button, ion-toggle, ion-checkbox, ion-select, ion-input, ion-card[button]';
const PRICE = '.offer-card-price, .offer-card-terms, [data-testid="monthly-rate"], .od-price, .od-price-bar';

async function coveredByFabs(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ interactive, price }) => {
      const found: string[] = [];
      for (const fab of document.querySelectorAll<HTMLElement>('.icon-button.fab')) {
        const r = fab.getBoundingClientRect();
        if (r.width === 0) continue;
        for (let i = 0; i <= 4; i++) {
          for (let j = 0; j <= 4; j++) {
            const x = r.left + (r.width * i) / 4;
            const y = r.top + (r.height * j) / 4;
            for (const el of document.elementsFromPoint(Math.min(x, innerWidth - 1), Math.min(y, innerHeight - 1))) {
              if (fab.contains(el) || el.contains(fab) || el.closest('.assistant-host')) continue;
              const hit = el.closest(interactive) ?? el.closest(price);
              if (hit)
                found.push(
                  `${fab.getAttribute('aria-label')} over <${hit.tagName.toLowerCase()} class="${hit.className}">${(hit.textContent ?? '').trim().slice(0, 40)}`,
                );
            }
          }
        }
      }
      return [...new Set(found)];
    },
    { interactive: INTERACTIVE, price: PRICE },
  );
}

/** Scrolls the visible page from top to bottom, checking at each step. */
async function expectNothingUnderFabs(page: Page, where: string) {
  await expect(page.locator('.icon-button.fab').first()).toBeVisible();
  const content = screen(page).locator('ion-content');
  const height = await content.evaluate(async (el: HTMLElement & { getScrollElement(): Promise<HTMLElement> }) => (await el.getScrollElement()).scrollHeight);
  for (let y = 0; y <= height; y += 300) {
    await content.evaluate((el: HTMLElement & { scrollToPoint(x: number, y: number): Promise<void> }, top) => el.scrollToPoint(0, top), y);
    await page.waitForTimeout(50); // one frame for the scroll to paint
    expect(await coveredByFabs(page), `${where}, scrolled to ${y}`).toEqual([]);
  }
}

test.use({ viewport: { width: 390, height: 844 } });

test('no floating button covers a control or a price on Home, /offers and an offer detail at 390 px', async ({ page, loggedIn }) => {
  // Giulia has the three buttons: credit check, FAQ assistant and personal assistant.
  await loggedIn(USERS.full);
  await expect(page.getByTestId('assistant-personal')).toBeVisible();
  await expectNothingUnderFabs(page, 'Home');

  await page.goto('/offers');
  await expect(screen(page).getByTestId('offer-card').first()).toBeVisible();
  // The first card starts above the fold (issue 20).
  const first = await screen(page).getByTestId('offer-card').first().boundingBox();
  expect(first!.y).toBeLessThan(844 / 2);
  await expectNothingUnderFabs(page, '/offers');

  await screen(page).getByTestId('offer-card').first().click();
  await expect(screen(page).getByTestId('monthly-rate')).toBeVisible();
  // The sticky price bar stays small on a phone.
  expect((await screen(page).getByTestId('price-bar').boundingBox())!.height).toBeLessThanOrEqual(110);
  await expectNothingUnderFabs(page, 'offer detail');
});
