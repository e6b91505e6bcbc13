// 'Confronta offerte' (docs/adr/0143-compare-offers.md): on a phone an agent compares offers from the cards and from a detail, prints
// the comparison (the server's PDF) and shares it with a colleague; the link shows each agent what the server
// lets them see. Offline, the comparison is built from the device's copy of the catalogue.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { E2E } from './env';
import { allCardsDrawn, expect, laidOut, loginAs, screen, test, USERS } from './fixtures';
import { netSwitch } from './net-switch';
import { goOffline, launchDevice, type NetSwitch, preparedDevice } from './offline-device';
import { apiLogin } from './quotation-steps';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const FULL = 'Puoi confrontare al massimo 4 offerte: togline una dal confronto per aggiungerne un’altra.';
const NOT_VISIBLE = 'Offerta non disponibile: non è visibile con il tuo account o non è più pubblicata.';

const euros = (rate: string) => Number(rate.replace('€ al mese', '').replace(/\./g, '').replace(',', '.'));
const columns = (page: Page) => screen(page).getByTestId('compare-column');
const rateCell = (page: Page, i: number) => screen(page).locator('tr[data-row="rate"] td').nth(i);

type Picked = { title: string; rate: string; index: number };

/** Cards of the offers screen with three different rates (the best one must stand out), their names and rates as shown. */
async function pickCards(page: Page, wanted: number, skip: readonly number[] = []): Promise<Picked[]> {
  const cards = page.getByTestId('offer-card');
  await expect(cards.first()).toBeVisible();
  await allCardsDrawn(page);
  const out: Picked[] = [];
  for (let i = 0; out.length < wanted && i < (await cards.count()); i++) {
    if (skip.includes(i)) continue;
    // textContent: cards below the fold are not rendered yet (content-visibility), and innerText is empty there.
    const rate = (await cards.nth(i).locator('.offer-card-price strong').textContent())!.trim();
    if (out.some((p) => p.rate === rate)) continue;
    out.push({ title: (await cards.nth(i).locator('.offer-card-title').textContent())!.trim(), rate, index: i });
  }
  expect(out).toHaveLength(wanted);
  return out;
}

async function toggle(page: Page, index: number, pressed: boolean) {
  const button = page.getByTestId('compare-toggle').nth(index);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(pressed));
}

/** The rate cells show the cards' rates, and the lowest is marked 'Migliore' in words (not by colour alone). */
async function expectRates(page: Page, picked: Picked[]) {
  await expect(columns(page)).toHaveCount(picked.length);
  const lowest = Math.min(...picked.map((p) => euros(p.rate)));
  for (const [i, p] of picked.entries()) {
    const cell = rateCell(page, i);
    await expect(cell.locator('.cmp-line--main')).toHaveText(p.rate);
    if (euros(p.rate) === lowest) {
      await expect(cell).toHaveAttribute('data-best', 'true');
      await expect(cell).toContainText('Migliore');
    } else await expect(cell).not.toHaveAttribute('data-best', 'true');
  }
}

/** An offer of the agent's network (NET-NORD): visible to its agents, not to another network's. */
async function networkOffer(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.post('/api/v1/search/offers', { headers, data: { page: 1, items: 100, sort: 'price-down' } });
  expect(res.ok()).toBe(true);
  const card = ((await res.json()).items.data as { code: string; brand: string; model: string; isCustom: boolean; isOwned: boolean }[]).find(
    (c) => c.isCustom && !c.isOwned,
  );
  if (!card) throw new Error('no network offer in the first page');
  return card;
}

