import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E } from './env';
import { expect, screen, test, USERS } from './fixtures';

const CF = 'RSSMRA85T10A562S';
const VAT = '01234567897';
mkdirSync('test-results/shots', { recursive: true });

/** A tiny but valid PDF (header, one object, trailer, %%EOF). */
const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/login', { data: { email, password: E2E.password } });
  const { access_token } = (await res.json()).data as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** A child-offer ref from the real search, for private ('privati') or business ('piva') customers. */
async function offerRef(request: APIRequestContext, headers: Record<string, string>, customerType: 'privati' | 'piva') {
  const res = await request.post('/api/v1/search/offers', { headers, data: { customerType: [customerType], page: 1, items: 18 } });
  expect(res.ok()).toBe(true);
  const cards = (await res.json()).items.data as { ref: string; customerType: string }[];
  const card = cards.find((c) => c.customerType === customerType);
  if (!card) throw new Error(`no ${customerType} offer`);
  return card.ref;
}

const input = (page: Page, testId: string) => screen(page).getByTestId(testId).locator('input');

async function fillPrivate(page: Page, over: Partial<Record<string, string>> = {}) {
  const s = screen(page);
  const v = { first: 'Mario', last: 'Rossi', email: 'mario.rossi@example.it', phone: '3331234567', address: 'Via Roma 1', zip: '20121', city: 'Milano', ...over };
  await s.getByLabel('Nome', { exact: true }).fill(v.first);
  await s.getByLabel('Cognome').fill(v.last);
  await s.getByLabel('Email').fill(v.email);
  await s.getByLabel('Telefono').fill(v.phone);
  await s.getByLabel('Indirizzo').fill(v.address);
  await s.getByLabel('CAP').fill(v.zip);
  await s.getByLabel('Città').fill(v.city);
}

const consent = (page: Page) => screen(page).locator('ion-checkbox').click();

async function answerCreditCheck(page: Page) {
  const s = screen(page).getByTestId('sustainability-step');
  // tempo-indeterminato: trial ended, income, other loans, guarantor, bad payer, over 72 (default No)
  await s.locator('[data-question="trial_period_ended"]').getByRole('button', { name: 'Sì' }).click();
  await s.locator('[data-question="net_monthly_income"] input').fill('2500');
  await s.locator('[data-question="net_monthly_income"]').getByRole('button', { name: 'Ok' }).click();
  await s.locator('[data-question="other_loans"] input').fill('0');
  await s.locator('[data-question="other_loans"]').getByRole('button', { name: 'Ok' }).click();
  await s.locator('[data-question="guarantor"]').getByRole('button', { name: 'No' }).click();
  await s.locator('[data-question="bad_payer"]').getByRole('button', { name: 'No' }).click();
  const over72 = s.locator('[data-question="over_72"]');
  if (await over72.count()) await over72.getByRole('button', { name: 'No' }).click();
  await s.getByTestId('save-sustainability').click();
}

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

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test('a proposal created offline arrives exactly once after reloads', async ({ page, context, loggedIn, request }) => {
    const headers = await apiLogin(request, USERS.full);
    const ref = await offerRef(request, headers, 'privati');
    const email = `offline.${Date.now()}@example.it`;
    await loggedIn(USERS.full);
    await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const s = screen(page);
    await expect(s.getByTestId('quotation-sidebar')).toBeVisible();
    await page.waitForTimeout(1500); // the query persister writes at most once a second

    await input(page, 'fiscal-code-entry').fill('RSSMRA80A01H501U');
    await fillPrivate(page, { email });
    await consent(page);
    await context.setOffline(true);
    await s.getByTestId('next').click();
    await s.getByTestId('confirm').click();
    await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
    await expect(screen(page).getByTestId('pending-banner')).toBeVisible();
    await page.screenshot({ path: 'test-results/shots/quotation-offline-390.png' });
    await page.reload();
    await page.reload();
    await expect(screen(page).getByTestId('pending-banner')).toBeVisible();

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/quotations\/\d+$/, { timeout: 45_000 });
    await expect(screen(page).getByRole('heading', { level: 1, name: /Preventivo #\d{5}/ })).toBeVisible();
    const id = /\/quotations\/(\d+)$/.exec(page.url())![1]!;
    // Exactly once: the proposal before it has a different customer, the one after does not exist.
    const mine = await request.get(`/api/v1/proposals/${id}`, { headers });
    expect((await mine.json()).data.customer.email).toBe(email);
    const next = await request.get(`/api/v1/proposals/${Number(id) + 1}`, { headers });
    expect(next.status()).toBe(404);
  });
});
