import type { Page, Response } from '@playwright/test';
import type { OfferDetail } from '../core/schemas/offer-detail';
import { expect, screen } from './fixtures';

// Steps on an offer detail shared by the offer-detail and customer-documents specs.

/** The detail's own read of its offer (GET /api/v1/offers/{code}). */
export const isDetail = (r: Response) => /\/api\/v1\/offers\/OF\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET';

/** Opens a detail and answers the offer it read, once its rate is on screen. */
export async function openDetail(page: Page, href: string): Promise<OfferDetail> {
  const response = page.waitForResponse(isDetail);
  await page.goto(href);
  const offer = ((await (await response).json()) as { data: OfferDetail }).data;
  await expect(screen(page).getByTestId('monthly-rate')).toBeVisible();
  return offer;
}
