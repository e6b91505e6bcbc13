import type { APIRequestContext, Page } from '@playwright/test';
import { appFilesMissing, cacheSavedOnDevice, deviceRecords, expireAccessToken } from './device';
import { expect, loginAs, screen, test, USERS } from './fixtures';
import { answerCreditCheck, apiLogin, consent, fillPrivate, lookUp, offerRef, openWizard, tinyPdf, uniqueFiscalCode, fillQuoteForm } from './quotation-steps';

// Writes made with the network cut (docs/adr/0154-outbox-write-path-and-retry-rules.md): kept on the device, replayed once the server can be reached,
// exactly once, whatever happened to the session or to the data in the meantime.

test.use({ serviceWorkers: 'allow' });

/** A day from now, as a date (the server counts days in Italian time, which may be a day ahead of UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** How many saved quotations of the agent around today are for a customer (each test has its own codice fiscale). */
async function quotationsFor(request: APIRequestContext, headers: Record<string, string>, fiscalCode: string) {
  const res = await request.post('/api/v1/quotations', { headers, data: { fiscal_code: fiscalCode, startDate: dayFromNow(-1), endDate: dayFromNow(1) } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

/**
 * As the full demo agent, opens the wizard for `offer` (a private-customer one by default; cached for offline use), fills in
 * a new customer with a codice fiscale of this test's own and confirms it with the network cut: the
 * proposal waits in the outbox.
 */
async function proposeOffline(page: Page, request: APIRequestContext, loggedIn: (email: string) => Promise<void>, offer?: string) {
  const headers = await apiLogin(request, USERS.full);
  const ref = offer ?? (await offerRef(request, headers, 'privati'));
  const cf = uniqueFiscalCode();
  await loggedIn(USERS.full);
  await openWizard(page, ref);
  const s = screen(page);
  await lookUp(page, 'fiscal-code-entry', cf);
  await fillPrivate(page);
  await consent(page);
  await page.context().setOffline(true);
  await s.getByTestId('next').click();
  await s.getByTestId('confirm').click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
  await expect(screen(page).getByTestId('pending-banner')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  return { headers, cf };
}

test('a proposal created offline arrives exactly once after reloads', async ({ page, context, loggedIn, request }) => {
  const { headers, cf } = await proposeOffline(page, request, loggedIn);
  await page.screenshot({ path: 'test-results/shots/quotation-offline-1280.png' });
  await page.reload();
  await page.reload();
  await expect(screen(page).getByTestId('pending-banner')).toBeVisible();
  expect(await quotationsFor(request, headers, cf)).toBe(0);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/quotations\/\d+$/, { timeout: 45_000 });
  await expect(screen(page).getByRole('heading', { level: 1, name: /Preventivo #\d{5}/ })).toBeVisible();
  const id = /\/quotations\/(\d+)$/.exec(page.url())![1]!;
  const mine = await request.get(`/api/v1/proposals/${id}`, { headers });
  expect((await mine.json()).data.customer.fiscal_code).toBe(cf);
  expect(await quotationsFor(request, headers, cf)).toBe(1);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
});

test('a quote saved offline (Salva preventivo) arrives exactly once after reloads', async ({ page, context, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'privati');
  const cf = uniqueFiscalCode();
  await loggedIn(USERS.full);
  await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}&quote=1`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Every screen's files are on the device (the worker fetches them after its first install).
  await expect.poll(() => appFilesMissing(page), { timeout: 60_000 }).toBe(0);
  await page.reload();
  const form = screen(page).getByTestId('quote-form');
  await expect(form).toBeVisible();
  await cacheSavedOnDevice(page);
  await fillQuoteForm(form, cf);

  await context.setOffline(true);
  await screen(page).getByTestId('quote-save').click();
  await expect(page).toHaveURL(/\/quotations\/[0-9a-f-]{36}$/);
  await expect(screen(page).getByTestId('pending-banner')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  await page.reload();
  await page.reload();
  await expect(screen(page).getByTestId('pending-banner')).toBeVisible();
  expect(await quotationsFor(request, headers, cf)).toBe(0);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/quotations\/\d{8}$/, { timeout: 45_000 });
  expect(await quotationsFor(request, headers, cf)).toBe(1);
  const code = /\/quotations\/(\d{8})$/.exec(page.url())![1]!;
  const saved = (await (await request.get(`/api/v1/proposals/${code}`, { headers })).json()).data as { kind: string; customer: { fiscal_code: string } };
  expect(saved).toMatchObject({ kind: 'quote', customer: { fiscal_code: cf } });
});

test('a document uploaded offline is kept across reloads and arrives once', async ({ page, context, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'privati');
  await loggedIn(USERS.full);
  await openWizard(page, ref);
  const s = screen(page);
  await lookUp(page, 'fiscal-code-entry', uniqueFiscalCode());
  await fillPrivate(page);
  await consent(page);
  await s.getByTestId('next').click();
  await s.getByTestId('confirm').click();
  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  const id = /\/quotations\/(\d+)$/.exec(page.url())![1]!;
  const { step } = await answerCreditCheck(page);
  await step.getByTestId('save-sustainability').click();
  const q = screen(page);
  await expect(q.getByTestId('documents-step')).toBeVisible();
  await cacheSavedOnDevice(page); // the documents step opens offline

  await context.setOffline(true);
  await q.getByTestId('upload-identity').setInputFiles({ name: 'carta-identita.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await expect(q.locator('[data-slot="identity"]')).toContainText('carta-identita.pdf');
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  await page.reload();
  await page.reload();
  await expect(page.getByTestId('pending-count')).toHaveText('1'); // the file waits on the device (a Blob in IndexedDB)
  // Still in its slot after the reloads, marked as waiting to be sent (read from the outbox itself).
  const waiting = q.locator('[data-slot="identity"]').getByTestId('document-waiting');
  await expect(waiting).toContainText('carta-identita.pdf');
  await expect(waiting).toContainText('In attesa di invio');
  await expect(waiting).toHaveAttribute('data-state', 'waiting');
  await q.locator('[data-slot="identity"]').screenshot({ path: 'test-results/shots/offline-document-waiting-1280.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 45_000 });
  await expect(q.locator('[data-slot="identity"]').getByTestId('document-waiting')).toHaveCount(0);
  const proposal = (await (await request.get(`/api/v1/proposals/${id}`, { headers })).json()).data as {
    quotation: { data: { attachments: { file_type: string; files: { name: string }[] }[] } };
  };
  const identity = proposal.quotation.data.attachments.find((a) => a.file_type === 'identity');
  expect(identity?.files.map((f) => f.name)).toEqual(['carta-identita.pdf']);
});

test('a write replayed after the access token expired arrives (the refresh token renews it)', async ({ page, context, loggedIn, request }) => {
  const { headers, cf } = await proposeOffline(page, request, loggedIn);

  // Time passes at the dealership: the access token expires before the network comes back.
  const expired = await expireAccessToken(page);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/quotations\/\d+$/, { timeout: 45_000 });
  expect(await quotationsFor(request, headers, cf)).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(expired);
});

test('with the session gone the write waits for the next login, then arrives once', async ({ page, context, loggedIn, request }) => {
  const { headers, cf } = await proposeOffline(page, request, loggedIn);

  // Both tokens are no longer valid (e.g. revoked from another device): the replay gets a 401.
  await page.evaluate(() => {
    localStorage.setItem('access_token', 'revoked');
    localStorage.setItem('refresh_token', 'revoked');
  });
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/, { timeout: 45_000 });
  expect(await quotationsFor(request, headers, cf)).toBe(0);
  // Nothing dropped: the write is still on the device.
  expect(await deviceRecords(page, 'outbox')).toBe(1);

  await loginAs(page, USERS.full);
  await expect(page.getByTestId('top-user')).toBeVisible();
  await expect.poll(() => quotationsFor(request, headers, cf), { timeout: 45_000 }).toBe(1);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('top-user')).toBeVisible();
  expect(await quotationsFor(request, headers, cf)).toBe(1);
});

test('a write the server refuses on replay is kept with its message, to discard', async ({ page, context, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  // The agent publishes an offer of their own catalogue (a Fiat Panda), so it can be withdrawn later.
  const call = async (method: 'GET' | 'POST', url: string, data?: object) => {
    const res = await request.fetch(`/api/v1/${url}`, { method, headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: unknown }).data;
  };
  const [version] = (await call('GET', 'car/versions/FIA/panda?vehicleType=auto')) as { code: string }[];
  const [motornet, eurotax] = version!.code.split('-');
  const car = (await call('GET', `car?motornet=${motornet}&eurotax=${eurotax}`)) as { id: number };
  const offer = (await call('POST', 'catalog/offers', {
    car: car.id,
    provider: 'aurora-rent',
    product: 'aurora-rent-privati',
    price: 299,
    deposit: 1000,
    duration: 36,
    distance: 15000,
    unlimitedKm: false,
    deliveryTime: 'entro-30',
    fastDelivery: false,
    right_label: 'privati',
    reference_code: 'OFFLINE1',
    notes: '',
    private_notes: '',
    services: [],
    potential_profit: 1200,
  })) as { code: string };
  await call('POST', `offers/${offer.code}/child`, { deposit: 0, duration: 24, distance: 10000, monthlyRate: 329 });
  await call('POST', `offers/${offer.code}/child`, { deposit: 2000, duration: 48, distance: 20000, monthlyRate: 279 });
  const published = (await call('POST', `catalog/offers/${offer.code}/publish`)) as { variations: { ref: string }[] };
  const code = offer.code;
  const ref: string | null = published.variations[0]?.ref ?? null;
  expect(ref).not.toBeNull();

  const { cf } = await proposeOffline(page, request, loggedIn, ref!);
  // Meanwhile the offer is withdrawn from the catalogue.
  expect((await request.delete(`/api/v1/catalog/offers/${code}`, { headers })).ok()).toBe(true);

  await context.setOffline(false);
  await page.getByTestId('sync-status').click();
  const list2 = page.getByTestId('pending-list');
  await expect(list2).toContainText('Rifiutata', { timeout: 45_000 });
  await expect(list2).toContainText('L’offerta selezionata non è più disponibile'); // the server's message
  await page.screenshot({ path: 'test-results/shots/offline-rejected-1280.png' });
  await page.reload();
  await page.getByTestId('sync-status').click();
  await expect(page.getByTestId('pending-list')).toContainText('Rifiutata');
  await page.getByTestId('pending-list').getByRole('button', { name: 'Elimina' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  expect(await quotationsFor(request, headers, cf)).toBe(0);
});
