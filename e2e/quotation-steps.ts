import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E } from './env';
import { isValidCodiceFiscale } from '../core/validation/codice-fiscale';
import { appFilesMissing, cacheSavedOnDevice } from './device';
import { expect, screen } from './fixtures';

// Steps of the quotation wizard shared by the quotation and offline-write specs.

/** A tiny but valid PDF: one blank page. */
export const tinyPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

export async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/login', { data: { email, password: E2E.password } });
  const { access_token } = (await res.json()).data as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

export type Card = { ref: string; code: string; customerType: string; duration: number; deposit: number; distance: number };

/** An offer card from the real search, for private ('privati') or business ('piva') customers. */
export async function offerCard(request: APIRequestContext, headers: Record<string, string>, customerType: 'privati' | 'piva'): Promise<Card> {
  const res = await request.post('/api/v1/search/offers', { headers, data: { customerType: [customerType], page: 1, items: 18 } });
  expect(res.ok()).toBe(true);
  const cards = (await res.json()).items.data as Card[];
  const card = cards.find((c) => c.customerType === customerType);
  if (!card) throw new Error(`no ${customerType} offer`);
  return card;
}

/** A child-offer ref from the real search. */
export const offerRef = async (request: APIRequestContext, headers: Record<string, string>, customerType: 'privati' | 'piva') =>
  (await offerCard(request, headers, customerType)).ref;

export const input = (page: Page, testId: string) => screen(page).getByTestId(testId).locator('input');

/**
 * Types a fiscal code (or a VAT number) in the customer step and waits for its lookup: the customer found, or
 * the modal of a failed lookup (spec §8), which is closed. Offline, the lookup fails: the modal too.
 */
export async function lookUp(page: Page, testId: 'fiscal-code-entry' | 'vat-entry', value: string) {
  await input(page, testId).fill(value);
  await expect(page.getByTestId('customer-found').or(notFoundDialog(page))).toBeVisible();
  if (await notFoundDialog(page).isVisible()) await closeNotFound(page);
}

/** The spec's modal of a failed lookup (§8): it covers the step, whose locators reach it again once it is closed. */
const notFoundDialog = (page: Page) => page.getByTestId('confirm-dialog').filter({ hasText: 'Nessun cliente trovato' });

/** Waits for the failed lookup's modal (a code typed, or read from the tessera) and closes it with 'Ho capito'. */
export async function closeNotFound(page: Page, timeout?: number) {
  await expect(notFoundDialog(page)).toBeVisible({ timeout });
  await notFoundDialog(page).getByRole('button', { name: 'Ho capito' }).click();
  await expect(notFoundDialog(page)).toHaveCount(0);
}

export async function fillPrivate(page: Page, over: Partial<Record<string, string>> = {}) {
  const s = screen(page);
  const v = {
    first: 'Mario',
    last: 'Rossi',
    email: 'mario.rossi@example.it',
    phone: '3331234567',
    address: 'Via Roma 1',
    zip: '20121',
    city: 'Milano',
    ...over,
  };
  await s.getByLabel('Nome', { exact: true }).fill(v.first);
  await s.getByLabel('Cognome').fill(v.last);
  await s.getByLabel('Email').fill(v.email);
  await s.getByLabel('Telefono').fill(v.phone);
  await s.getByLabel('Indirizzo').fill(v.address);
  await s.getByLabel('CAP').fill(v.zip);
  await s.getByLabel('Città').fill(v.city);
}

export const consent = (page: Page) => screen(page).locator('[data-field="consent"] input').check();

/**
 * The sustainability step is the single-offer credit check (src/credit-check/offer-panel.tsx): the
 * customer's answers in its modal (category fixed to the customer's), then its result for this offer.
 */
