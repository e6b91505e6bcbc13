import type { APIResponse, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { findUnformattedNumbers } from '../core/format-check';
import { findUntranslated } from '../core/language-check';
import { expect, expectFormattedNumbers, expectItalianText, screen, test, USERS } from './fixtures';
import { catalogueOffer } from './catalog-steps';
import { apiLogin, apiProposal, offerRef } from './quotation-steps';

// Every figure on screen goes through core/format.ts (docs/adr/0113-figures-one-formatter.md). The scan reads the rendered text of
// the main screens and fails on any number the Italian rules would not write ('2500 €', '5.1',
// '5.000,00 €'); core/format-check.test.ts holds the rules themselves. The catalogue's screens, its car
// sheet and the text of the PDFs an agent sends are scanned too, for figures and for English words, API
// values and slugs (core/language-check.ts, docs/adr/0056-car-data-in-italian.md).

async function scan(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expectFormattedNumbers(page, where);
}

test('numbers on the group leader’s screens follow the Italian format', async ({ page, loggedIn }) => {
  await loggedIn(USERS.leader);
  for (const path of ['/', '/offers', '/quotations', '/dashboard', '/admin', '/catalog', '/profile']) {
    await page.goto(path);
    await expect(screen(page).locator('h1, h2').first()).toBeVisible();
    await scan(page, path);
  }

  // An offer detail, every tab.
  await page.goto('/offers');
  await screen(page).getByTestId('offer-card').first().click();
  await expect(screen(page).getByTestId('monthly-rate')).toBeVisible();
  for (const tab of await screen(page).getByRole('tab').all()) {
    await tab.click();
    await scan(page, `offer detail, tab ${await tab.innerText()}`);
  }
});

test('numbers, words and slugs on the catalogue screens read as Italian', async ({ page, loggedIn, request }) => {
  await loggedIn(USERS.full);
  for (const path of ['/catalog', '/catalog/new', '/providers', '/products']) {
    await page.goto(path);
    await expect(screen(page).locator('h1').first()).toBeVisible();
    await scan(page, path);
    await expectItalianText(page, path);
  }
  // A catalogue offer of the agent's, in the list and on its page, and its car's sheet ('3.686 mm', 'City car').
  const offer = await catalogueOffer(request, await apiLogin(request, USERS.full));
  await page.goto('/catalog');
  await expect(screen(page).getByTestId('catalog-row').first()).toBeVisible();
  await scan(page, 'catalogue list');
  await expectItalianText(page, 'catalogue list');
  await page.goto(`/catalog/${encodeURIComponent(offer.code)}/edit`);
  await expect(screen(page).getByTestId('car-chosen')).toBeVisible();
  await scan(page, 'catalogue offer');
  await expectItalianText(page, 'catalogue offer');
  await screen(page)
    .getByRole('button', { name: /Vedi dati auto|Modifica versione/ })
    .click();
  await expect(page.locator('.car-sheet, [data-testid="custom-car-form"]').first()).toBeVisible();
  await scan(page, 'car sheet');
  await expectItalianText(page, 'car sheet');
});

const ANSWERS = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };

/** The text of a PDF the server answered. */
const pdfText = async (res: APIResponse) => {
  expect(res.status(), await res.text().catch(() => '')).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  return (await new PDFParse({ data: await res.body() }).getText()).text;
};

test('the PDFs an agent sends read as Italian: offer sheet, comparison, proposal and marketing post', async ({ request }) => {
  const headers = await apiLogin(request, USERS.full);
  const found = await request.post('/api/v1/search/offers', { headers, data: { page: 1, items: 18 } });
  const cards = (await found.json()).items.data as {
    ref: string;
    code: string;
    duration: number;
    deposit: number;
    distance: number;
    monthly_rate: number;
    bundle: string | null;
  }[];
  const [a, b] = cards;
  const texts: [string, string][] = [];

  texts.push([
    'offer sheet',
    await pdfText(await request.post('/api/v1/offers/attachment', { headers, data: { offer: a!.ref, price: a!.monthly_rate, name: 'Maria Rossi' } })),
  ]);
  const item = (c: typeof a) => ({ code: c!.code, duration: c!.duration, deposit: c!.deposit, distance: c!.distance, bundle: c!.bundle ?? null });
  texts.push(['comparison', await pdfText(await request.post('/api/v1/offers/compare/attachment', { headers, data: { items: [item(a), item(b)] } }))]);

  // A proposal with its credit check, whose PDF the job queue makes (as the wizard's first steps do).
  const id = await apiProposal(request, headers, await offerRef(request, headers, 'privati'), 'Dellacqua', ANSWERS);
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/proposals/${id}`, { headers })).json()) as { data: { has_pdf: boolean } }).data.has_pdf, {
      timeout: 30_000,
    })
    .toBe(true);
  texts.push(['proposal', await pdfText(await request.post(`/api/v1/proposals/${id}/attachment`, { headers }))]);

  const posts = (await (await request.get('/api/v1/marketing/posts', { headers })).json()).data as { id: number }[];
  texts.push(['marketing post', await pdfText(await request.get(`/api/v1/marketing/posts/${posts[0]!.id}/pdf`, { headers }))]);

  for (const [what, text] of texts) {
    expect(text.length, what).toBeGreaterThan(100);
    expect(findUnformattedNumbers(text), `${what}:\n${text.slice(0, 600)}`).toEqual([]);
    expect(findUntranslated(text), `${what}:\n${text.slice(0, 600)}`).toEqual([]);
  }
});
