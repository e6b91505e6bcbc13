// The customer's link (docs/adr/0133-customer-link.md): the agent shares a quotation, the customer opens it on their phone (a
// second browser, no login), downloads the PDF, uploads the documents and accepts; the agent's page
// follows without a reload, and the list says so. Revoked and expired links get one neutral page; a link
// made offline is created when the network returns.
import { readFileSync } from 'node:fs';
import { formatMonthly } from '../core/format';
import { codeInMail } from '../core/signing';
import { DEMO_EXPIRED_SHARE_TOKEN } from '../server/db/seed/quotations';
import { expectAccessible } from './accessibility';
import { E2E } from './env';
import { expect, laidOut, lastMail, screen, test, USERS } from './fixtures';
import { tinyPdf } from './quotation-steps';
import { codedQuotation, customerPhone, PHONE, shot } from './share-steps';
const SLOTS = ['identity', 'fiscal_code', 'payslips', 'privacy'];
const LINK = /\/p\/[A-Za-z0-9_-]{43}$/;
const GONE = 'Questo link non è valido o è scaduto. Per ricevere la proposta contatta il tuo consulente.';

test('the agent shares a quotation; the customer opens it, downloads the PDF, uploads the documents and accepts; the agent follows live', async ({
  page,
  context,
  browser,
  loggedIn,
  request,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { proposal, email } = await codedQuotation(request);
  await loggedIn(USERS.full);
  await page.goto(`/quotations/${proposal.id}`);
  const q = screen(page);
  const panel = q.getByTestId('share-panel');
  await expect(panel.getByRole('heading', { name: 'Condividi con il cliente' })).toBeVisible();
  await expect(q.getByTestId('documents-step')).toBeVisible();
  // Marks this page: if it were reloaded the mark would be gone.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // 'Condividi': a link, and the ways to send it.
  await panel.getByTestId('share-create').click();
  const linkField = panel.getByTestId('share-link');
  await expect(linkField).toHaveValue(LINK);
  const link = await linkField.inputValue();
  expect(link.startsWith(E2E.baseUrl)).toBe(true);
  const whatsapp = await panel.getByTestId('share-whatsapp').evaluate((el) => (el as HTMLElement & { href?: string }).href ?? null);
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/393331234567\?text=/);
  const text = decodeURIComponent(whatsapp!.split('?text=')[1]!);
  expect(text).toContain('Buongiorno Mario, ecco la proposta di noleggio a lungo termine per');
  expect(text).toContain(link);
  await panel.getByTestId('share-copy').click();
  await expect(panel.getByText('Link copiato')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await panel.getByTestId('share-email').click();
  await expect(panel.getByText(`Email inviata a ${email}`)).toBeVisible();
  expect(lastMail(email)).toContain(link);
  await expect(panel.getByTestId('share-state')).toContainText('Non ancora aperto dal cliente');
  await page.setViewportSize(PHONE);
  await panel.screenshot({ path: 'test-results/shots/share-panel-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The agent's PDF, to compare with the customer's.
  await expect(q.getByTestId('pdf-button-wrap')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  const agentDownload = page.waitForEvent('download');
  await q.getByTestId('pdf-download').click();
  const agentPdf = readFileSync((await (await agentDownload).path())!);
  const agentRate = (await q.getByTestId('sidebar-price').locator('strong').textContent())!.trim();
  expect(agentRate).toBe(formatMonthly(proposal.price));

  // The customer, on their phone, with no login.
  const customer = await customerPhone(browser);
  const c = customer.page;
  await c.goto(link);
  await expect(c.getByTestId('cl-price').locator('strong')).toHaveText(agentRate);
  const recap = q.getByTestId('quotation-sidebar').locator('dl.recap');
  await expect(c.getByTestId('cl-deposit')).toHaveText((await recap.locator('dd').nth(3).textContent())!.trim());
  await expect(c.getByTestId('cl-duration')).toHaveText((await recap.locator('dd').nth(1).textContent())!.trim());
  await expect(c.getByTestId('cl-distance')).toHaveText((await recap.locator('dd').nth(2).textContent())!.trim());
  await expect(c.getByTestId('cl-proposal')).toContainText(`${proposal.quotation.data.offer.brand} ${proposal.quotation.data.offer.model}`);
  await expect(c.getByTestId('cl-proposal')).toContainText('Mario Rossi');
  await expect(c.getByTestId('cl-valid')).toContainText('Proposta valida fino al');
  await expect(c.getByTestId('cl-agent')).toContainText('completo@demo.it');
  // Nothing of the agent's own: no commission, no fiscal code.
  await expect(c.locator('body')).not.toContainText('Provvigione');
  await expect(c.locator('body')).not.toContainText(proposal.customer.fiscal_code);
  // The rebranded agent's theme (dark) is the page's.
  expect(await c.evaluate(() => document.documentElement.classList.contains('ion-palette-dark'))).toBe(true);
  await shot(c, 'share-customer');
  // Accessible in both themes (WCAG 2.1 AA, contrast included), the accept form too; left in the agent's dark theme.
  await expectAccessible(c, "the customer's link", { include: '.customer-link', end: 'dark' });

  // The agent sees the visit, without a reload.
  await expect(panel.getByTestId('share-state')).toContainText('Aperto dal cliente il', { timeout: 15_000 });

  // The customer's PDF is the agent's.
  const customerDownload = c.waitForEvent('download');
  await c.getByTestId('cl-pdf').click();
  expect(readFileSync((await (await customerDownload).path())!).equals(agentPdf)).toBe(true);

  // Uploads: PDF only, in the browser and on the server; then one per document (strict-upload: all are needed to accept).
  const docs = c.getByTestId('cl-documents');
  await expect(c.getByTestId('cl-accept-submit')).toHaveCount(0);
  await docs.getByTestId('cl-upload-identity').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('non un pdf') });
  await expect(docs.locator('[data-slot="identity"]')).toContainText('Sono accettati solo file PDF');
  await docs.getByTestId('cl-upload-identity').setInputFiles({ name: 'finto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('non un pdf') });
  await expect(docs.locator('[data-slot="identity"]')).toContainText('Il file deve essere un PDF');
  for (const slot of SLOTS) {
    await docs.getByTestId(`cl-upload-${slot}`).setInputFiles({ name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(docs.locator(`[data-slot="${slot}"]`)).toContainText(`${slot}.pdf`);
  }
  await expect(panel.getByTestId('share-state')).toContainText('Il cliente ha caricato 4 documenti', { timeout: 15_000 });
  // The agent stays on the documents step, which fills with the customer's files.
  await expect(q.getByTestId('documents-step')).toBeVisible();
  for (const slot of SLOTS) await expect(q.locator(`[data-slot="${slot}"]`)).toContainText(`${slot}.pdf`);

  // Acceptance: name and consent are required.
  const accept = c.getByTestId('cl-accept');
  await accept.getByTestId('cl-accept-submit').click();
  await expect(accept).toContainText('Scrivi il tuo nome e cognome');
  await accept.getByLabel('Nome e cognome').fill('Mario Rossi');
  await accept.getByTestId('cl-accept-submit').click();
  await expect(accept).toContainText('Per accettare la proposta devi dare il consenso');
  await accept.locator('input[type=checkbox]').check();
  // 'Accetta' sends a one-time code to the customer's e-mail; typed back, it signs (signing.spec.ts: wrong and expired codes).
  await accept.getByTestId('cl-accept-submit').click();
  await expect(accept.getByTestId('cl-code-sent')).toBeVisible();
  await accept.getByLabel('Codice di conferma').fill(codeInMail(lastMail(email))!);
  await accept.getByRole('button', { name: 'Firma e accetta la proposta' }).click();
  await expect(c.getByTestId('cl-accepted')).toContainText('Hai firmato la proposta il');
  await expect(c.getByTestId('cl-accepted')).toContainText('(Mario Rossi)');
  await shot(c, 'share-customer-accepted');

  // The agent's page: accepted, its status and step moved, still the same document.
  await expect(panel.getByTestId('share-state')).toContainText('da Mario Rossi', { timeout: 15_000 });
  await expect(q.getByTestId('status-label')).toHaveText('Vinto');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.screenshot({ path: 'test-results/shots/share-agent-accepted-1280.png', fullPage: true });

  // The list says what the customer did.
  await page.goto('/quotations');
  const row = screen(page).getByTestId('quotation-row').filter({ hasText: proposal.title });
  await expect(row.getByTestId('customer-activity')).toHaveText('Firmato dal cliente');
  await expect(row.getByTestId('quotation-status')).toHaveText('Vinto');
  await customer.context.close();
});

test('a revoked link, an expired one and a wrong one all get the same neutral page', async ({ page, browser, loggedIn, request }) => {
  const { proposal } = await codedQuotation(request);
  await loggedIn(USERS.full);
  await page.goto(`/quotations/${proposal.id}`);
  const panel = screen(page).getByTestId('share-panel');
  await panel.getByTestId('share-create').click();
  await expect(panel.getByTestId('share-link')).toHaveValue(LINK);
  const link = await panel.getByTestId('share-link').inputValue();

  const customer = await customerPhone(browser);
  const c = customer.page;
  await c.goto(link);
  await expect(c.getByTestId('cl-proposal')).toBeVisible();

  // Revoked: at once, even for a page already open.
  await panel.getByTestId('share-revoke').click();
  await page.locator('ion-modal').getByRole('button', { name: 'Conferma' }).click();
  await expect(panel.getByTestId('share-history')).toContainText('Revocato');
  await expect(panel.getByTestId('share-link')).toHaveCount(0);
  // The prompt has closed and left nothing behind (its card went with the revoke).
  await expect(page.locator('ion-modal .ion-page')).toHaveCount(0);
  await c.reload();
  await expect(c.getByTestId('link-gone')).toContainText(GONE);
  await expect(c.getByRole('heading', { name: 'Link non disponibile' })).toBeVisible();
  await expect(c.getByTestId('cl-proposal')).toHaveCount(0);
  await shot(c, 'share-gone');

  // Expired (the demo's link of an old quotation) and wrong: the same page, nothing about why.
  for (const token of [DEMO_EXPIRED_SHARE_TOKEN, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'non-un-token']) {
    await c.goto(`/p/${token}`);
    await expect(c.getByTestId('link-gone')).toContainText(GONE);
    await expect(c.getByRole('heading', { name: 'Link non disponibile' })).toBeVisible();
  }
  await customer.context.close();
});

test('a link made offline waits on the device and is created when the network returns', async ({ page, context, loggedIn, request }) => {
  const { proposal, headers } = await codedQuotation(request);
  await loggedIn(USERS.full);
  await page.goto(`/quotations/${proposal.id}`);
  const panel = screen(page).getByTestId('share-panel');
  await expect(panel.getByTestId('share-create')).toBeVisible();

  await context.setOffline(true);
  await panel.getByTestId('share-create').click();
  await expect(panel.getByTestId('share-queued')).toContainText('Link in attesa di rete');
  await expect(page.getByTestId('pending-count')).toHaveText('1');
  const none = await request.get(`/api/v1/quotations/${proposal.id}/share`, { headers });
  expect((await none.json()).data).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 45_000 });
  await expect(panel.getByTestId('share-link')).toHaveValue(LINK, { timeout: 15_000 });
  await expect(panel.getByTestId('share-queued')).toHaveCount(0);
  const made = (await (await request.get(`/api/v1/quotations/${proposal.id}/share`, { headers })).json()).data as { state: string }[];
  expect(made.map((s) => s.state)).toEqual(['active']);
  // The link made offline opens the proposal.
  const res = await request.get(`/api/v1/share/${(await panel.getByTestId('share-link').inputValue()).split('/p/')[1]}`);
  expect(res.status()).toBe(200);
});

// The lost attempt's failure: with a link open (the page following the customer), the agent's own
// uploads and accept must land and stay, whatever the customer does meanwhile.
test('with a link open, the agent’s own documents and accept land and stay while the customer acts', async ({ page, browser, loggedIn, request }) => {
  test.setTimeout(120_000);
  const { proposal } = await codedQuotation(request);
  await loggedIn(USERS.full);
  await page.goto(`/quotations/${proposal.id}`);
  const q = screen(page);
  const panel = q.getByTestId('share-panel');
  await panel.getByTestId('share-create').click();
  await expect(panel.getByTestId('share-link')).toHaveValue(LINK);
  const link = await panel.getByTestId('share-link').inputValue();
  const customer = await customerPhone(browser);
  await customer.page.goto(link);
  await expect(customer.page.getByTestId('cl-proposal')).toBeVisible();
  await expect(panel.getByTestId('share-state')).toContainText('Aperto dal cliente il', { timeout: 15_000 });

  // The agent uploads three documents while the customer uploads the fourth (each a live event on this page).
  const docs = customer.page.getByTestId('cl-documents');
  for (const slot of SLOTS.slice(0, 3)) {
    await q.getByTestId(`upload-${slot}`).setInputFiles({ name: `agente-${slot}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() });
    if (slot === 'identity') await docs.getByTestId('cl-upload-privacy').setInputFiles({ name: 'cliente.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await expect(q.locator(`[data-slot="${slot}"]`)).toContainText(`agente-${slot}.pdf`);
  }
  await expect(q.locator('[data-slot="privacy"]')).toContainText('cliente.pdf', { timeout: 15_000 });
  await expect(panel.getByTestId('share-state')).toContainText('Il cliente ha caricato 1 documento');
  await q.getByTestId('documents-next').click();
  await expect(q.getByTestId('status-label')).toHaveText('In corso');
  await q.getByTestId('accept').click();
  await expect(q.getByTestId('status-label')).toHaveText('Vinto');
  // The customer comes back right after: the quotation is accepted, so the link takes no more uploads
  // (docs/adr/0054), and the outcome stays.
  await customer.page.reload();
  await expect(customer.page.getByTestId('cl-status')).toHaveText('Questa proposta è stata accettata. Per informazioni contatta il tuo consulente.');
  await expect(docs.locator('[data-slot="privacy"]')).toContainText('cliente.pdf');
  await expect(docs.getByTestId('cl-upload-identity')).toHaveCount(0);
  await laidOut(page);
  await expect(q.getByTestId('status-label')).toHaveText('Vinto');
  await expect(q.getByTestId('status-step')).toBeVisible();
  await customer.context.close();
});
