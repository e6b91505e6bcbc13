import { expect, screen, test, USERS } from './fixtures';

// The manual offer (docs/adr/0135-requests-for-unlisted-cars.md; account spec §2 "Manual offer form", embedded in the quotation
// flow) is reachable from a quotation start, and what it sends is followed through: the request is in
// the agent's requests, its page shows what was sent, and the list leads back to it.

test('from a quotation start, a car not in the offers is requested and followed to its page', async ({ page, loggedIn }) => {
  test.setTimeout(90_000);
  await loggedIn(USERS.full);
  await page.goto('/offers');
  await screen(page).getByTestId('offer-card').first().click();
  await expect(screen(page).getByTestId('monthly-rate')).toBeVisible();
  await screen(page).getByTestId('create-quote').click();
  await expect(page).toHaveURL(/\/quotation\/\?/);
  let s = screen(page);

  // The quotation start offers it, closed, beside the customer form.
  const entry = s.getByTestId('manual-offer-entry');
  await expect(entry).toContainText('L’auto non è tra le offerte?');
  await entry.getByTestId('open-manual-offer').click();
  const form = s.getByTestId('manual-offer-form');
  await expect(form).toBeVisible();

  // Required fields first: the spec's messages.
  await form.getByLabel('Tipo di veicolo').selectOption({ label: 'Veicolo commerciale' });
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await expect(form.getByText('Questo campo è obbligatorio').first()).toBeVisible();

  const model = `Daily ${Date.now() % 100000}`;
  await form.getByLabel('Marca').fill('Iveco');
  await form.getByLabel('Modello').fill(model);
  await form.getByLabel('Versione').fill('35S14 Furgone passo lungo');
  await form.getByLabel('Durata (mesi)').fill('48');
  await form.getByLabel('Km/anno').fill('30000');
  await form.getByLabel('Anticipo (€)').fill('2500');
  await form.getByLabel('Note').fill('Serve entro marzo, allestimento frigo.');
  await form.getByRole('button', { name: 'Invia richiesta' }).click();
  await expect(form.getByRole('status')).toContainText('Richiesta inviata');
  await expect(s.getByTestId('manual-offer-next')).toContainText('quando l’offerta è pronta');

  // Its page: what was sent, formatted, and its state.
  await s.getByTestId('manual-offer-next').getByRole('link', { name: 'Vedi la richiesta' }).click();
  await expect(page).toHaveURL(/\/offer\/request\/\d+$/);
  const detailUrl = page.url();
  s = screen(page);
  await expect(s.getByRole('heading', { name: `Iveco ${model}` })).toBeVisible();
  await expect(s.getByTestId('offer-request-status')).toHaveText('Ricevuta');
  const detail = s.getByTestId('offer-request-detail');
  await expect(detail).toContainText('Veicolo commerciale');
  await expect(detail).toContainText('35S14 Furgone passo lungo');
  await expect(detail).toContainText('48 mesi');
  await expect(detail).toContainText('30.000 km');
  await expect(detail).toContainText(/2\.500\s€/);
  await expect(detail).toContainText('Serve entro marzo, allestimento frigo.');
  await page.screenshot({ path: 'test-results/shots/offer-request-detail-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/offer-request-detail-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list of the agent's requests has it, and leads back to the same page.
  await s.getByRole('link', { name: /Le tue richieste/ }).click();
  await expect(page).toHaveURL(/\/offer\/request$/);
  s = screen(page);
  const row = s.getByTestId('offer-request').filter({ hasText: model });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ricevuta');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(detailUrl);
});