async function phoneOf(browser: Browser, email: string) {
  const context = await browser.newContext({ ...PHONE, baseURL: E2E.baseUrl, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await loginAs(page, email);
  await expect(page.getByTestId('top-user')).toBeVisible();
  return { context, page };
}

const pdfText = async (file: string) => (await new PDFParse({ data: readFileSync(file) }).getText()).text;

test('an agent compares three offers on a phone, prints them, adds a configuration and shares it with the network', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const network = await networkOffer(request, await apiLogin(request, USERS.sub));
  await loginAs(page, USERS.sub);
  await expect(page.getByTestId('top-user')).toBeVisible();
  await page.goto('/offers');

  // Three cards toggled: the bar counts them.
  const picked = await pickCards(page, 3);
  for (const p of picked) await toggle(page, p.index, true);
  await expect(page.getByTestId('compare-count')).toHaveText('3 offerte nel confronto');
  await page.screenshot({ path: 'test-results/shots/compare-offers-390.png' });
  await page.getByTestId('compare-open').click();
  await expect(page).toHaveURL(/\/offers\/compare$/);
  await expect(screen(page).getByRole('heading', { level: 1 })).toHaveText('Confronto offerte (3 di 4)');
  await expectRates(page, picked);
  await expect(screen(page).locator('tr[data-row="commission"] th')).toHaveText('Provvigione');
  await page.screenshot({ path: 'test-results/shots/compare-390.png' });

  // The detail shows the same rate as its column.
  await screen(page)
    .getByTestId('compare-column')
    .first()
    .getByRole('link', { name: /Vedi offerta/ })
    .click();
  await expect(screen(page).getByTestId('monthly-rate')).toHaveText(picked[0]!.rate);
  await page.goBack();

  // A reload keeps the comparison (it is on the device).
  await page.reload();
  await expectRates(page, picked);

  // 'Stampa PDF': the server's PDF, with the three cars and their rates.
  const download = page.waitForEvent('download');
  await screen(page).getByTestId('compare-print').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Confronto-offerte-\d+\.pdf$/);
  const text = await pdfText((await file.path())!);
  for (const p of picked) {
    expect(text).toContain(p.title);
    expect(text).toContain(p.rate);
  }
  expect(text).toContain('MIGLIORE');

  // A fourth from the cards fits; a fifth is refused, and said so.
  await page.goto('/offers');
  const more = await pickCards(
    page,
    2,
    picked.map((p) => p.index),
  );
  await toggle(page, more[0]!.index, true);
  await expect(page.getByTestId('compare-count')).toHaveText('4 offerte nel confronto');
  await page.getByTestId('compare-toggle').nth(more[1]!.index).click();
  await expect(page.getByTestId('compare-full')).toHaveText(FULL);
  await expect(page.getByTestId('compare-toggle').nth(more[1]!.index)).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: 'test-results/shots/compare-full-390.png' });

  // One column out (its remove button), and the network's offer in, from its detail, with the configuration on screen.
  await page.getByTestId('compare-open').click();
  await expect(columns(page)).toHaveCount(4);
  await columns(page).nth(3).getByTestId('compare-remove').click();
  await expect(columns(page)).toHaveCount(3);
  await page.goto(`/offers/${network.code}`);
  const rate = await screen(page).getByTestId('monthly-rate').innerText();
  await screen(page).getByTestId('add-to-compare-button').click();
  await expect(screen(page).getByTestId('add-to-compare-message')).toContainText('Configurazione aggiunta al confronto (4 di 4).');
  await screen(page).getByTestId('add-to-compare-button').click();
  await expect(screen(page).getByTestId('add-to-compare-message')).toContainText('Questa configurazione è già nel confronto.');
  await screen(page).getByTestId('add-to-compare-open').click();
  await expect(columns(page)).toHaveCount(4);
  await expect(columns(page).nth(3)).toHaveAttribute('data-code', network.code);
  await expect(rateCell(page, 3).locator('.cmp-line--main')).toHaveText(rate);

  // 'Condividi con un agente': the link of the comparison.
  await screen(page).getByTestId('compare-share').click();
  const link = await screen(page).getByTestId('compare-share-link').inputValue();
  expect(link).toMatch(/\/offers\/compare\?c=/);
  expect(link).toContain(network.code);
  const shared = link.slice(link.indexOf('/offers/compare'));

  // An agent of the same network sees all four, with the same rates.
  const colleague = await phoneOf(browser, USERS.leader); // paolo.marini is account.spec's: his password changes there
  await colleague.page.goto(shared);
  await expect(screen(colleague.page).getByTestId('compare-shared')).toBeVisible();
  await expect(columns(colleague.page)).toHaveCount(4);
  await expect(screen(colleague.page).getByTestId('compare-loading')).toHaveCount(0);
  await expect(screen(colleague.page).getByTestId('compare-missing')).toHaveCount(0);
  await expect(rateCell(colleague.page, 3).locator('.cmp-line--main')).toHaveText(rate);
  for (const [i, p] of picked.slice(0, 3).entries()) await expect(rateCell(colleague.page, i).locator('.cmp-line--main')).toHaveText(p.rate);
  await colleague.page.screenshot({ path: 'test-results/shots/compare-shared-390.png' });
  await colleague.context.close();

  // An agent of another network: the network's offer is not theirs to see, and the page says so.
  const davide = await phoneOf(browser, USERS.quiet);
  await davide.page.goto(shared);
  await expect(columns(davide.page)).toHaveCount(4);
  await expect(screen(davide.page).getByTestId('compare-loading')).toHaveCount(0);
  await expect(screen(davide.page).getByTestId('compare-missing')).toHaveText(NOT_VISIBLE);
  await expect(screen(davide.page).getByTestId('compare-some-missing')).toHaveText('Un’offerta del confronto non è disponibile: la sua colonna dice perché.');
  await expect(screen(davide.page).getByTestId('compare-print')).toBeEnabled();
  await davide.page.screenshot({ path: 'test-results/shots/compare-not-visible-390.png' });
  await davide.context.close();

  // The desktop view, to look at.
  await page.setViewportSize({ width: 1366, height: 900 });
  await laidOut(page);
  await page.screenshot({ path: 'test-results/shots/compare-1366.png' });
});

let dir: string;
let net: NetSwitch;

test('offline, the comparison opens from the device copy of the catalogue and survives a reload', async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(path.join(tmpdir(), 'portale-compare-'));
  net = await netSwitch(E2E.baseUrl);
  const context = await launchDevice(dir, net);
  try {
    const page = await preparedDevice(context, [{ url: '/offers', shows: async (p) => expect(p.getByTestId('offer-card').first()).toBeVisible() }]);
    await goOffline(context, net);
    // Cards from the device's search, toggled offline: no detail of these offers was ever fetched.
    await page.reload();
    await expect(page.getByTestId('offline-search')).toBeVisible();
    const picked = await pickCards(page, 3);
    for (const p of picked) await toggle(page, p.index, true);
    await page.getByTestId('compare-open').click();
    await expectRates(page, picked);
    await expect(screen(page).getByTestId('compare-offline')).toBeVisible();
    // What the copy does not hold is said, not guessed.
    const services: Locator = screen(page).locator('tr[data-row="includedServices"] td');
    await expect(services).toHaveText(['Non disponibili offline', 'Non disponibili offline', 'Non disponibili offline']);
    await page.screenshot({ path: 'test-results/shots/compare-offline-390.png' });
    // Printing needs the server: said so.
    await screen(page).getByTestId('compare-print').click();
    await expect(screen(page).getByTestId('compare-print-error')).toHaveText('Per stampare il PDF serve la connessione.');
    await page.reload();
    await expectRates(page, picked);
  } finally {
    await context.close();
    await net.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
