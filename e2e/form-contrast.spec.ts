import { expectAccessible, setTheme } from './accessibility';
import { expect, loginAs, screen, test, USERS } from './fixtures';

// In the catalogue offer form the typed values (Canone, Anticipo, reference code…) were once drawn in
// placeholder grey in both themes, and in the dark theme the variation rows' labels were barely readable.
// The form and its variation rows, typed values included, are held to WCAG 2.1 AA (axe-core) in both
// themes while they are being filled in; e2e/accessibility.spec.ts holds every screen at rest.

test('the catalogue offer form and its variation rows are accessible in both themes, typed values included', async ({ page }) => {
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
  await expectAccessible(page, 'new catalogue offer', { include: '.ion-page:not(.ion-page-hidden) .app-content' });

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
  await expectAccessible(page, 'variation being edited', { include: '.ion-page:not(.ion-page-hidden) .app-content' });
  await row.getByTestId('variation-save').click();
  await expect(s.getByTestId('variation-row').first()).toBeVisible();
  await expectAccessible(page, 'catalogue offer with its variations', { include: '.ion-page:not(.ion-page-hidden) .app-content' });
  await setTheme(page, 'dark');
  await page.screenshot({ path: 'test-results/shots/catalog-edit-dark-1280.png', fullPage: true });
});
