// One tap, one write (design.md, "Writes"; docs/adr/0030-one-intent-one-write.md): a hurried double click on
// each create and save button sends ONE request and makes ONE record, counted through the API. Every test
// makes its own records, named or coded uniquely, so it depends on no other spec's data and the other specs'
// counts are not its concern (members and posts are added where no spec counts them).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { codeInMail } from '../core/signing';
import { demoPicture } from '../server/lib/png';
import { fillCustomCar } from './catalog-steps';
import { expect, lastMail, loginAs, screen, shots, test, USERS } from './fixtures';
import { answerCreditCheck, apiLogin, consent, fillPrivate, fillQuoteForm, lookUp, offerCard, tinyPdf, uniqueFiscalCode } from './quotation-steps';
import { codedQuotation } from './share-steps';

type H = Record<string, string>;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Counts the page's requests of one write (method and API path) from here on. */
function writesTo(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === method && url.pathname.startsWith('/api/v1/') && path.test(url.pathname.slice('/api/v1'.length))) {
      seen.push(r.headers()['idempotency-key'] ?? '');
    }
  });
  return seen;
}

/** The page's answer to one write, awaited before its records are counted. */
const answered = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname.slice('/api/v1'.length)));

async function login(page: Page, email: string) {
  await loginAs(page, email);
  await expect(page.getByTestId('top-user')).toBeVisible();
}

/** Quotations of a customer (by fiscal code) made today, through the list the agent sees. */
async function quotationsOf(request: APIRequestContext, headers: H, fiscalCode: string) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/v1/quotations', { headers, data: { fiscal_code: fiscalCode, startDate: day(-1), endDate: day(1) } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { total: number }).total;
}

test('the wizard’s confirmation, the proposal’s update, Salva preventivo and a request for an unlisted car, double-clicked, are one each', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = await apiLogin(request, USERS.full);
  const card = await offerCard(request, headers, 'privati');
  await login(page, USERS.full);

  // 'Conferma e crea il preventivo'
  const proposalCf = uniqueFiscalCode();
  await page.goto(`/quotation/?offer=${encodeURIComponent(card.ref)}`);
  const s = screen(page);
  await lookUp(page, 'fiscal-code-entry', proposalCf);
  await fillPrivate(page);
  await consent(page);
  await s.getByTestId('next').click();
  await expect(s.getByTestId('confirm-step')).toBeVisible();
  const proposals = writesTo(page, 'POST', /^\/proposals$/);
  await s.getByTestId('confirm').click({ clickCount: 2 });
  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  expect(proposals).toHaveLength(1);
  expect(proposals[0]).toMatch(/^[\w-]{8,128}$/);
  expect(await quotationsOf(request, headers, proposalCf)).toBe(1);

  // The proposal's update: its credit check recorded.
  const { step } = await answerCreditCheck(page);
  const updates = writesTo(page, 'PUT', /^\/proposals\/\d+$/);
  await step.getByTestId('save-sustainability').click({ clickCount: 2 });
  await expect(screen(page).getByTestId('documents-step')).toBeVisible();
  expect(updates).toHaveLength(1);

  // 'Salva preventivo'
  const quoteCf = uniqueFiscalCode();
  await page.goto(`/quotation/?offer=${encodeURIComponent(card.ref)}&quote=1`);
  const form = screen(page).getByTestId('quote-form');
  await fillQuoteForm(form, quoteCf);
  const quotes = writesTo(page, 'POST', /^\/quote$/);
  const saved = answered(page, 'POST', /^\/quote$/);
  await screen(page).getByTestId('quote-save').click({ clickCount: 2 });
  expect((await saved).status()).toBe(201);
  await expect.poll(() => quotationsOf(request, headers, quoteCf)).toBe(1);
  expect(quotes).toHaveLength(1);

  // 'Invia richiesta' of the manual offer form, for a car not in the offers.
  await page.goto(`/quotation/?offer=${encodeURIComponent(card.ref)}`);
  await screen(page).getByTestId('manual-offer-entry').getByTestId('open-manual-offer').click();
  const manual = screen(page).getByTestId('manual-offer-form');
  const model = `Daily ${unique()}`;
  await manual.getByLabel('Tipo di veicolo').selectOption({ label: 'Veicolo commerciale' });
  await manual.getByLabel('Marca').fill('Iveco');
  await manual.getByLabel('Modello').fill(model);
  await manual.getByLabel('Versione').fill('35S14 Furgone passo lungo');
  await manual.getByLabel('Durata (mesi)').fill('48');
  await manual.getByLabel('Km/anno').fill('30000');
  await manual.getByLabel('Anticipo (€)').fill('2500');
  const requests = writesTo(page, 'POST', /^\/offer-requests$/);
  await manual.getByRole('button', { name: 'Invia richiesta' }).click({ clickCount: 2 });
  await expect(manual.getByRole('status')).toContainText('Richiesta inviata');
  const sent = (await (await request.get('/api/v1/offer-requests', { headers })).json()).data as { model: string }[];
  expect(sent.filter((r) => r.model === model)).toHaveLength(1);
  expect(requests).toHaveLength(1);
});

