import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The phone's connection, between the browser and the e2e server: an HTTP proxy on this machine that
 * the browser sends everything through (pages and the service worker alike, which the browser's own
 * offline emulation does not cover on a persistent profile). 'up' forwards; 'down' drops every
 * connection (no network); 'hang' accepts and never answers (a network that carries nothing);
 * '503' answers as a gateway whose server is away.
 */
export type NetMode = 'up' | 'down' | 'hang' | '503';

export async function netSwitch(target: string) {
  let mode: NetMode = 'up';
  /** Appended to the service worker's script while set: the browser sees a new build of the app (newBuild). */
  let workerSuffix = '';
  const hung = new Set<http.ServerResponse>();
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
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
    const out = http.request({ host: upstream.hostname, port: upstream.port, path: url.pathname + url.search, method: req.method, headers }, (up) => {
      if (!rewrite) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
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
    req.pipe(out);
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
    set(next: NetMode) {
      mode = next;
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
