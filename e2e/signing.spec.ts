// Signing on the customer's link (docs/adr/0060-signing-with-a-one-time-code.md): 'Accetta' sends a one-time
// code to the customer's e-mail (the server's mail folder here); a wrong code and an expired one are refused
// with their Italian message; the code from the mail signs; the PDF then ends with the audit page, and the
// agent's quotation page says 'Firmato dal cliente' with the time. The code expires on the server's clock,
// moved forward for this request only by the test clock header (server/lib/clock.ts, TEST_CLOCK): no waiting.
import { createHash, randomBytes } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { codeInMail } from '../core/signing';
import { expectAccessible } from './accessibility';
import { expect, lastMail, screen, test, USERS } from './fixtures';
import { codedQuotation, customerPhone, shot } from './share-steps';

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function pdfText(data: Buffer) {
  const parser = new PDFParse({ data });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('the customer signs with the code from their e-mail; a wrong and an expired code are refused; the PDF carries the audit page', async ({
  page,
  browser,
  loggedIn,
  request,
}) => {
  test.setTimeout(120_000);
  // Sara has no strict-upload: the proposal can be accepted before any document.
  const { proposal, email, headers } = await codedQuotation(request, USERS.sub);
  const token = randomBytes(32).toString('base64url');
  expect((await request.post(`/api/v1/quotations/${proposal.id}/share`, { headers, data: { token } })).status()).toBe(201);
  const unsigned = await request.get(`/api/v1/share/${token}/pdf`);
  expect(unsigned.status()).toBe(200);
  const sha = createHash('sha256')
    .update(await unsigned.body())
    .digest('hex');

  const customer = await customerPhone(browser);
  const c = customer.page;
  await c.goto(`/p/${token}`);
  const accept = c.getByTestId('cl-accept');
  await accept.getByLabel('Nome e cognome').fill('Mario Rossi');
  await accept.locator('input[type=checkbox]').check();
  const sent = c.waitForResponse((r) => r.url().endsWith('/accept/code') && r.request().method() === 'POST');
  await accept.getByRole('button', { name: 'Accetta la proposta' }).click();
  expect((await sent).status()).toBe(200);
  // The address on file, masked (cliente.<time>@example.it).
  await expect(accept.getByTestId('cl-code-sent')).toHaveText(
    /^Ti abbiamo inviato un codice di 6 cifre all’indirizzo c•••\d@example\.it: inseriscilo qui sotto entro 10 minuti per firmare\.$/,
  );
  const code = codeInMail(lastMail(email))!;
  expect(code).toMatch(/^\d{6}$/);
  // The code field speaks to a screen reader and to the phone's keyboard and autofill.
  const field = accept.getByLabel('Codice di conferma');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expectAccessible(c, 'the signing code', { include: '.customer-link' });
  await shot(c, 'signing-code');
  const sign = accept.getByRole('button', { name: 'Firma e accetta la proposta' });

  // Without the code, and with a wrong one: refused, nothing accepted.
  await sign.click();
  await expect(accept).toContainText('Inserisci il codice di 6 cifre che ti abbiamo inviato via email');
  await field.fill(wrongOf(code));
  await sign.click();
  await expect(accept).toContainText('Il codice non è corretto: restano 4 tentativi');
  await shot(c, 'signing-wrong-code');

  // Eleven minutes later on the server's clock: the right code has expired.
  await customer.context.setExtraHTTPHeaders({ 'x-test-clock-offset': String(11 * 60) });
  await field.fill(code);
  await sign.click();
  await expect(accept).toContainText('Il codice è scaduto: richiedi un nuovo codice');
  await customer.context.setExtraHTTPHeaders({});
  await expect(c.getByTestId('cl-accepted')).toHaveCount(0);

  // A new code, from the mail, signs.
  const resent = c.waitForResponse((r) => r.url().endsWith('/accept/code') && r.request().method() === 'POST');
  await accept.getByRole('button', { name: 'Invia un nuovo codice' }).click();
  expect((await resent).status()).toBe(200);
  const fresh = codeInMail(lastMail(email))!;
  await field.fill(fresh);
  await sign.click();
  await expect(c.getByTestId('cl-accepted')).toContainText('Hai firmato la proposta il');
  await expect(c.getByTestId('cl-accepted')).toContainText('(Mario Rossi)');
  await shot(c, 'signing-signed');

  // The signed PDF: made again with the audit trail on its last page (the customer's page shows it when ready).
  await expect(c.getByTestId('cl-pdf')).toBeVisible({ timeout: 20_000 });
  const signed = await request.get(`/api/v1/share/${token}/pdf`);
  expect(signed.status()).toBe(200);
  const text = await pdfText(await signed.body());
  for (const fact of ['Firma elettronica della proposta', 'Mario Rossi', sha, 'Codice monouso di 6 cifre inviato via email'])
    expect(text, fact).toContain(fact);
  await customer.context.close();

  // The agent's quotation page: 'Firmato dal cliente' with the time.
  await loggedIn(USERS.sub);
  await page.goto(`/quotations/${proposal.id}`);
  const facts = screen(page).getByTestId('share-signed');
  await expect(facts).toContainText(/^Firmato dal cliente il \d{2} \w+ \d{4} alle \d{2}:\d{2} da Mario Rossi$/);
  await expect(screen(page).getByTestId('status-label')).toHaveText('Vinto');
  await facts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/shots/signing-agent-1280.png' });
});