test('a share link and the customer’s Accetta, double-clicked, are one link and one acceptance', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const { headers, proposal, email } = await codedQuotation(request);
  await login(page, USERS.full);
  await page.goto(`/quotations/${proposal.id}`);
  const panel = screen(page).getByTestId('share-panel');
  const creates = writesTo(page, 'POST', /^\/quotations\/\d+\/share$/);
  await panel.getByTestId('share-create').click({ clickCount: 2 });
  const link = await expect(panel.getByTestId('share-link'))
    .toHaveValue(/\/p\/[A-Za-z0-9_-]{43}$/)
    .then(() => panel.getByTestId('share-link').inputValue());
  const shares = async () => ((await (await request.get(`/api/v1/quotations/${proposal.id}/share`, { headers })).json()).data as unknown[]).length;
  await expect.poll(shares).toBe(1);
  expect(creates).toHaveLength(1);

  // The customer's documents (this agent requires them before accepting), sent as the customer's page would.
  const token = link.split('/p/')[1]!;
  for (const slot of ['identity', 'fiscal_code', 'payslips', 'privacy']) {
    const res = await request.post(`/api/v1/share/${token}/documents`, {
      multipart: { file_type: slot, file: { name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'it-IT', serviceWorkers: 'block' });
  const c = await context.newPage();
  await c.goto(link);
  const accept = c.getByTestId('cl-accept');
  await accept.getByLabel('Nome e cognome').fill('Mario Doppio');
  await accept.locator('input[type=checkbox]').check();
  // 'Accetta' asks for one code however hurried the tap; the signature with it is one acceptance.
  const codes = writesTo(c, 'POST', /^\/share\/[^/]+\/accept\/code$/);
  await accept.getByTestId('cl-accept-submit').click({ clickCount: 2 });
  await expect(accept.getByTestId('cl-code-sent')).toBeVisible();
  expect(codes).toHaveLength(1);
  await accept.getByLabel('Codice di conferma').fill(codeInMail(lastMail(email))!);
  const accepts = writesTo(c, 'POST', /^\/share\/[^/]+\/accept$/);
  await accept.getByTestId('cl-accept-submit').click({ clickCount: 2 });
  await expect(c.getByTestId('cl-accepted')).toContainText('(Mario Doppio)');
  expect(accepts).toHaveLength(1);
  expect(accepts[0]).toMatch(/^[\w-]{8,128}$/);
  await context.close();
});

test('provider, product, its services, a marketing post, an API key and a logo, double-clicked, are one each', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiLogin(request, USERS.full);
  const names = async (path: string) =>
    ((await (await request.get(`/api/v1/${path}`, { headers })).json()).data as { name?: string; title?: string }[]).map((r) => r.name ?? r.title);
  const id = unique();
  await login(page, USERS.full);

  const providerName = `Doppio Rent ${id}`;
  await page.goto('/providers/new');
  await screen(page).getByLabel('Nome').fill(providerName);
  const providers = writesTo(page, 'POST', /^\/providers$/);
  await screen(page).getByRole('button', { name: 'Salva' }).click({ clickCount: 2 });
  await expect(page).toHaveURL(/\/providers$/);
  expect((await names('providers')).filter((n) => n === providerName)).toHaveLength(1);
  expect(providers).toHaveLength(1);

  const productName = `Doppio Prodotto ${id}`;
  await page.goto('/products/new');
  await screen(page).getByLabel('Provider').selectOption({ label: providerName });
  await screen(page).getByLabel('Nome').fill(productName);
  const products = writesTo(page, 'POST', /^\/products$/);
  await screen(page).getByRole('button', { name: 'Salva' }).click({ clickCount: 2 });
  await expect(page).toHaveURL(/\/products$/);
  expect((await names('products')).filter((n) => n === productName)).toHaveLength(1);
  expect(products).toHaveLength(1);

  await screen(page).getByTestId('list-item').filter({ hasText: productName }).getByRole('link', { name: 'Modifica' }).click();
  const editor = screen(page).getByTestId('product-services');
  await editor.getByTestId('product-service-choose').selectOption({ label: 'Pneumatici' });
  await editor.getByRole('button', { name: 'Aggiungi servizio' }).click();
  await editor.getByTestId('product-service').getByLabel('Prezzo (€/mese)').fill('18');
  const services = writesTo(page, 'PUT', /^\/products\/\d+\/services$/);
  await editor.getByTestId('product-services-save').click({ clickCount: 2 });
  await expect(editor.getByText('Servizi salvati')).toBeVisible();
  expect(services).toHaveLength(1);

  const title = `Promo doppia ${id}`;
  await page.goto('/marketing');
  await screen(page).getByRole('button', { name: 'Nuovo post' }).click();
  await screen(page).getByLabel('Titolo').fill(title);
  await screen(page)
    .locator('input[type=file]')
    .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: demoPicture(3, 64, 40) });
  const posts = writesTo(page, 'POST', /^\/marketing\/posts$/);
  const published = answered(page, 'POST', /^\/marketing\/posts$/);
  await screen(page).getByRole('button', { name: 'Pubblica' }).click({ clickCount: 2 });
  expect((await published).status()).toBe(200);
  const post = screen(page).getByTestId('marketing-post').filter({ hasText: title });
  await expect(post).toHaveCount(1);
  expect((await names('marketing/posts')).filter((n) => n === title)).toHaveLength(1);
  expect(posts).toHaveLength(1);

  // Its author deletes it, after the confirmation.
  await shots(page, 'marketing-own-post');
  await post.getByTestId('marketing-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Sicuro di voler eliminare questo post? Non sarà più visibile a nessuno.');
  await shots(page, 'marketing-delete-confirm');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Conferma' }).click();
  await expect(post).toHaveCount(0);
  expect(await names('marketing/posts')).not.toContain(title);

  // No key yet, so the button creates one at once (replacing one asks first).
  await request.delete('/api/v1/agent/service/api', { headers });
  await page.goto('/profile?tab=apiKey');
  const tab = page.getByTestId('api-key-tab');
  await expect(tab.getByText('Non hai ancora una chiave API.')).toBeVisible();
  const keys = writesTo(page, 'POST', /^\/agent\/service\/api$/);
  await tab.getByRole('button', { name: 'Genera chiave API' }).click({ clickCount: 2 });
  await expect(tab.getByTestId('api-key-value')).toHaveText(/^pnk_/);
  expect(keys).toHaveLength(1);

  await page.goto('/profile?tab=theme');
  const theme = page.getByTestId('theme-tab');
  await theme.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: demoPicture(4, 240, 64) });
  const logos = writesTo(page, 'POST', /^\/agent\/logo$/);
  await theme.getByRole('button', { name: 'Carica logo' }).click({ clickCount: 2 });
  await expect(theme.getByText('Aggiornamento avvenuto con successo')).toBeVisible();
  expect(logos).toHaveLength(1);
});

