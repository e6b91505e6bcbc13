import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@core/i18n-messages';
import { envelope, invalid } from './errors';

// Ionic sets inline styles on its components, so style-src needs 'unsafe-inline'; scripts never do.
// The one inline attribute allowed is Ionic React's feature test for custom events: it sets an
// `on<event>="return;"` attribute on a detached div and checks the browser compiled it; the hash
// allows exactly that text and nothing else.
export const IONIC_EVENT_PROBE_HASH = "'sha256-i+qr4lq34KgNHiW62lWi9aInEBwiEOrfCzaNPCvkqD8='";
const CSP = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets our own WebAssembly compile (the tessera sanitaria's barcode reader, docs/adr/0061);
  // it allows no eval of JavaScript.
  "script-src 'self' 'wasm-unsafe-eval'",
  `script-src-attr 'unsafe-hashes' ${IONIC_EVENT_PROBE_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // A customer's link carries its token in the address (/p/{token}, docs/adr/0133-customer-link.md): that page sends no referrer at all.
    reply.header('Referrer-Policy', request.url.startsWith('/p/') ? 'no-referrer' : 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // The camera for the app's own pages only: the wizard reads the tessera sanitaria (docs/adr/0061).
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    // Over HTTPS (directly or per the trusted proxy's X-Forwarded-Proto) browsers must keep to HTTPS.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!request.url.startsWith('/api/') || String(reply.getHeader('content-type') ?? '').includes('html')) {
      reply.header('Content-Security-Policy', CSP);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}

/**
 * Maintenance switch: MAINTENANCE_MODE=true, or a file named `maintenance` in the data folder
 * (so operators can flip it without a restart). The API then answers 503, which sends the app to /login.
 */
export function registerMaintenance(app: FastifyInstance, opts: { always: boolean; dataDir: string }) {
  const flag = path.join(opts.dataDir, 'maintenance');
  let cached = { at: 0, on: false };
  const isOn = () => {
    if (opts.always) return true;
    if (Date.now() - cached.at > 1000) cached = { at: Date.now(), on: existsSync(flag) };
    return cached.on;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/v1/health')) return;
    if (isOn()) return reply.status(503).header('Retry-After', '300').send(envelope(503, MESSAGES.maintenance));
  });
}

/**
 * Where a NUL character hides in parsed input ('' for the value itself, else the dotted path), or
 * null. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return at;
        stack.push([child, at ? `${at}.${k}` : k]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL characters: a request with one in its path, query or JSON body is
 * refused with a field error here, instead of failing in the database with a 500.
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const at = findNul(value);
      if (at !== null) throw invalid({ [at || '_']: [MESSAGES.invalidValue] });
    }
  });
}
