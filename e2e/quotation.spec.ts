import { mkdirSync } from 'node:fs';
import { expect, screen, test, USERS } from './fixtures';
import { answerCreditCheck, apiLogin, consent, fillPrivate, input, lookUp, offerCard, offerRef, tinyPdf, apiProposal } from './quotation-steps';

const CF = 'RSSMRA85T10A562S';
const VAT = '01234567897';
mkdirSync('test-results/shots', { recursive: true });

test('private customer: from an offer to an accepted quotation, with documents and the PDF', async ({ page, loggedIn, request }) => {
  // The whole journey, six screens, uploads and the PDF: 50-70 s on a busy 2-CPU CI machine.
  test.setTimeout(120_000);
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'privati');
  await loggedIn(USERS.full);
  await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}`);
  const s = screen(page);
  await expect(s.getByRole('heading', { name: "Crea nuovo preventivo relativo all'offerta visualizzata" })).toBeVisible();
  await expect(s.getByTestId('quotation-sidebar')).toBeVisible();

  // 16 invalid characters: the entry's message; then a valid code looks the customer up.
  await input(page, 'fiscal-code-entry').fill('RSSMRA85T10A562X');
  await expect(s.getByText('Il Codice Fiscale inserito non è valido')).toBeVisible();
  await lookUp(page, 'fiscal-code-entry', CF);
  await fillPrivate(page);
  await consent(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/quotation-customer-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/shots/quotation-customer-1280.png', fullPage: true });
  await s.getByTestId('next').click();

  await expect(s.getByTestId('confirm-step')).toBeVisible();
  await expect(s.getByTestId('customer-summary')).toContainText(CF);
  await s.getByTestId('confirm').click();

  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  const q = screen(page);
  await expect(q.getByRole('heading', { level: 1, name: /Preventivo #\d{5}/ })).toBeVisible();
  await expect(q.getByTestId('pdf-button-wrap')).toHaveAttribute('data-state', 'step');
  const id = /\/quotations\/(\d+)$/.exec(page.url())![1]!;
  const proposal = (await (await request.get(`/api/v1/proposals/${id}`, { headers })).json()).data as { price: number; deposit: number };
  const { step, request: checked } = await answerCreditCheck(page);
  // The check is made for this quotation's offer (its rate and deposit) and its result is shown in the step.
  expect(checked.postDataJSON()).toMatchObject({
    contractualCategory: 'tempo-indeterminato',
    offerData: { monthly_rate: proposal.price, deposit: proposal.deposit },
  });
  await expect(step.locator('.cc-indicator[data-sustainability="2"]')).toContainText('buone probabilità di ottenere il noleggio con questa offerta');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/quotation-sustainability-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/shots/quotation-sustainability-1280.png', fullPage: true });
  await step.getByTestId('save-sustainability').click();

  await expect(q.getByTestId('documents-step')).toBeVisible();
  await expect(q.getByTestId('quotation-code')).toHaveText(/^\d{8}$/);
  // Back to the step: the answers and result saved on the proposal, though the browser forgot its check.
  await page.evaluate(() => localStorage.removeItem('credit-check'));
  await q.getByTestId('documents-step').getByRole('button', { name: 'Indietro' }).click();
  const again = q.getByTestId('sustainability-step');
  await expect(again.locator('.cc-indicator[data-sustainability="2"]')).toContainText('buone probabilità di ottenere il noleggio con questa offerta');
  await expect(again.getByTestId('saved-check')).toHaveCount(0); // shown only until the check answers again
  await again.getByTestId('save-sustainability').click();
  await expect(q.getByTestId('documents-step')).toBeVisible();
  for (const slot of ['identity', 'fiscal_code', 'payslips', 'privacy']) {
    await q.getByTestId(`upload-${slot}`).setInputFiles({ name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(q.locator(`[data-slot="${slot}"]`)).toContainText(`${slot}.pdf`);
  }
  await page.screenshot({ path: 'test-results/shots/quotation-documents-1280.png', fullPage: true });

  // The PDF: ready (possibly after the stream says so), then downloaded.
  await expect(q.getByTestId('pdf-button-wrap')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  const download = page.waitForEvent('download');
  await q.getByTestId('pdf-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Preventivo-\d+\.pdf$/);

  await q.getByTestId('documents-next').click();
  await expect(q.getByTestId('status-label')).toHaveText('In corso');
  await q.getByTestId('accept').click();
  await expect(q.getByTestId('status-label')).toHaveText('Vinto');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/quotation-status-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/shots/quotation-status-1280.png', fullPage: true });
  // Dark theme: the badge keeps light text on a dark background.
  await page.evaluate(() => document.documentElement.classList.add('ion-palette-dark'));
  const badge = await q.getByTestId('status-label').evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
  expect(badge).toEqual({ color: 'rgb(185, 239, 201)', background: 'rgb(23, 61, 37)' });
  await page.screenshot({ path: 'test-results/shots/quotation-status-dark-1280.png', fullPage: true });
});

test('business customer found by VAT number', async ({ page, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'piva');
  // A customer the agent already has (a proposal saved through the API).
  const made = await request.post('/api/v1/proposals', {
    headers,
    data: {
      offer: ref,
      first_name: 'Giulia',
      last_name: 'Neri',
      email: 'giulia@neri.it',
      phone: '3471234567',
      fiscal_code: VAT,
      vat_number: VAT,
      business_name: 'Neri Srl',
      zip_code: '10121',
      address: 'Corso Francia 2',
      city: 'Torino',
      employee_category: 'societa-capitale',
      consent: true,
    },
  });
  expect(made.status()).toBe(201);

  await loggedIn(USERS.full);
  await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}`);
  const s = screen(page);
  await expect(s.getByTestId('vat-entry')).toBeVisible();
  await lookUp(page, 'vat-entry', VAT);
  await expect(s.getByTestId('customer-found')).toBeVisible();
  await expect(s.getByLabel('Ragione sociale')).toHaveValue('Neri Srl');
  await consent(page);
  await s.getByTestId('next').click();
  await expect(s.getByTestId('customer-summary')).toContainText('Neri Srl');
  await s.getByTestId('confirm').click();
  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  await expect(screen(page).getByTestId('quotation-sidebar')).toContainText('Neri');
});

