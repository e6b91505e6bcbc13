import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// The credit-check widget as a user drives it (e2e/credit-check.spec.ts, e2e/offline-restarts.spec.ts).

export const NOTIFICATION = 'Scopri quali sono le offerte più adatte al tuo cliente!';
export const button = (page: Page) => page.getByRole('button', { name: 'Credit check', exact: true });
export const modal = (page: Page) => page.locator('ion-modal.cc-modal');
export const question = (page: Page, key: string) => modal(page).locator(`[data-question="${key}"]`);

export async function openModal(page: Page) {
  await button(page).click();
  await page.getByRole('dialog', { name: NOTIFICATION }).getByRole('button', { name: 'Inizia' }).click();
  await expect(modal(page)).toBeVisible();
}

export async function chooseCategory(page: Page, label: string) {
  await modal(page).locator('ion-select.cc-category').click();
  await page.locator('ion-popover.select-popover').getByRole('radio', { name: label }).click();
  await expect(page.locator('ion-popover.select-popover')).toHaveCount(0);
}

export async function yesNo(page: Page, key: string, answer: 'Sì' | 'No') {
  await question(page, key).getByRole('button', { name: answer, exact: true }).click();
}

export async function amount(page: Page, key: string, value: string, shown: string) {
  const q = question(page, key);
  const ok = q.getByRole('button', { name: 'Ok' });
  await expect(ok).toBeDisabled(); // empty: Ok disabled
  await q.locator('input').fill(value);
  await expect(q.locator('input')).toHaveValue(shown); // '.' thousands separator
  await ok.click();
}

export async function choice(page: Page, key: string, label: string) {
  await question(page, key).locator('ion-select').click();
  await page.locator('ion-popover.select-popover').getByRole('radio', { name: label }).click();
  await expect(page.locator('ion-popover.select-popover')).toHaveCount(0);
}

export const result = (page: Page): Locator => modal(page).locator('.cc-alert[data-chance]');

/** A retired customer who passes (35% of 1.500 € = 525 € a month). */
export async function retiredCheck(page: Page) {
  await chooseCategory(page, 'Pensionato');
  await amount(page, 'net_monthly_income', '1500', '1.500');
  await amount(page, 'other_loans', '0', '0');
  await yesNo(page, 'guarantor', 'No');
  await yesNo(page, 'bad_payer', 'No');
  await modal(page).getByRole('button', { name: 'Verifica' }).click();
  await expect(result(page)).toHaveAttribute('data-chance', '2');
}
