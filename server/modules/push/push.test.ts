// Web Push (docs/adr/0062-web-push-for-customer-activity.md): a device subscribed, a customer opens their link,
// and a push endpoint on the loopback (a small HTTP server here, standing in for the browser's push service)
// receives the message encrypted for that device and signed with the server's VAPID key; decrypted with the
// device's keys, it says what happened. A subscription the push service calls gone is dropped.
import { createDecipheriv, createECDH, createHmac, type ECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { freshIp, type H, shareTestApp } from '../quotations/share.fixtures';

const { u, api, pub, codedProposal, share } = shareTestApp();
let t: TestApp;
let sara: H;
beforeAll(() => void ({ t, sara } = u));

type Received = { headers: http.IncomingHttpHeaders; body: Buffer; url: string };

/** A push service on the loopback: keeps what it receives and answers `status`. */
async function pushEndpoint(status: () => number) {
  const received: Received[] = [];
  let waiting: ((r: Received) => void) | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' };
      received.push(r);
      res.writeHead(status()).end();
      waiting?.(r);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    next: () => new Promise<Received>((done) => (waiting = done)),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest();

/**
 * What the browser does with a push (RFC 8291 over RFC 8188's aes128gcm, one record): the sender's public key
 * and salt from the header, the keys derived with the device's private key and auth secret.
 */
function decrypt(body: Buffer, ecdh: ECDH, auth: string): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(Buffer.from(auth, 'base64url'), shared), info, Buffer.from([1]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const record = body.subarray(21 + idLength);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2 and any zeros of padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  return padded.subarray(0, end);
}

/** A device's keys, as a browser makes them for a subscription. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('Web Push', () => {
  it('gives the VAPID public key; takes only https subscriptions through the API', async () => {
    const key = (await api('GET', 'push/key', sara)).json().data.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const device = deviceKeys();
    const refused = await api('POST', 'push/subscriptions', sara, { endpoint: 'http://127.0.0.1:9/push', keys: { p256dh: device.p256dh, auth: device.auth } });
    expect(refused.statusCode).toBe(422);
    const ok = await api('POST', 'push/subscriptions', sara, { endpoint: 'https://push.example/sara', keys: { p256dh: device.p256dh, auth: device.auth } });
    expect(ok.json().data).toEqual({ subscribed: true, devices: 1 });
    const off = await api('POST', 'push/subscriptions/remove', sara, { endpoint: 'https://push.example/sara' });
    expect(off.json().data).toEqual({ subscribed: false, devices: 0 });
  });

  it('sends a customer’s visit to the agent’s device, encrypted for it and signed with the VAPID key; drops a gone device', async () => {
    let status = 201;
    const endpoint = await pushEndpoint(() => status);
    try {
      const device = deviceKeys();
      const saraId = t.ids.get('sub1')!;
      await t.app.push.subscribe(saraId, { endpoint: endpoint.url('/push/sara-phone'), keys: { p256dh: device.p256dh, auth: device.auth } });
      const p = await codedProposal();
      const { token } = await share(p);
      const arrived = endpoint.next();
      expect((await pub('GET', token, freshIp())).statusCode).toBe(200);
      const push = await arrived;
      expect(push.url).toBe('/push/sara-phone');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const key = (await api('GET', 'push/key', sara)).json().data.public_key as string;
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
      const plain = decrypt(push.body, device.ecdh, device.auth);
      expect(JSON.parse(plain.toString('utf8'))).toEqual({ kind: 'opened', quotation: p.id, title: p.title, customer: 'Mario Rossi' });

      // The push service says the device is gone: its subscription is dropped.
      status = 410;
      const { token: other } = await share(await codedProposal());
      const gone = endpoint.next();
      await pub('GET', other, freshIp());
      await gone;
      await expect.poll(async () => (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, saraId))).length).toBe(0);
    } finally {
      await endpoint.close();
    }
  });
});
