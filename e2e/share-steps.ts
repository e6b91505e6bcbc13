// The customer's link in browser tests (share.spec.ts, signing.spec.ts): a quotation past its credit check
// with its PDF, and the customer's phone (another browser context, no session).
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Proposal } from '../core/schemas/quotations';
import { privateProposal } from '../server/test/payloads';
import { E2E } from './env';
import { expect, laidOut, USERS } from './fixtures';
import { apiLogin, offerRef, uniqueFiscalCode } from './quotation-steps';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
const ANSWERS = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };

/** A quotation of `agent` (the full demo agent by default) past its credit check (so with its code), for a customer of its own, with its PDF. */
export async function codedQuotation(request: APIRequestContext, agent: string = USERS.full) {
  const headers = await apiLogin(request, agent);
  const ref = await offerRef(request, headers, 'privati');
  const email = `cliente.${Date.now()}@example.it`;
  const res = await request.post('/api/v1/proposals', {
    headers,
    data: privateProposal(ref, {
      email,
      fiscal_code: uniqueFiscalCode(),
      sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS },
    }),
  });
  expect(res.status()).toBe(201);
  const proposal = (await res.json()).data as Proposal;
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/proposals/${proposal.id}`, { headers })).json()).data as Proposal).has_pdf, { timeout: 20_000 })
    .toBe(true);
  return { headers, proposal, email };
}

/** The customer: another browser context, no session, a phone's screen. */
export async function customerPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome', baseURL: E2E.baseUrl, serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

/** The customer's page, whole, at phone and desktop width (it scrolls inside Ionic's content, so the viewport grows to hold it). */
export async function shot(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await laidOut(page);
    const height = await page.evaluate(() => (document.querySelector('.cl-bar')?.scrollHeight ?? 0) + (document.querySelector('.cl-main')?.scrollHeight ?? 0));
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
    await laidOut(page);
    await page.screenshot({ path: `test-results/shots/${name}-${size.width}.png` });
  }
  await page.setViewportSize(PHONE);
}