test('a team member and the profile, double-clicked, are one write each', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `doppio.${unique()}@example.it`;
  await login(page, USERS.leader);
  await page.goto('/profile?tab=team');
  const panel = page.getByTestId('team-panel');
  await panel.getByTestId('member-add').click();
  const form = page.getByTestId('member-form');
  await form.getByLabel('Ragione sociale').fill('Doppio Rent');
  await form.getByLabel('Nome e cognome').fill('Dario Doppio');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Telefono').fill('333 7654321');
  await form.getByLabel(/Compenso/).fill('25');
  const members = writesTo(page, 'POST', /^\/agent$/);
  await form.getByRole('button', { name: 'Salva' }).click({ clickCount: 2 });
  await expect(panel.getByText('Sub-agente creato')).toBeVisible();
  const headers = await apiLogin(request, USERS.leader);
  const list = (await (await request.get('/api/v1/agent/members', { headers })).json()).data as { email: string }[];
  expect(list.filter((m) => m.email === email)).toHaveLength(1);
  expect(members).toHaveLength(1);

  // Updates are idempotent by nature; still one request for one tap.
  await page.goto('/profile');
  const profile = page.getByTestId('profile-form');
  const saves = writesTo(page, 'PUT', /^\/agent\/profile$/);
  await profile.getByRole('button', { name: 'Salva' }).click({ clickCount: 2 });
  await expect(profile.getByText('Aggiornamento avvenuto con successo')).toBeVisible();
  expect(saves).toHaveLength(1);
});

