import type { APIRequestContext, Page } from '@playwright/test';
import { E2E } from './env';
import { expect, screen, test, USERS, shots } from './fixtures';

const countOf = async (page: Page, testId: string) => Number((await screen(page).getByTestId(testId).innerText()).match(/\d+/)?.[0] ?? NaN);

/** Agent codes of the demo network, read through the API as the leader. */
async function networkCodes(request: APIRequestContext) {
  const login = await request.post(`${E2E.baseUrl}/api/v1/login`, { data: { email: USERS.leader, password: E2E.password } });
  expect(login.ok()).toBe(true);
  const { data } = (await login.json()) as { data: { access_token: string; user: { code: string } } };
  const members = await request.get(`${E2E.baseUrl}/api/v1/agent/members`, { headers: { Authorization: `Bearer ${data.access_token}` } });
  const list = ((await members.json()) as { data: { code: string; email: string }[] }).data;
  return { leader: data.user.code, sub: list.find((m) => m.email === USERS.sub)!.code, other: list.find((m) => m.email === 'paolo.marini@demo.it')!.code };
}

test('a leader opens Rete, an agent page, searches customers and opens a customer and a quotation', async ({ page, loggedIn }) => {
  await loggedIn(USERS.leader);
  const menu = page.getByRole('navigation', { name: 'Menu principale' });
  await menu.getByText('Rete', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const s = screen(page);
  await expect(s.getByTestId('network-totals')).toBeVisible();
  await s.getByRole('radio', { name: "Quest'anno" }).check();
  await expect(s.getByTestId('nw-range')).toContainText('01 gennaio');

  // The totals are the sum of the agents' rows.
  const rows = s.getByTestId('network-agent');
  await expect(rows.filter({ hasText: 'Sara Conti' })).toHaveCount(1);
  await expect(rows.first()).toContainText('(tu)');
  const sumOf = async (label: string) => (await rows.locator(`td[data-label="${label}"]`).allInnerTexts()).reduce((n, x) => n + Number(x), 0);
  await expect.poll(async () => (await countOf(page, 'total-won')) + (await countOf(page, 'total-open'))).toBeGreaterThan(0);
  expect(await sumOf('Vinti')).toBe(await countOf(page, 'total-won'));
  expect(await sumOf('In corso')).toBe(await countOf(page, 'total-open'));
  expect(await sumOf('Clienti')).toBe(await countOf(page, 'total-customers'));
  await expect(s.getByTestId('team-panel')).toBeVisible();
  await shots(page, 'network');
  // The agents' table turns into cards on a phone.
  await page.setViewportSize({ width: 390, height: 900 });
  await rows.nth(3).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/shots/network-agents-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sara's agent page: her own figures and latest quotations.
  await rows
    .filter({ hasText: 'Sara Conti' })
    .getByRole('link', { name: /Sara Conti/ })
    .click();
  await expect(page).toHaveURL(/\/agents\/[^/]+$/);
  await expect(screen(page).getByTestId('agent-name')).toHaveText('Sara Conti');
  await expect(screen(page).getByTestId('quotation-summary').first()).toBeVisible();
  const saraCustomers = Number(await screen(page).getByTestId('agent-customers').innerText());
  expect(saraCustomers).toBeGreaterThan(0);
  await shots(page, 'agent');

  // Her customers, then the whole network's, then a search by fiscal code.
  await screen(page).getByTestId('agent-customers-link').click();
  await expect(page).toHaveURL(/\/customers\?agent_id=\d+$/);
  const c = screen(page);
  await expect.poll(() => countOf(page, 'customers-count')).toBe(saraCustomers);
  await expect(c.locator('.cu-agent').first()).toHaveText('Sara Conti');
  await c.locator('select[name=agent_id]').selectOption('');
  await expect.poll(() => countOf(page, 'customers-count')).toBeGreaterThan(saraCustomers);
  const all = await countOf(page, 'customers-count');
  const firstCode = await c.locator('.cu-code').first().innerText();
  const firstName = await c.locator('.cu-name').first().innerText();
  await c.getByLabel('Cerca cliente').fill(firstCode.toLowerCase());
  await expect.poll(() => countOf(page, 'customers-count')).toBeLessThan(all);
  await expect(c.getByTestId('customer-row').first()).toContainText(firstCode);
  await shots(page, 'customers');

  // The customer and one of their quotations.
  await c.getByTestId('customer-row').first().click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);
  const d = screen(page);
  await expect(d.getByTestId('customer-name')).toHaveText(firstName);
  await expect(d.getByText(firstCode, { exact: true }).first()).toBeVisible();
  const quotation = d.getByTestId('quotation-summary').first();
  await expect(quotation).toBeVisible();
  const title = (await quotation.locator('strong').innerText()).trim();
  await shots(page, 'customer');
  await quotation.click();
  await expect(page).toHaveURL(new RegExp(`/quotations/${Number(title.replace(/\D/g, ''))}$`));
  await expect(screen(page).getByText(title).first()).toBeVisible();
});

