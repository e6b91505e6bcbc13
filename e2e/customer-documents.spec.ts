// What a customer or an agent reads is finished: the car drawn in the chosen paint on the detail and in the
// wizard (docs/adr/0050), a sub-agent reading their own earning and never the leader's margin (docs/adr/0052),
// and the comparison PDF's customer version without the commission, the agent's with it (docs/adr/0051).
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { carImageOfPath } from '../core/car-image';
import { paintHex } from '../core/paint';
import type { OfferDetail } from '../core/schemas/offer-detail';
import { allCardsDrawn, expect, laidOut, screen, test, USERS } from './fixtures';
import { openDetail } from './offer-steps';
import { apiLogin } from './quotation-steps';

/** Screenshots at a phone's and a desktop's width, to look at, with `focus` scrolled into view at each. */
async function shoot(page: Page, name: string, focus?: Locator) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await laidOut(page);
    await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await laidOut(page);
    await page.screenshot({ path: `test-results/shots/${name}-${width}.png` });
  }
}

/** The hex the drawn car's body is painted in, from the picture's own path. */
const drawnHex = async (page: Page, selector: string) => carImageOfPath((await screen(page).locator(selector).first().getAttribute('data-picture')) ?? '')?.hex;

test('the car is drawn in the colour chosen in the configurator, on the detail and in the wizard', async ({ page, loggedIn, request }) => {
  const headers = await apiLogin(request, USERS.full);
  const res = await request.post('/api/v1/search/offers', { headers, data: { page: 1, items: 18 } });
  const cards = (await res.json()).items.data as { code: string; image: string }[];
  let offer: OfferDetail | null = null;
  for (const card of cards.filter((c) => carImageOfPath(c.image))) {
    const d = (await (await request.get(`/api/v1/offers/${card.code}`, { headers })).json()).data as OfferDetail;
    if (d.colors.filter((c) => c.hex).length >= 2) {
      offer = d;
      break;
    }
  }
  expect(offer).not.toBeNull();
  const start = carImageOfPath(offer!.image)!.hex;
  // A paint other than the picture's, and not white: the change shows.
  const paint = offer!.colors.findLast((c) => c.hex && c.hex.toLowerCase() !== start && c.hex.toLowerCase() !== 'f2f3f5')!;

  await loggedIn(USERS.full);
  await openDetail(page, `/offers/${offer!.code}`);
  const s = screen(page);
  expect(await drawnHex(page, '.od-head .car-picture')).toBe(start);
  await s.getByTestId(`color-${paint.code}`).locator('input').check();
  await expect(s.locator('.od-head .car-picture path').first()).toHaveAttribute('fill', `#${paint.hex!.toLowerCase()}`);
  expect(await drawnHex(page, '.od-head .car-picture')).toBe(paint.hex!.toLowerCase());
  await shoot(page, 'offer-detail-paint', s.locator('.od-head'));

  // The wizard's sidebar draws the proposal's colour, which it knows by name (docs/adr/0050).
  await page.setViewportSize({ width: 1366, height: 900 });
  await s.getByTestId('create-quote').click();
  await expect(screen(page).getByTestId('quotation-sidebar')).toBeVisible();
  await expect.poll(() => drawnHex(page, '.sidebar-car')).toBe(paintHex({ description: paint.description }));
  expect(paintHex({ description: paint.description })).toBe(paint.hex!.toLowerCase());
  await shoot(page, 'quotation-sidebar-paint', screen(page).locator('.sidebar-car'));
});

/** A catalogue offer of the sub-agent's network (the leader's), as the search shows it to them. */
async function leadersOffer(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.post('/api/v1/search/offers', { headers, data: { page: 1, items: 100, sort: 'price-down' } });
  expect(res.ok()).toBe(true);
  const card = ((await res.json()).items.data as { code: string; isCustom: boolean; isOwned: boolean }[]).find((c) => c.isCustom && !c.isOwned);
  if (!card) throw new Error("no catalogue offer of the leader's in the first 100");
  return card.code;
}

test("a sub-agent reads their own potential earning on the leader's catalogue offer, never the leader's margin", async ({ page, loggedIn, request }) => {
  const code = await leadersOffer(request, await apiLogin(request, USERS.sub));
  // The leader reads the margin of the same offer.
  const leader = (await (await request.get(`/api/v1/offers/${code}`, { headers: await apiLogin(request, USERS.leader) })).json()).data as OfferDetail;
  expect(leader.fees!.originalPotentialProfit).toBeGreaterThan(0);

  await loggedIn(USERS.sub);
  const offer = await openDetail(page, `/offers/${code}`);
  // Not sent to her at all: not only hidden.
  expect(offer.fees).toMatchObject({ originalPotentialProfit: null, finalPotentialProfit: null });
  expect(offer.fees!.defaultFeeValue).toBe(Math.round((leader.fees!.originalPotentialProfit! * 60) / 100));
  const s = screen(page);
  await s.getByRole('tab', { name: 'Dati venditore' }).click();
  await expect(s.getByText('Compensi e provvigioni')).toBeVisible();
  await expect(s.getByText('Il tuo guadagno potenziale')).toBeVisible();
  await expect(s.getByText('Margine potenziale')).toHaveCount(0);
  await shoot(page, 'offer-detail-sub-agent-fees', s.getByText('Il tuo guadagno potenziale'));
});

test("the comparison PDF: the customer's version, the default, has no commission; the agent's has it", async ({ page, loggedIn }) => {
  await loggedIn(USERS.full);
  await page.goto('/offers');
  await allCardsDrawn(page);
  for (const i of [0, 1]) {
    const toggle = page.getByTestId('compare-toggle').nth(i);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByTestId('compare-open').click();
  const s = screen(page);
  await expect(s.getByTestId('compare-column')).toHaveCount(2);
  await expect(s.locator('tr[data-row="commission"] th')).toHaveText('Provvigione');
  await expect(s.getByTestId('compare-pdf-customer').locator('input')).toBeChecked();
  await shoot(page, 'compare-pdf-version', s.getByTestId('compare-print'));

  const print = async () => {
    const download = page.waitForEvent('download');
    await s.getByTestId('compare-print').click();
    const file = await download;
    return { name: file.suggestedFilename(), text: (await new PDFParse({ data: readFileSync((await file.path())!) }).getText()).text };
  };
  const customer = await print();
  expect(customer.name).toMatch(/^Confronto-offerte-\d+\.pdf$/);
  expect(customer.text).toContain('Canone mensile');
  expect(customer.text).not.toContain('Provvigione');

  await s.getByTestId('compare-pdf-agent').click();
  await expect(s.getByTestId('compare-pdf-agent').locator('input')).toBeChecked();
  const agent = await print();
  expect(agent.name).toMatch(/^Confronto-offerte-agente-\d+\.pdf$/);
  expect(agent.text).toContain('Provvigione');
});