test('a custom car, a catalogue offer, a variation and a clone, double-clicked, are one each', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiLogin(request, USERS.full);
  const offers = async () => ((await (await request.get('/api/v1/catalog/offers', { headers })).json()) as { total: number }).total;
  const before = await offers();
  await login(page, USERS.full);
  await page.goto('/catalog/new');
  let s = screen(page);
  await s.getByRole('option', { name: 'Fiat' }).click();
  await s.getByTestId('model-select').selectOption({ label: 'Panda' });

  // The custom version's modal.
  await s.getByTestId('add-custom-version').click();
  const modal = page.getByTestId('custom-car-form');
  const trim = `Doppia ${unique()}`;
  await fillCustomCar(modal, trim);
  const cars = writesTo(page, 'POST', /^\/car$/);
  await modal.getByTestId('custom-car-save').click({ clickCount: 2 });
  await expect(s.getByTestId('car-chosen')).toContainText(trim);
  expect(cars).toHaveLength(1);

  // The offer.
  await s.getByLabel('Provider', { exact: true }).selectOption({ label: 'Aurora Rent' });
  await s.getByLabel('Prodotto', { exact: true }).selectOption({ label: 'Aurora Rent Privati Tutto Incluso' });
  await s.getByLabel('Canone mensile (€)').fill('299');
  await s.getByLabel('Anticipo (€)').fill('1000');
  await s.getByLabel('Codice di riferimento (targa o identificativo)').fill(`E2E-${unique()}`);
  await s.getByLabel('Margine dell’offerta (€)').fill('1200');
  const creates = writesTo(page, 'POST', /^\/catalog\/offers$/);
  await s.getByTestId('catalog-save').click({ clickCount: 2 });
  await expect(page).toHaveURL(/\/catalog\/CT[0-9A-F]+\/edit$/);
  const code = /\/catalog\/(CT[0-9A-F]+)\/edit/.exec(page.url())![1]!;
  expect(await offers()).toBe(before + 1);
  expect(creates).toHaveLength(1);

  // A variation.
  s = screen(page);
  await s.getByTestId('variation-add').click();
  const row = s.getByTestId('variation-edit');
  await row.getByLabel('Anticipo').fill('0');
  await row.getByLabel('Km/anno').fill('10000');
  await row.getByLabel('Durata').fill('48');
  await row.getByLabel('Canone', { exact: true }).fill('280');
  const variations = writesTo(page, 'POST', /^\/offers\/[^/]+\/child$/);
  await row.getByTestId('variation-save').click({ clickCount: 2 });
  await expect(s.getByTestId('variation-edit')).toHaveCount(0);
  await expect(s.getByTestId('variation-row')).toHaveCount(1);
  const stored = (await (await request.get(`/api/v1/catalog/offers/${code}`, { headers })).json()).data as { variations: unknown[] };
  expect(stored.variations).toHaveLength(1);
  expect(variations).toHaveLength(1);

  // The clone.
  const clones = writesTo(page, 'POST', /^\/catalog\/offers\/[^/]+\/clone$/);
  await s.getByRole('button', { name: 'Clona offerta' }).click({ clickCount: 2 });
  await expect(page).not.toHaveURL(new RegExp(`/catalog/${code}/edit$`));
  await expect(page).toHaveURL(/\/catalog\/CT[0-9A-F]+\/edit$/);
  expect(await offers()).toBe(before + 2);
  expect(clones).toHaveLength(1);
});

/**
 * Two taps in one task: the second arrives before the page can draw its button busy (as on a slow phone), so
 * only the write path's own guard, set before its first await, stops it (src/api/use-write.ts).
 */
const twoTapsAtOnce = (button: Locator) =>
  button.evaluate((el: HTMLElement) => {
    el.click();
    el.click();
  });

test('two taps before the page can draw make one quotation and one provider', async ({ page, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const card = await offerCard(request, headers, 'privati');
  await login(page, USERS.full);
  const cf = uniqueFiscalCode();
  await page.goto(`/quotation/?offer=${encodeURIComponent(card.ref)}`);
  const s = screen(page);
  await lookUp(page, 'fiscal-code-entry', cf);
  await fillPrivate(page);
  await consent(page);
  await s.getByTestId('next').click();
  await expect(s.getByTestId('confirm-step')).toBeVisible();
  const proposals = writesTo(page, 'POST', /^\/proposals$/);
  await twoTapsAtOnce(s.getByTestId('confirm'));
  await expect(page).toHaveURL(/\/quotations\/\d+$/);
  expect(await quotationsOf(request, headers, cf)).toBe(1);
  expect(proposals).toHaveLength(1);

  const name = `Doppio Rent ${unique()}`;
  await page.goto('/providers/new');
  await screen(page).getByLabel('Nome').fill(name);
  const providers = writesTo(page, 'POST', /^\/providers$/);
  await twoTapsAtOnce(screen(page).getByRole('button', { name: 'Salva' }));
  await expect(page).toHaveURL(/\/providers$/);
  const list = (await (await request.get('/api/v1/providers', { headers })).json()).data as { name: string }[];
  expect(list.filter((p) => p.name === name)).toHaveLength(1);
  expect(providers).toHaveLength(1);
});
