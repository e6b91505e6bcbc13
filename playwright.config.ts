import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/env';

// Debian's Chromium (no browser download here); flags keep it off the closed network. Specs that launch a browser themselves use it too.
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  // No retries, in CI either: a test that passes only on its second try is a defect to fix, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseUrl,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // Traces only locally: CI keeps its printed output, not test-results, and recording every action costs the run.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    launchOptions: CHROMIUM,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /maintenance\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: CHROMIUM },
    },
    // Maintenance mode affects every request: it runs alone, after the others.
    {
      name: 'maintenance',
      testMatch: /maintenance\.spec\.ts/,
      dependencies: ['desktop'],
      use: { viewport: { width: 1280, height: 800 }, launchOptions: CHROMIUM },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E.dataDir} && tsx server/main.ts`,
    url: `${E2E.baseUrl}/api/v1/health`,
    reuseExistingServer: false,
    stdout: 'pipe', // server warnings and errors show up in the test output
    timeout: 180_000,
    env: {
      PORT: String(E2E.port),
      DATA_DIR: E2E.dataDir,
      AUTH_SECRET: E2E.authSecret,
      PUBLIC_URL: E2E.baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The one-time code's expiry is proven on the server's clock moved forward per request (server/lib/clock.ts); tests only.
      TEST_CLOCK: '1',
    },
  },
});