test('an ordinary agent cannot open Rete nor another agent page, only their own', async ({ page, loggedIn, request }) => {
  const codes = await networkCodes(request);
  await loggedIn(USERS.sub);
  await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByText('Rete', { exact: true })).toHaveCount(0);
  await page.goto('/admin');
  await expect(screen(page).getByTestId('not-allowed')).toContainText('Funzionalità non abilitata per il tuo account');
  await expect(screen(page).getByTestId('network-totals')).toHaveCount(0);

  for (const code of [codes.leader, codes.other]) {
    await page.goto(`/agents/${code}`);
    await expect(screen(page).getByTestId('agent-not-found')).toHaveText('Agente non trovato');
    await expect(screen(page).getByTestId('agent-name')).toHaveCount(0);
  }
  await shots(page, 'agent-not-found');
  await page.goto(`/agents/${codes.sub}`);
  await expect(screen(page).getByTestId('agent-name')).toHaveText('Sara Conti');
  // Her customers list has only her own customers (no agent column for an ordinary agent).
  await screen(page).getByTestId('agent-customers-link').click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect.poll(() => countOf(page, 'customers-count')).toBeGreaterThan(0);
  await expect(screen(page).locator('.cu-agent')).toHaveCount(0);
  await expect(screen(page).locator('select[name=agent_id]')).toHaveCount(0);
});

test('an agent with all features but network sees their own customers only (dark theme)', async ({ page, loggedIn }) => {
  await loggedIn(USERS.full);
  await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByText('Rete', { exact: true })).toHaveCount(0);
  await screen(page).getByText('Clienti', { exact: true }).click();
  await expect(page).toHaveURL(/\/customers$/);
  const s = screen(page);
  await expect.poll(() => countOf(page, 'customers-count')).toBeGreaterThan(0);
  await expect(s.locator('select[name=agent_id]')).toHaveCount(0);
  await s.getByLabel('Cerca cliente').fill('nessuno-corrisponde-zzz');
  await expect(s.getByText('Nessun cliente trovato')).toBeVisible();
  await s.getByLabel('Cerca cliente').fill('');
  await expect.poll(() => countOf(page, 'customers-count')).toBeGreaterThan(0);
  await s.getByTestId('customer-row').first().click();
  await expect(screen(page).getByTestId('customer-name')).toBeVisible();
  // With fees-visibility the quotations show the commission.
  await expect(screen(page).getByTestId('quotation-summary').first()).toContainText('Provvigione');
  await shots(page, 'customer-dark');
  const res = await page.goto('/customers/999999');
  expect(res?.ok()).toBe(true);
  await expect(screen(page).getByTestId('customer-not-found')).toHaveText('Cliente non trovato');
});

test("the dashboard's agent modal opens the agent page", async ({ page, loggedIn }) => {
  await loggedIn(USERS.leader);
  await page.goto('/dashboard');
  await screen(page).getByRole('button', { name: 'Mostra Paolo Marini' }).click();
  await expect(page.getByTestId('agent-modal')).toContainText('Paolo Marini');
  await page.getByTestId('agent-page-link').click();
  await expect(page).toHaveURL(/\/agents\/[^/]+$/);
  // The closed modal stays in the DOM as an .ion-page, so screen() would pick it: the agent page is the only one with these.
  await expect(page.getByTestId('agent-name')).toHaveText('Paolo Marini');
  await expect(page.getByTestId('agent-modal')).toHaveCount(0);
  await expect(page.getByTestId('agent-figures')).toBeVisible();
});
