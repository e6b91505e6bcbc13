import type { Page } from '@playwright/test';
import { type ContrastFailure, lowContrastIn, setTheme } from './contrast';
import { expect, loginAs, screen, test, USERS } from './fixtures';

// Issue 20: in the catalogue offer form the typed values (Canone, Anticipo, reference code…) were drawn
// in placeholder grey in both themes, and in the dark theme the variation rows' labels were barely
// readable. Every text of the form and of the variation rows, typed values included, must reach
// WCAG's 4.5:1 in both themes (e2e/contrast.ts). e2e/screens.spec.ts holds every other screen's forms
// to the same rule.

const describe = (list: ContrastFailure[]) => list.map((f) => `'${f.text}' ${f.ratio}:1 (${f.color} on ${f.background}, ${f.where})`);

async function expectReadable(page: Page, scope: string, where: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    expect(describe(await lowContrastIn(page, scope)), `${where}, ${theme} theme`).toEqual([]);
  }
}

test('the catalogue offer form and its variation rows are readable in both themes, typed values included', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, USERS.full);
  await expect(page.getByTestId('top-user')).toBeVisible({ timeout: 30_000 });
  await page.goto('/catalog/new');
  let s = screen(page);
  await expect(s.getByRole('heading', { name: 'Nuova offerta di catalogo' })).toBeVisible();
  await s.getByRole('option', { name: 'Fiat' }).click();
  await s.getByTestId('model-select').selectOption({ label: 'Panda' });
  await s
    .getByRole('button', { name: /Pandina/ })
    .first()
    .click();
  await s.getByLabel('Provider', { exact: true }).selectOption({ label: 'Aurora Rent' });
  await s.getByLabel('Prodotto', { exact: true }).selectOption({ label: 'Aurora Rent Privati Tutto Incluso' });
  await s.getByLabel('Canone mensile (€)').fill('299');
  await s.getByLabel('Anticipo (€)').fill('1000');
  await s.getByLabel('Codice di riferimento (targa o identificativo)').fill('GX123AB');
  await s.getByLabel('Margine dell’offerta (€)').fill('1200');
  await expect(s.getByLabel('Canone mensile (€)')).toHaveValue('299');
  await expectReadable(page, '.ion-page:not(.ion-page-hidden) .app-content', 'new catalogue offer');

  await s.getByTestId('catalog-save').click();
  await expect(page).toHaveURL(/\/catalog\/CT[0-9A-F]+\/edit$/);
  s = screen(page);
  await expect(s.getByTestId('offer-status')).toContainText('Bozza');
  await s.getByTestId('variation-add').click();
  const row = s.getByTestId('variation-edit');
  await row.getByLabel('Anticipo').fill('2000');
  await row.getByLabel('Km/anno').fill('20000');
  await row.getByLabel('Durata').fill('48');
  await row.getByLabel('Canone', { exact: true }).fill('279');
  // The row being edited, with its typed values.
  await expectReadable(page, '.ion-page:not(.ion-page-hidden) .app-content', 'variation being edited');
  await row.getByTestId('variation-save').click();
  await expect(s.getByTestId('variation-row').first()).toBeVisible();
  await expectReadable(page, '.ion-page:not(.ion-page-hidden) .app-content', 'catalogue offer with its variations');
  await setTheme(page, 'dark');
  await page.screenshot({ path: 'test-results/shots/catalog-edit-dark-1280.png', fullPage: true });
});
