import { mkdirSync } from 'node:fs';
import { expect, screen, test, USERS } from './fixtures';
import { answerCreditCheck, apiLogin, consent, fillPrivate, input, offerRef, tinyPdf } from './quotation-steps';

const CF = 'RSSMRA85T10A562S';
const VAT = '01234567897';
mkdirSync('test-results/shots', { recursive: true });

test('private customer: from an offer to an accepted quotation, with documents and the PDF', async ({ page, loggedIn, request }) => {
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
  await input(page, 'fiscal-code-entry').fill(CF);
  await expect(s.getByTestId('customer-not-found').or(s.getByTestId('customer-found'))).toBeVisible();
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
  await answerCreditCheck(page);

  await expect(q.getByTestId('documents-step')).toBeVisible();
  await expect(q.getByTestId('quotation-code')).toHaveText(/^\d{8}$/);
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
  await expect(q.getByTestId('status-label')).toHaveText('in progress');
  await q.getByTestId('accept').click();
  await expect(q.getByTestId('status-label')).toHaveText('approved');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/quotation-status-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/shots/quotation-status-1280.png', fullPage: true });
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
  await input(page, 'vat-entry').fill(VAT);
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
  await input(page, 'fiscal-code-entry').fill(CF);
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
  await input(page, 'fiscal-code-entry').fill('RSSMRAURTMLARSNL');
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
