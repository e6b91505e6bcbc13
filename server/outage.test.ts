// Database outage (docs/adr/0107-maintenance-and-database-outage.md): the server runs as its own process on PostgreSQL reached
// through a TCP proxy in this test, so the database can be cut and brought back. While it is cut,
// requests in flight and new ones are answered 503 with Retry-After in the error envelope (never a
// crash, never a 500), /api/v1/health says the database is down while /api/v1/health/live says the
// process is up, and once the proxy is back the server serves again by itself. PostgreSQL only:
// PGlite runs inside the server process and cannot become unreachable. A network error that is not
// the database's (the probe still answers) stays a 500, on both databases.
import net from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { MESSAGES } from '@core/i18n-messages';
import { buildApp } from './app';
import { DEMO_PASSWORD } from './db/seed/users';
import { createTestApp } from './test/helper';
import { scratchPostgres, startServer } from './test/server-process';

const KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback TCP proxy to the PostgreSQL server that can be cut (listener closed, every connection destroyed) and reopened on its port. */
function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  return {
    get port() {
      return port;
    },
    async open() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', drop).on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as net.AddressInfo).port;
    },
    async cut() {
      const closing = new Promise((r) => server?.close(r));
      for (const s of sockets) s.destroy();
      await closing;
    },
  };
}

it.skipIf(KIND !== 'postgres')(
  'answers 503 with Retry-After while the database is cut, does not crash, and recovers by itself',
  { timeout: 180_000 },
  async () => {
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    const { name, drop } = await scratchPostgres('t_outage');
    cleanups.push(drop);
    const proxy = tcpProxy(admin);
    await proxy.open();
    cleanups.push(() => proxy.cut());
    const url = new URL(admin);
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    const server = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', AUTH_SECRET: 'outage-test-secret-0123456789-abcdefghijklmnop' });
    cleanups.push(() => server.kill('SIGKILL'));
    const base = server.api;

    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agente@demo.it', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const profile = () => fetch(`${base}/agent/profile`, { headers });
    expect((await profile()).status).toBe(200);
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok', database: 'up' });

    // Cut with requests in flight: each is answered, 200 (done before the cut) or 503, never 500.
    const inFlight = Array.from({ length: 12 }, () =>
      fetch(`${base}/search/offers`, { method: 'POST', headers, body: JSON.stringify({ customerType: ['privati'] }) }),
    );
    await proxy.cut();
    for (const res of await Promise.all(inFlight)) expect([200, 503]).toContain(res.status);

    // Every later request: 503, Retry-After and the maintenance message in the envelope.
    for (let i = 0; i < 3; i++) {
      const res = await profile();
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ error: { http_code: 503, message: MESSAGES.maintenance }, errors: {} });
    }
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBeTruthy();
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect(server.child.exitCode, 'the server process is still running').toBeNull();

    // The database comes back: the server notices by itself (bounded wait) and serves the same session again.
    await proxy.open();
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      healthy = (await fetch(`${base}/health`)).status === 200;
      if (!healthy) await sleep(200);
    }
    expect(healthy, 'health is 200 again once the database is back').toBe(true);
    expect((await profile()).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  },
);

it('answers 500, not 503, to a network error that does not come from the database (it still answers)', async () => {
  const t = await createTestApp();
  const app = await buildApp({ config: t.config, database: t.database, logger: false });
  try {
    // e.g. an SMTP server refusing the connection: same error code as a lost database.
    app.get('/api/v1/smtp-down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/smtp-down' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).json()).toEqual({ status: 'ok', database: 'up' });
  } finally {
    await app.close();
    await t.close();
  }
});
