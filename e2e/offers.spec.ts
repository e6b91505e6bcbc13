import type { Page } from '@playwright/test';
import { test, expect, loginAs, USERS } from './fixtures';

const EMPTY = 'Oops, al momento non abbiamo risultati per la tua ricerca. Prova a modificare o a cancellare i filtri selezionati.';

const option = (page: Page, section: string, label: string) => page.locator(`[data-section="${section}"] ion-checkbox`, { hasText: label });
const cards = (page: Page) => page.getByTestId('offer-card');
const count = (page: Page) => page.locator('.results-count');
const chips = (page: Page) => page.getByTestId('filter-chips').locator('.chip');

async function openOffers(page: Page, query = '') {
  await loginAs(page, USERS.full);
  await expect(page.getByTestId('top-user')).toBeVisible();
  await page.goto(`/offers${query}`);
  await expect(count(page)).toContainText(/Auto Trovat[ae]/);
}

const prices = async (page: Page) =>
  (await page.locator('.offer-card-price strong').allTextContents()).map((t) => Number(t.replace('€ al mese', '').replace(/\./g, '').replace(',', '.')));

test('filters by brand, fuel and monthly rate; the address keeps them; chips remove them', async ({ page }) => {
  await openOffers(page);
  await expect(page.getByRole('link', { name: 'Offerte' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const all = await count(page).textContent();

  await option(page, 'brands', 'Fiat').click();
  await expect(page).toHaveURL(/brands=fiat/);
  await option(page, 'fuels', 'Ibrida').first().click();
  await expect(page).toHaveURL(/fuels=ibrida/);
  await page.getByTestId('monthly_rates-from').locator('input').fill('200');
  await page.getByTestId('monthly_rates-to').locator('input').fill('600');
  await expect(page).toHaveURL(/monthly_rates=200,600/);
  await expect(count(page)).not.toHaveText(all ?? '');
  await expect(cards(page).first()).toBeVisible();
  // The brand and fuel answer may still be on screen while the rate's search runs: wait for the last one.
  await expect.poll(async () => (await prices(page)).every((p) => p >= 200 && p <= 600)).toBe(true);
  for (const title of await page.locator('.offer-card-title').allTextContents()) expect(title).toMatch(/^Fiat /);
  const filtered = await count(page).textContent();
  await expect(cards(page).first()).toHaveAttribute('href', /^\/offers\/OF\d+\?duration=\d+&deposit=\d+&distance=\d+(&bundle=.+)?$/);
  await page.screenshot({ path: 'test-results/shots/offers-filtered-1280.png', fullPage: false });

  await page.reload();
  await expect(page).toHaveURL(/brands=fiat/);
  await expect(count(page)).toHaveText(filtered ?? '');
  await expect(chips(page)).toHaveCount(3);
  await expect(chips(page).filter({ hasText: 'Canone mensile' })).toContainText('200 € - 600 €');
  await expect(page.getByTestId('monthly_rates-from').locator('input')).toHaveValue('200');

  await chips(page).filter({ hasText: 'Ibrida' }).click();
  await expect(page).not.toHaveURL(/fuels=/);
  await expect(chips(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Rimuovi tutti' }).click();
  await expect(chips(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/offers$/);
  await expect(count(page)).toHaveText(all ?? '');
});

test('sorts and pages forward and back', async ({ page }) => {
  await openOffers(page);
  await expect(cards(page)).toHaveCount(18);
  const cheapest = await prices(page);
  expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));

  await page.getByLabel('Ordina per').selectOption({ label: 'Prezzo decrescente' });
  await expect(page).toHaveURL(/sort=price-down/);
  // The previous cards stay on screen (dimmed) until the new answer arrives.
  await expect(page.locator('.offer-grid')).toHaveAttribute('aria-busy', 'false');
  await expect(cards(page)).toHaveCount(18);
  const dearest = await prices(page);
  expect(dearest).toEqual([...dearest].sort((a, b) => b - a));
  expect(dearest[0]!).toBeGreaterThan(cheapest[0]!);

  const firstOnPage1 = await cards(page).first().getAttribute('href');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator('.pagination-status')).toContainText('Pagina 2 di');
  // As after sorting: page 1's cards stay on screen (dimmed) until page 2's answer arrives.
  await expect(page.locator('.offer-grid')).toHaveAttribute('aria-busy', 'false');
  await expect(cards(page)).toHaveCount(18);
  expect(await cards(page).first().getAttribute('href')).not.toBe(firstOnPage1);
  await page.getByRole('button', { name: 'Indietro' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards(page).first()).toHaveAttribute('href', firstOnPage1 ?? '');
});

// A reopened app shows the answer it kept and asks the server again: the cards stay as they are (not dimmed,
// not drawn again) while that refresh runs; a new search dims them until its own answer (docs/adr/0152-offers-screen-address-and-busy-state.md).
test('reopened, the kept cards stay while they are refreshed; a new search dims them until its answer', async ({ page, context }) => {
  await openOffers(page);
  await expect(cards(page)).toHaveCount(18);
  const kept = await cards(page).first().getAttribute('href');
  // The real server answers each search only when the test lets it (a slow network, without a race against
  // the clock: a fixed delay of 1.5 s, then 4 s, ran out before the checks on a slow, busy machine).
  const held: (() => void)[] = [];
  let answered = 0;
  await context.route('**/api/v1/search/offers', async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
    answered++;
  });
  const answerAll = () => held.splice(0).forEach((answer) => answer());
  const grid = page.locator('.offer-grid');
  const refresh = page.waitForRequest('**/api/v1/search/offers');
  await page.reload();
  await refresh;
  await expect(cards(page).first()).toHaveAttribute('href', kept ?? '');
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  expect(answered, 'checked while the refresh was still on its way').toBe(0);

  answerAll();
  await expect.poll(() => answered).toBe(1);
  await page.getByLabel('Ordina per').selectOption({ label: 'Prezzo decrescente' });
  await expect(grid).toHaveAttribute('aria-busy', 'true');
  expect(answered).toBe(1);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  answerAll();
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  const dearest = await prices(page);
  expect(dearest).toEqual([...dearest].sort((a, b) => b - a));
});

// While the first answer is on its way the grid shows still skeletons: a shimmer of their background was
// an animation only the main thread runs, a style recalculation and a paint at every frame (docs/adr/0167-offer-cards-drawn-in-rows.md).
test('while the first answer is on its way, the skeletons stand still: nothing animates on the main thread', async ({ page, context }) => {
  await loginAs(page, USERS.full);
  await expect(page.getByTestId('top-user')).toBeVisible();
  const held: (() => void)[] = [];
  await context.route('**/api/v1/search/offers', async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  await page.goto('/offers');
  await expect(page.locator('.offer-card--skeleton').first()).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName ?? 'transition'))).toEqual([]);
  held.splice(0).forEach((answer) => answer());
  await expect(cards(page).first()).toBeVisible();
  await expect(page.locator('.offer-card--skeleton')).toHaveCount(0);
});

test('a pasted link with no match shows the empty message', async ({ page }) => {
  await openOffers(page, '?brands=tesla&fuels=diesel');
  await expect(page.getByText(EMPTY, { exact: true })).toBeVisible();
  await expect(count(page)).toHaveText('0 Auto Trovate');
  await expect(cards(page)).toHaveCount(0);
});

test('on a phone the filters open in the "Filtra le offerte" drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openOffers(page);
  await expect(page.locator('.offers-filters')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/offers-390.png' });
  // The cards past the second are drawn as the agent scrolls towards them (or once the start is over).
  await cards(page).nth(1).scrollIntoViewIfNeeded();
  await page.locator('.offer-grid > *').last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(18);
  await expect(page.locator('.offer-card--pending')).toHaveCount(0);
  await cards(page).first().scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: /^Filtra/ }).click();
  const drawer = page.locator('ion-modal.filters-drawer');
  await expect(drawer.getByText('Filtra le offerte')).toBeVisible();
  const box = await drawer.locator('.modal-wrapper').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(400);
  await drawer.locator('[data-section="brands"] ion-checkbox', { hasText: 'Jeep' }).click();
  await expect(page).toHaveURL(/brands=jeep/);
  await page.screenshot({ path: 'test-results/shots/offers-drawer-390.png' });
  await drawer.getByRole('button', { name: /^Mostra .* risultati$/ }).click();
  await expect(drawer).toBeHidden();
  await expect(chips(page)).toHaveCount(1);
  for (const title of await page.locator('.offer-card-title').allTextContents()) expect(title).toMatch(/^Jeep /);
  await page.screenshot({ path: 'test-results/shots/offers-filtered-390.png', fullPage: true });
});

test('desktop layout: filter column, three cards per row, banners', async ({ page }) => {
  await openOffers(page);
  await expect(page.locator('.offers-filters')).toBeVisible();
  await expect(page.getByText('Non trovi l’auto che cerchi?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Richiedi un’offerta' })).toHaveAttribute('href', '/offer/request');
  await expect(page.getByText('Quanto vale l’auto del tuo cliente?')).toBeVisible();
  const tops = await cards(page).evaluateAll((els) => els.slice(0, 4).map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops[0]).toBe(tops[1]);
  expect(tops[1]).toBe(tops[2]);
  expect(tops[3]).toBeGreaterThan(tops[0]!);
  await page.screenshot({ path: 'test-results/shots/offers-1280.png' });
});
