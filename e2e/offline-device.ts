// A phone that keeps its data (docs/adr/0157-persisted-query-cache.md): one persistent browser profile (the service worker, IndexedDB and the
// persisted cache survive restarts) whose connection goes through a switch (e2e/net-switch.ts). Shared by
// e2e/offline-restarts.spec.ts and e2e/compare.spec.ts.
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM } from '../playwright.config';
import { appFilesMissing, cacheSavedOnDevice, deviceRecords } from './device';
import { E2E } from './env';
import { expect, loginAs, USERS } from './fixtures';
import type { netSwitch } from './net-switch';

export type NetSwitch = Awaited<ReturnType<typeof netSwitch>>;

/** Debian's Chromium at phone width on the profile in `dir`, every request through the switch. */
export const launchDevice = (dir: string, net: NetSwitch) =>
  chromium.launchPersistentContext(dir, {
    ...CHROMIUM,
    proxy: net.proxy,
    serviceWorkers: 'allow',
    baseURL: E2E.baseUrl,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width: 390, height: 844 },
  });

/** No network at all: the browser knows it (navigator.onLine) and nothing gets through, the worker's requests included. */
export async function goOffline(context: BrowserContext, net: NetSwitch) {
  await context.setOffline(true);
  net.set('down');
}
export async function goOnline(context: BrowserContext, net: NetSwitch) {
  net.set('up');
  await context.setOffline(false);
}

export type Screen = { url: string; shows: (page: Page) => Promise<void> };

/** Logged in, every given screen seen once online, the worker in control, the app's files and the catalogue on the device. */
export async function preparedDevice(context: BrowserContext, screens: Screen[], email: string = USERS.full) {
  const page = context.pages()[0] ?? (await context.newPage());
  await loginAs(page, email);
  await expect(page.getByTestId('top-user')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => deviceRecords(page, 'offers'), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => appFilesMissing(page), { timeout: 60_000 }).toBe(0);
  for (const s of screens) {
    await page.goto(s.url);
    await s.shows(page);
    // An agent looks at a screen until what it shows is on the device.
    await cacheSavedOnDevice(page);
  }
  return page;
}