test('the invalid-CAP and incompatible-customer-type alerts', async ({ page, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'privati');
  await loggedIn(USERS.full);
  await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}`);
  const s = screen(page);

  // An invalid CAP: the field message and the spec's closable alert.
  await lookUp(page, 'fiscal-code-entry', CF);
  await fillPrivate(page, { zip: '123' });
  await consent(page);
  await s.getByTestId('next').click();
  await expect(s.getByText('Indicare un CAP valido')).toBeVisible();
  await expect(s.getByTestId('proposal-alert')).toHaveText(/Siamo spiacenti, ma il CAP inserito non sembra essere valido\./);
  await page.screenshot({ path: 'test-results/shots/quotation-cap-390.png' });
  await s.getByTestId('proposal-alert').getByRole('button').click();
  await expect(s.getByTestId('proposal-alert')).toHaveCount(0);

  // A private customer on an offer for VAT holders: the server says the customer type is not compatible.
  const bizRef = await offerRef(request, headers, 'piva');
  await page.goto(`/quotation/?offer=${encodeURIComponent(bizRef)}`);
  const s2 = screen(page);
  await s2.getByTestId('type-privati').click();
  await lookUp(page, 'fiscal-code-entry', 'RSSMRAURTMLARSNL');
  await fillPrivate(page);
  await consent(page);
  await s2.getByTestId('next').click();
  await s2.getByTestId('confirm').click();
  await expect(s2.getByTestId('proposal-alert')).toHaveText(/Clicca qui per tornare all'offerta selezionata/);
  await expect(s2.getByTestId('back-to-offer-link')).toBeVisible();
  await expect(s2.getByTestId('next')).toHaveAttribute('disabled', '');
  await expect(s2.getByLabel('Nome', { exact: true })).toBeDisabled();
  await page.screenshot({ path: 'test-results/shots/quotation-incompatible-1280.png', fullPage: true });
});

test('Salva preventivo: a quote saved from the offer, edited by its code, refused by the server once confirmed', async ({ page, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const card = await offerCard(request, headers, 'privati');
  await loggedIn(USERS.full);

  // Reachable from the offer detail: 'Salva preventivo' opens the quotation start on the simple form.
  await page.goto(`/offers/${encodeURIComponent(card.code)}?duration=${card.duration}&deposit=${card.deposit}&distance=${card.distance}`);
  await screen(page).getByTestId('save-quote').click();
  await expect(page).toHaveURL(/\/quotation\/\?offer=.*&quote=1$/);
  const s = screen(page);
  await expect(s.getByRole('heading', { level: 1, name: 'Salva preventivo' })).toBeVisible();
  await expect(s.getByTestId('quote-form')).toBeVisible();
  await expect(s.getByTestId('quotation-sidebar')).toBeVisible();

  // Nothing filled: the general message and each field's own, then the spec's messages for bad values.
  await s.getByTestId('quote-save').click();
  await expect(s.getByTestId('quote-alert')).toHaveText(/Si sono verificati degli errori, controllare i dati inseriti/);
  await expect(s.locator('[data-field="first_name"]')).toContainText('Questo campo è obbligatorio');
  const form = s.getByTestId('quote-form');
  await form.getByLabel('Nome', { exact: true }).fill('Lucia');
  await form.getByLabel('Cognome').fill('Ferri');
  await form.getByLabel('Email').fill('  lucia.ferri@example.it ');
  await form.getByLabel('Telefono').fill('12');
  await form.getByLabel('Codice Fiscale').fill('rssmra85t10a562x');
  await form.getByLabel('CAP').fill('201');
  await form.getByLabel('Note').fill('Richiamare dopo le 18');
  await s.getByTestId('quote-save').click();
  await expect(s.locator('[data-field="phone"]')).toContainText('Indicare un numero di telefono valido');
  await expect(s.locator('[data-field="zip_code"]')).toContainText('Indicare un CAP valido');
  await expect(s.locator('[data-field="fiscal_code"]')).toContainText('Il codice fiscale indicato non è valido');
  // Occupations of the offer's customer type only (privati), tempo-indeterminato first.
  await expect(form.locator('[data-field="employee_category"] select')).toHaveValue('tempo-indeterminato');
  await expect(form.locator('[data-field="employee_category"] option')).toHaveText(['Dipendente a tempo indeterminato', 'Pensionato']);
  await expect(form.getByLabel('Partita IVA')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/quote-form-errors-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // This agent has the dark theme; a look at the light one too.
  await page.evaluate(() => document.documentElement.classList.remove('ion-palette-dark'));
  await page.screenshot({ path: 'test-results/shots/quote-form-errors-light-1280.png', fullPage: true });
  await page.evaluate(() => document.documentElement.classList.add('ion-palette-dark'));

  await form.getByLabel('Telefono').fill('+39 333 7654321');
  await form.getByLabel('Codice Fiscale').fill('rssmra85t10a562s');
  await form.getByLabel('CAP').fill('20121');
  await page.screenshot({ path: 'test-results/shots/quote-form-1280.png', fullPage: true });
  await s.getByTestId('quote-save').click();

  // Created: to /quotations/{code}, with the success text.
  await expect(page).toHaveURL(/\/quotations\/\d{8}$/);
  const code = /\/quotations\/(\d{8})$/.exec(page.url())![1]!;
  const q = screen(page);
  await expect(q.getByTestId('quote-saved')).toHaveText(`Preventivo salvato con il codice ${code}`);
  await expect(q.getByTestId('quotation-code')).toHaveText(code);
  await expect(q.getByTestId('customer-summary')).toContainText('RSSMRA85T10A562S');
  await expect(q.getByTestId('customer-summary')).toContainText('3337654321'); // +39 stripped
  let saved = (await (await request.get(`/api/v1/proposals/${code}`, { headers })).json()).data;
  expect(saved).toMatchObject({ kind: 'quote', notes: 'Richiamare dopo le 18', customer: { email: 'lucia.ferri@example.it', first_name: 'Lucia' } });

  // Edited by its code (PUT quote/{code}).
  await q.getByTestId('edit-quote').click();
  const edit = q.getByTestId('quote-edit');
  await expect(edit.getByLabel('Cognome')).toHaveValue('Ferri');
  await edit.getByLabel('Cognome').fill('Ferri Bassi');
  await edit.getByLabel('CAP').fill('20122');
  await q.getByTestId('quote-save').click();
  await expect(q.getByTestId('quote-saved')).toHaveText('Preventivo aggiornato');
  await expect(q.getByTestId('customer-summary')).toContainText('Ferri Bassi');
  saved = (await (await request.get(`/api/v1/proposals/${code}`, { headers })).json()).data;
  expect(saved.customer).toMatchObject({ last_name: 'Ferri Bassi', zip_code: '20122' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/quote-saved-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Meanwhile the quote is confirmed elsewhere (its credit check recorded): the server refuses the change and
  // the form shows the server's message.
  await q.getByTestId('edit-quote').click();
  const answers = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };
  const confirmed = await request.put(`/api/v1/proposals/${saved.id}`, {
    headers,
    data: { sustainability: { contractualCategory: 'tempo-indeterminato', answers } },
  });
  expect(confirmed.ok()).toBe(true);
  await q.getByTestId('quote-edit').getByLabel('Nome', { exact: true }).fill('Lucia Maria');
  await q.getByTestId('quote-save').click();
  await expect(q.getByTestId('quote-alert')).toHaveText(/Il preventivo è confermato: i dati del cliente non sono più modificabili/);
  // The page learns it is confirmed: the fields lock and, closed, the form cannot be opened again.
  await expect(q.getByTestId('quote-edit').getByLabel('Nome', { exact: true })).toBeDisabled();
  await page.screenshot({ path: 'test-results/shots/quote-refused-1280.png', fullPage: true });
  await q.getByTestId('quote-cancel').click();
  await expect(q.getByTestId('customer-summary')).toContainText('Lucia');
  await expect(q.getByTestId('edit-quote')).toHaveCount(0);
  saved = (await (await request.get(`/api/v1/proposals/${code}`, { headers })).json()).data;
  expect(saved.customer.first_name).toBe('Lucia');
});

// Offline creation of a proposal, exactly once after reloads: e2e/offline-writes.spec.ts.

test('a lost quotation shows its Italian status and nothing left to accept or reject', async ({ page, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'privati');
  const id = await apiProposal(request, headers, ref, 'Perso');
  expect((await request.put(`/api/v1/quotations/${id}/status`, { headers, data: { status: 'LOST' } })).ok()).toBe(true);

  await loggedIn(USERS.full);
  await page.goto(`/quotations/${id}`);
  const q = screen(page);
  await expect(q.getByTestId('status-label')).toHaveText('Perso');
  await expect(q.getByTestId('status-step').getByRole('button', { name: 'Indietro' })).toBeVisible();
  await expect(q.getByTestId('accept')).toHaveCount(0);
  await expect(q.getByTestId('reject')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/shots/quotation-lost-1280.png', fullPage: true });
});
