import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Transform } from 'node:stream';

/**
 * The phone's connection, between the browser and the e2e server: an HTTP proxy on this machine that
 * the browser sends everything through (pages and the service worker alike, which the browser's own
 * offline emulation does not cover on a persistent profile). 'up' forwards; 'down' drops every
 * connection (no network); 'hang' accepts and never answers (a network that carries nothing);
 * '503' answers as a gateway whose server is away.
 */
export type NetMode = 'up' | 'down' | 'hang' | '503';

/**
 * A slow line, at the proxy, so that the service worker's fetches are as slow as the page's (the browser's
 * own emulation leaves the worker at full speed): each request waits half the round trip before it goes
 * and half before its answer starts, and the bytes of every request (and of every answer) share one link
 * of the given speed, in both directions, as on a phone's line.
 */
export type Line = { rttMs: number; downKbps: number; upKbps: number };
/** Chrome DevTools' Slow 3G, as the budget names it (docs/architecture.md): 400 ms, 400 kbit/s each way. */
export const SLOW_3G: Line = { rttMs: 400, downKbps: 400, upKbps: 400 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One direction of the line: bytes leave at its speed, whoever sends them, in the order they were given. */
function link(kbps: number) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let free = 0;
  return async (bytes: number) => {
    const now = Date.now();
    free = Math.max(free, now) + bytes / bytesPerMs;
    await sleep(free - now);
  };
}

/** A stream through `take`, in pieces of a few KB so that streams sharing the link interleave. */
function paced(take: (bytes: number) => Promise<void>) {
  const PIECE = 4096;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      void (async () => {
        for (let i = 0; i < chunk.length; i += PIECE) {
          const piece = chunk.subarray(i, i + PIECE);
          await take(piece.length);
          this.push(piece);
        }
        done();
      })();
    },
  });
}

export async function netSwitch(target: string) {
  let mode: NetMode = 'up';
  let line: { rttMs: number; down: (n: number) => Promise<void>; up: (n: number) => Promise<void> } | null = null;
  /** Appended to the service worker's script while set: the browser sees a new build of the app (newBuild). */
  let workerSuffix = '';
  const hung = new Set<http.ServerResponse>();
  const upstream = new URL(target);
  const server = http.createServer(async (req, res) => {
    const slow = line;
    if (slow) await sleep(slow.rttMs / 2);
    if (mode === 'down') return req.socket.destroy();
    if (mode === 'hang') {
      hung.add(res);
      return;
    }
    if (mode === '503') {
      res.writeHead(503, { 'Content-Type': 'text/html' }).end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
      return;
    }
    const url = new URL(req.url ?? '/', target);
    const rewrite = workerSuffix !== '' && url.pathname === '/sw.js';
    // The whole script, not a 304, when it is to be rewritten.
    const headers = { ...req.headers };
    if (rewrite) {
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
      headers['accept-encoding'] = 'identity';
    }
    const out = http.request({ host: upstream.hostname, port: upstream.port, path: url.pathname + url.search, method: req.method, headers }, async (up) => {
      if (slow) await sleep(slow.rttMs / 2);
      if (mode === 'down') return req.socket.destroy();
      if (!rewrite) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        (slow ? up.pipe(paced(slow.down)) : up).pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(workerSuffix)]);
        const { etag: _etag, 'last-modified': _modified, 'content-length': _length, ...rest } = up.headers;
        res.writeHead(up.statusCode ?? 502, { ...rest, 'content-length': body.length }).end(body);
      });
    });
    out.on('error', () => res.destroy());
    (slow ? req.pipe(paced(slow.up)) : req).pipe(out);
  });
  // A cut line ends what was under way too (a slow answer would otherwise go on arriving).
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** For the browser's `proxy` option: loopback addresses are proxied too. */
    proxy: { server: `http://127.0.0.1:${port}`, bypass: '<-loopback>' },
    /** From now on the service worker's script differs by a comment, as after a new release of the app. */
    newBuild() {
      workerSuffix = `\n// build ${Date.now()}\n`;
    },
    /** From now on every request goes over `next` (null: at the machine's speed). */
    throttle(next: Line | null) {
      line = next && { rttMs: next.rttMs, down: link(next.downKbps), up: link(next.upKbps) };
    },
    set(next: NetMode) {
      mode = next;
      if (next === 'down') for (const socket of sockets) socket.destroy();
      if (next !== 'hang') {
        for (const res of hung) res.destroy();
        hung.clear();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
