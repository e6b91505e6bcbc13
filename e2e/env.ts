import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);

/**
 * The end-to-end server: its own port, data folder and signing secret (so tests can forge an
 * expired token). E2E_PORT and E2E_DATA_DIR let two checkouts run their suites side by side.
 */
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir: path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e'),
  authSecret: 'e2e-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  ssoIssuer: 'demo-idp',
  ssoSecret: 'demo-sso-secret-change-me-please',
  password: 'Demo2026!',
};
