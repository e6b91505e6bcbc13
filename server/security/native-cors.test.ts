import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

// The native shells call the API from their own origins (docs/native.md); nobody else gets CORS answers.
describe('CORS for the native shells only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const preflight = (origin: string, headers = 'authorization,x-refresh-token,idempotency-key,content-type') =>
    t.inject({
      method: 'OPTIONS',
      url: '/api/v1/quotations',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    });

  it.each(['capacitor://localhost', 'https://localhost'])('lets %s send the session headers and read the renewed tokens', async (origin) => {
    const res = await preflight(origin);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-refresh-token');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();

    const { headers } = await t.login('agente@demo.it');
    const answer = await t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers: { ...headers, origin } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('X-Access-Token');
  });

  it('reaches the unauthenticated prescoring service and the liveness probe from the shell', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/health/live', headers: { origin: 'capacitor://localhost' } });
    expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
  });

  it.each(['https://evil.example', 'http://localhost', 'null'])('gives another origin (%s) no CORS answer', async (origin) => {
    const res = await preflight(origin);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const { headers } = await t.login('agente@demo.it');
    const answer = await t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers: { ...headers, origin } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('can be switched off (NATIVE_ORIGINS empty)', async () => {
    const off = await createTestApp({ nativeOrigins: [] });
    try {
      const res = await off.inject({ method: 'GET', url: '/api/v1/health/live', headers: { origin: 'capacitor://localhost' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
