// Requests Node's HTTP parser refuses before Fastify sees them (docs/security.md): a malformed request line
// and headers over Node's limit are answered in the error envelope with an Italian message, on a real
// socket (app.inject bypasses the parser).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/i18n-messages';
import { createTestApp, type TestApp } from './test/helper';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads until the server closes the connection (bounded by a 10 s timeout). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head.toLowerCase(), body });
    });
    socket.end(request);
  });
}

describe('errors raised by Node itself', () => {
  it('answers a malformed request line with 400 in the envelope', async () => {
    const res = await raw('NOT A REQUEST LINE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toContain('content-type: application/json');
    expect(JSON.parse(res.body)).toEqual({ error: { http_code: 400, message: MESSAGES.badRequest }, errors: {} });
  });

  it('answers headers over the limit with 431 in the envelope', async () => {
    const res = await raw(`GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: { http_code: 431, message: MESSAGES.headersTooLarge }, errors: {} });
  });

  it('still serves well-formed requests', async () => {
    const res = await raw('GET /api/v1/health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