export async function answerCreditCheck(page: Page, income = '10000') {
  const s = screen(page).getByTestId('sustainability-step');
  await expect(s.getByRole('heading', { name: 'Sostenibilità', exact: true })).toBeVisible();
  await expect(s.getByText('Verifica la sostenibilità di questa offerta per il tuo cliente.')).toBeVisible();
  await expect(s.getByTestId('save-sustainability')).toBeDisabled(); // nothing answered yet
  await s.getByRole('button', { name: 'Verifica sostenibilità' }).click();
  const m = page.locator('ion-modal.cc-modal');
  await expect(m).toBeVisible();
  // The customer's category, not changeable here.
  await expect(m.locator('ion-select.cc-category')).toHaveJSProperty('value', 'tempo-indeterminato');
  await expect(m.locator('ion-select.cc-category')).toHaveJSProperty('disabled', true);
  const q = (key: string) => m.locator(`[data-question="${key}"]`);
  // tempo-indeterminato: trial ended, income, other loans, guarantor, bad payer, over 72 (default No)
  await q('trial_period_ended').getByRole('button', { name: 'Sì', exact: true }).click();
  await q('net_monthly_income').locator('input').fill(income);
  await q('net_monthly_income').getByRole('button', { name: 'Ok' }).click();
  await q('other_loans').locator('input').fill('0');
  await q('other_loans').getByRole('button', { name: 'Ok' }).click();
  await q('guarantor').getByRole('button', { name: 'No', exact: true }).click();
  await q('bad_payer').getByRole('button', { name: 'No', exact: true }).click();
  await expect(q('over_72').getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const checked = page.waitForRequest((r) => r.url().endsWith('/prescoring/offer-check') && r.method() === 'POST');
  await m.getByRole('button', { name: 'Calcola' }).click();
  await expect(m).toBeHidden();
  return { step: s, request: await checked };
}

/** A valid codice fiscale no other test uses, so a test's customer (found by code) is its own. */
export function uniqueFiscalCode(): string {
  const place = `H${String(100 + Math.floor(Math.random() * 900))}`;
  const prefix = `VRDLGU${String(50 + Math.floor(Math.random() * 40))}A${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}${place}`;
  for (let c = 65; c < 91; c++) if (isValidCodiceFiscale(prefix + String.fromCharCode(c))) return prefix + String.fromCharCode(c);
  throw new Error('no check character');
}

/** Fills 'Salva preventivo' for a customer with this fiscal code (the other fields valid and fixed). */
export async function fillQuoteForm(form: Locator, fiscalCode: string) {
  await form.getByLabel('Nome', { exact: true }).fill('Lucia');
  await form.getByLabel('Cognome').fill('Ferri');
  await form.getByLabel('Email').fill('lucia.ferri@example.it');
  await form.getByLabel('Telefono').fill('3337654321');
  await form.getByLabel('Codice Fiscale').fill(fiscalCode);
  await form.getByLabel('CAP').fill('20121');
}

/** A proposal for a new private customer, saved through the API (`last_name` tells the tests' customers apart); its id. */
export async function apiProposal(
  request: APIRequestContext,
  headers: Record<string, string>,
  ref: string,
  lastName: string,
  /** The credit check's answers: with them the proposal's PDF is made at once. */
  answers?: Record<string, unknown>,
): Promise<number> {
  const made = await request.post('/api/v1/proposals', {
    headers,
    data: {
      offer: ref,
      first_name: 'Anna',
      last_name: lastName,
      email: `anna@${lastName.toLowerCase()}.it`,
      phone: '3471234567',
      fiscal_code: uniqueFiscalCode(),
      zip_code: '10121',
      address: 'Via Roma 1',
      city: 'Torino',
      employee_category: 'tempo-indeterminato',
      consent: true,
      ...(answers ? { sustainability: { contractualCategory: 'tempo-indeterminato', answers } } : {}),
    },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()).data as { id: number }).id;
}

/** Opens the wizard for an offer with the app shell and the offer's data cached for offline use. */
export async function openWizard(page: Page, ref: string) {
  await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Every screen's files are on the device (the worker fetches them after its first install).
  await expect.poll(() => appFilesMissing(page), { timeout: 60_000 }).toBe(0);
  await page.reload();
  await expect(screen(page).getByTestId('quotation-sidebar')).toBeVisible();
  await cacheSavedOnDevice(page);
}
