import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, screen, test, USERS, shots } from './fixtures';

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const countOf = async (page: Page) => Number((await screen(page).getByTestId('quotations-count').innerText()).match(/\d+/)?.[0] ?? NaN);

test('saved quotations: filter by status and date, badges, export, open one', async ({ page, loggedIn }) => {
  await loggedIn(USERS.quiet);
  await page.goto('/quotations');
  const s = screen(page);
  await expect(s.getByTestId('quotations-count')).toHaveText(/\d+ preventiv/);
  const today = new Date();
  await expect(s.locator('input[name=startDate]')).toHaveValue(ymd(new Date(today.getFullYear(), today.getMonth(), 1)));
  const month = await countOf(page);
  expect(month).toBeGreaterThan(0);

  // A wider range: more quotations; then a status button narrows at once.
  await s.locator('input[name=startDate]').fill(ymd(new Date(today.getFullYear() - 1, today.getMonth(), 1)));
  await expect.poll(() => countOf(page)).toBeGreaterThan(month);
  const year = await countOf(page);
  await s.getByRole('button', { name: 'Vinto' }).click();
  await expect.poll(() => countOf(page)).toBeLessThan(year);
  const won = await countOf(page);
  await expect(s.getByTestId('quotation-status').first()).toHaveText('Vinto');
  await s.getByRole('button', { name: 'Perso' }).click();
  await expect.poll(() => countOf(page)).toBeGreaterThan(won);
  await s.getByRole('button', { name: 'Perso' }).click();
  await expect.poll(() => countOf(page)).toBe(won);

  // Start after end: the spec's check, no search.
  await s.locator('input[name=endDate]').fill(ymd(new Date(today.getFullYear() - 2, 0, 1)));
  await expect(s.getByRole('alert').filter({ hasText: 'successiva' })).toHaveText('La data di inizio non può essere successiva alla data di fine');
  await s.locator('input[name=endDate]').fill(ymd(new Date(today.getFullYear(), today.getMonth() + 1, 0)));
  await expect.poll(() => countOf(page)).toBe(won);

  // Badges: not for a short fiscal code, yes for a customer text; remove-all clears them.
  await expect(s.getByTestId('filter-badges')).toHaveCount(0);
  // The page's clock is the test's from here: the typing's debounce is run through instead of waited for.
  await page.clock.install();
  await s.getByLabel('Codice fiscale o partita IVA').fill('RSS');
  await page.clock.runFor(5_000);
  await expect(s.getByTestId('filter-badges')).toHaveCount(0);
  await s.getByLabel('Codice fiscale o partita IVA').fill('');
  const firstCustomer = (await s.locator('.ql-customer').first().innerText()).split(' ')[0]!;
  await s.getByLabel('Cliente', { exact: true }).fill(firstCustomer);
  await expect(s.getByTestId('filter-badges')).toBeVisible();
  await expect.poll(() => countOf(page)).toBeLessThanOrEqual(won);
  await expect(s.locator('.ql-customer').first()).toContainText(firstCustomer);
  await shots(page, 'quotations');
  await s.getByRole('button', { name: 'Rimuovi tutti' }).click();
  await expect(s.getByTestId('filter-badges')).toHaveCount(0);
  await expect.poll(() => countOf(page)).toBe(won);

  // Export: the same rows as the filter, all pages.
  const [download] = await Promise.all([page.waitForEvent('download'), s.getByRole('button', { name: /Preventivi\.xlsx/ }).click()]);
  expect(download.suggestedFilename()).toBe('Preventivi.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const sheet = wb.getWorksheet('Preventivi')!;
  expect(sheet.getRow(1).getCell(4).value).toBe('Stato');
  expect(sheet.rowCount - 1).toBe(won);
  for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(4).value).toBe('Vinto');

  // Pagination and opening a quotation.
  if (won > 10) {
    await s.getByRole('button', { name: 'Avanti' }).click();
    await expect(s.getByText(/Pagina 2 di/)).toBeVisible();
  }
  const row = s.getByTestId('quotation-row').first();
  const href = await row.getAttribute('href');
  expect(href).toMatch(/^\/quotations\/\d+$/);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(
    screen(page)
      .getByText(/Preventivo #\d{5}/)
      .first(),
  ).toBeVisible();
});

test('dashboard for an agent: period switch changes the figures, charts drawn', async ({ page, loggedIn }) => {
  await loggedIn(USERS.full);
  await page.goto('/dashboard');
  const s = screen(page);
  await expect(s.getByTestId('stat-contracts')).toBeVisible();
  await expect(s.locator('canvas')).toHaveCount(2);
  await expect(s.getByTestId('stat-effective-profit')).toBeVisible(); // fees-visibility
  const range = await s.getByTestId('db-range').innerText();
  const shown = async () => [s.getByTestId('stat-open'), s.getByTestId('stat-won'), s.getByTestId('stat-lost')].map(async (l) => Number(await l.innerText()));
  const figures = async () => Promise.all(await shown());
  /** The figures the server computed for a period, as the page received them. */
  const fromServer = async (label: string, interval: string) => {
    const response = page.waitForResponse((r) => r.url().includes('/statistics') && r.url().includes(`interval=${interval}`));
    await s.getByRole('radio', { name: label }).check();
    const { data } = (await (await response).json()) as { data: { open: number; won: number; lost: number } };
    return [data.open, data.won, data.lost];
  };
  const lastYear = await fromServer('Anno scorso', 'prevyear');
  await expect(s.getByTestId('db-range')).not.toHaveText(range);
  await expect.poll(figures).toEqual(lastYear);
  const thisYear = await fromServer("Quest'anno", 'year');
  await expect.poll(figures).toEqual(thisYear);
  // The demo data spreads quotations over 14 months, so both years have some.
  expect(lastYear.reduce((a, b) => a + b)).toBeGreaterThan(0);
  expect(thisYear.reduce((a, b) => a + b)).toBeGreaterThan(0);
  await shots(page, 'dashboard-agent');
  await expect(s.getByText('Agenti della rete')).toHaveCount(0);
});

test('dashboard for a leader: network figures, one agent, agent modal', async ({ page, loggedIn }) => {
  await loggedIn(USERS.leader);
  await page.goto('/dashboard');
  const s = screen(page);
  await expect(s.getByTestId('stat-contracts')).toBeVisible();
  await s.getByRole('radio', { name: "Quest'anno" }).check();
  await expect(s.getByTestId('db-range')).toContainText('01 gennaio');
  const network = Number(await s.getByTestId('stat-won').innerText());
  await s.getByLabel('Vista').selectOption({ label: 'Sara Conti' });
  await expect.poll(async () => Number(await s.getByTestId('stat-won').innerText())).toBeLessThan(network);
  await s.getByRole('button', { name: 'Mostra Paolo Marini' }).click();
  const modal = page.getByTestId('agent-modal');
  await expect(modal).toContainText('Paolo Marini');
  await expect(modal).toContainText('Marini Car');
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await expect(modal).toHaveCount(0);
  await shots(page, 'dashboard-leader');
});
