import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, offerVariations } from '../db/schema';
import { encodePng } from '../lib/png';
import { createTestApp, storedKeys, type TestApp } from '../test/helper';
import { customCar, privateProposal } from '../test/payloads';
import { multipartBody } from '../test/multipart';

/**
 * Uploads across the app (docs/adr/0109-uploaded-files.md): the type is taken from the content, never from the name or
 * the declared type; sizes are bounded; the client's file name never reaches the disk; files live
 * under DATA_DIR/uploads, outside the folder the app serves; an uploaded SVG is never accepted, and
 * the SVGs the app draws itself cannot run scripts even when opened directly.
 */

type H = Record<string, string>;
let t: TestApp;
let full: H; // completo@demo.it: logo, quotation documents
let leader: H; // capogruppo@demo.it: car images, marketing posts
let carId: number;
let quotationCode: string;

const png = () => encodePng(8, 8, (x, y) => [x * 30, y * 30, 120]);
const gif = () => Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'); // 1x1 GIF89a
const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
const svg = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
const html = () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

type Upload = {
  name: string;
  field: string;
  headers: () => H;
  fields: () => Record<string, string>;
  accepts: () => Buffer;
  limitMessage: string;
  limitBytes: number;
};
const UPLOADS: Upload[] = [
  {
    name: 'logo',
    field: 'logo',
    headers: () => full,
    fields: () => ({}),
    accepts: png,
    limitMessage: 'Il file deve pesare meno di 2MB',
    limitBytes: 2 * 1024 * 1024,
  },
  {
    name: 'car images',
    field: 'immagini[]',
    headers: () => leader,
    fields: () => ({ car: String(carId) }),
    accepts: png,
    limitMessage: 'Il file deve pesare meno di 2MB',
    limitBytes: 2 * 1024 * 1024,
  },
  {
    name: 'marketing images',
    field: 'images',
    headers: () => leader,
    fields: () => ({ title: 'Promo', description: '' }),
    accepts: png,
    limitMessage: 'Il file deve pesare meno di 2MB',
    limitBytes: 2 * 1024 * 1024,
  },
  {
    name: 'quotation documents',
    field: 'file',
    headers: () => full,
    fields: () => ({ quotation: quotationCode, file_type: 'identity' }),
    accepts: pdf,
    limitMessage: 'Il file deve pesare meno di 10MB',
    limitBytes: 10 * 1024 * 1024,
  },
  // The customer's upload through their link (docs/adr/0133-customer-link.md): the same checks, with the token alone.
  {
    name: 'customer documents',
    field: 'file',
    headers: () => ({}),
    fields: () => ({ file_type: 'fiscal_code' }),
    accepts: pdf,
    limitMessage: 'Il file deve pesare meno di 10MB',
    limitBytes: 10 * 1024 * 1024,
  },
];
let shareToken: string;
const URLS: Record<string, () => string> = {
  logo: () => '/api/v1/agent/logo',
  'car images': () => '/api/v1/car/images',
  'marketing images': () => '/api/v1/marketing/posts',
  'quotation documents': () => '/api/v1/quotations/documents/upload',
  'customer documents': () => `/api/v1/share/${shareToken}/documents`,
};

function send(u: Upload, data: Buffer, filename: string, type: string) {
  const form = multipartBody([...Object.entries(u.fields()).map(([name, value]) => ({ name, value })), { name: u.field, value: data, filename, type }]);
  return t.inject({ method: 'POST', url: URLS[u.name]!(), headers: { ...u.headers(), ...form.headers }, payload: form.payload });
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

beforeAll(async () => {
  // A built app exists, so the static file server is on: uploads must still be unreachable through it.
  const distDir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Portale</title>');
  t = await createTestApp({ distDir });

  full = (await t.login('completo@demo.it')).headers;
  leader = (await t.login('capogruppo@demo.it')).headers;
  const car = await t.inject({
    method: 'POST',
    url: '/api/v1/car',
    headers: leader,
    payload: customCar({ allestimento: 'Upload', desc_motore: '1.2' }),
  });
  carId = car.json().data.id;
  // A quotation of completo@demo.it with its code (credit check answered), so documents can be attached.
  const [v] = await t.database.db
    .select({ ref: offerVariations.ref })
    .from(offerVariations)
    .innerJoin(offers, eq(offers.id, offerVariations.offerId))
    .where(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt), eq(offers.customerType, 'privati')))
    .limit(1);
  const created = await t.inject({
    method: 'POST',
    url: '/api/v1/proposals',
    headers: full,
    payload: privateProposal(v!.ref),
  });
  const answers = { trial_period_ended: true, net_monthly_income: 2500, other_loans: 0, guarantor: false, bad_payer: false, over_72: false };
  const coded = await t.inject({
    method: 'PUT',
    url: `/api/v1/proposals/${created.json().data.id}`,
    headers: full,
    payload: { sustainability: { contractualCategory: 'tempo-indeterminato', answers } },
  });
  quotationCode = coded.json().data.quotation.data.code;
  expect(quotationCode).toBeTruthy();
  shareToken = randomBytes(32).toString('base64url');
  const shared = await t.inject({ method: 'POST', url: `/api/v1/quotations/${quotationCode}/share`, headers: full, payload: { token: shareToken } });
  expect(shared.statusCode).toBe(201);
});
afterAll(() => t?.close());

describe('uploads', () => {
  it.each(UPLOADS.map((u) => [u.name, u] as const))('%s: the type comes from the content (SVG, HTML and look-alikes are refused)', async (_name, u) => {
    const samples: [Buffer, string, string][] = [
      [svg(), 'logo.svg', 'image/svg+xml'],
      [svg(), 'foto.png', 'image/png'],
      [svg(), 'documento.pdf', 'application/pdf'],
      [html(), 'pagina.png', 'image/png'],
    ];
    // A PDF header makes a PDF, not an image.
    if (u.field !== 'file') samples.push([Buffer.from('%PDF-1.4 solo intestazione'), 'foto.png', 'image/png']);
    for (const [data, filename, type] of samples) {
      const res = await send(u, data, filename, type);
      expect(res.statusCode, `${u.name} ${filename}`).toBe(422);
      expect(res.json().errors[u.field], `${u.name} ${filename}`).toHaveLength(1);
    }
  });

  it.each(UPLOADS.map((u) => [u.name, u] as const))('%s: a file over the limit is a field error, not a 413 or a 500', async (_name, u) => {
    const big = Buffer.concat([u.accepts(), Buffer.alloc(u.limitBytes + 1024, 0x20)]);
    const res = await send(u, big, 'grande', 'application/octet-stream');
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toContain(u.limitMessage);
  });

  it('keeps the client file name out of the file store (generated keys only) and off the disk, outside the served folder', async () => {
    const evil = '../../../../tmp/evil<script>.png';
    for (const u of UPLOADS) {
      const res = await send(u, u.accepts(), u.name === 'quotation documents' ? '../../../../tmp/evil.pdf' : evil, 'image/svg+xml');
      expect(res.statusCode, `${u.name}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    // The store in use (the folder on PGlite, the database on PostgreSQL): only generated keys, '<folder>/<random>.<ext of the sniffed type>'.
    const keys = await storedKeys(t);
    expect(keys.length).toBeGreaterThanOrEqual(UPLOADS.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp|pdf)$/);
    expect(filesUnder(t.config.dataDir).filter((f) => /evil|script/i.test(f))).toEqual([]);
    expect(path.relative(t.config.distDir, t.config.files.dir).startsWith('..')).toBe(true);
    // The shown name of a document is the base name only.
    const proposal = await t.inject({ method: 'GET', url: `/api/v1/proposals/${quotationCode}`, headers: full });
    const names = (proposal.json().data.quotation.data.attachments as { files: { name: string }[] }[]).flatMap((s) => s.files.map((f) => f.name));
    expect(names).toContain('evil.pdf');

    // No URL of the static server reaches an upload (it answers the app shell or 404, never the file).
    for (const key of keys) {
      for (const url of [`/uploads/${key}`, `/${key}`, `/assets/../uploads/${key}`, `/%2e%2e/uploads/${key}`, `/api/v1/uploads/${key}`]) {
        const res = await t.inject({ method: 'GET', url });
        expect([200, 404], url).toContain(res.statusCode);
        if (res.statusCode === 200) expect(res.headers['content-type'], url).toContain('text/html');
      }
    }
  });

  it('serves uploaded images with the sniffed type, nosniff, and never as HTML or SVG', async () => {
    // A GIF sent as logo.png with a declared SVG type is stored and served as a GIF.
    const logo = await send(UPLOADS[0]!, gif(), 'logo.png', 'image/svg+xml');
    expect(logo.statusCode).toBe(200);
    const served = await t.inject({ method: 'GET', url: logo.json().data.logo });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const images = await send(UPLOADS[1]!, gif(), 'foto.svg', 'image/svg+xml');
    const custom = (images.json().data as { group: string; source: string }[]).filter((i) => i.group === 'custom');
    for (const i of custom) {
      const file = await t.inject({ method: 'GET', url: i.source });
      expect(file.headers['content-type']).toMatch(/^image\/(png|gif|jpeg|webp)$/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
    }

    const post = await send(UPLOADS[2]!, gif(), 'promo.html', 'text/html');
    const item = post.json().data.items[0] as { image: string; image_name: string };
    expect(item.image_name).toMatch(/\.gif$/);
    const img = await t.inject({ method: 'GET', url: item.image });
    expect(img.headers['content-type']).toBe('image/gif');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the SVGs the app draws with a CSP that forbids scripts, and no user-supplied SVG at all', async () => {
    const [o] = await t.database.db.select({ image: offers.image }).from(offers).limit(1);
    for (const url of ['/api/v1/car/brands/FIA/logo.svg', o!.image!]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).not.toContain('script-src');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).not.toMatch(/<script|onload=|javascript:/i);
    }
    // What a user typed never ends up in them: the brand code is looked up, the render code parsed.
    expect((await t.inject({ method: 'GET', url: '/api/v1/car/brands/%3Cs%3E/logo.svg' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/car/images/render/%3Cscript%3E.svg' })).statusCode).toBe(404);
  });
});

describe('security headers (server/lib/security.ts)', () => {
  const COMMON = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
  };

  it('sends them on API answers, errors included, and keeps API answers out of caches', async () => {
    for (const res of [
      await t.inject({ method: 'GET', url: '/api/v1/agent/profile', headers: full }),
      await t.inject({ method: 'GET', url: '/api/v1/agent/profile' }),
      await t.inject({ method: 'GET', url: '/api/v1/nessuna' }),
    ]) {
      expect(res.headers).toMatchObject(COMMON);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // X-Forwarded-Proto counts only from a trusted proxy (TRUST_PROXY, none by default: docs/adr/0102-sign-in-throttling.md).
    const forged = await t.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const { buildApp } = await import('../app');
    const behindProxy = await buildApp({ config: { ...t.config, trustProxy: true }, database: t.database, logger: false });
    try {
      const https = await behindProxy.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindProxy.close();
    }
  });

  it('gives the app shell a CSP without inline or foreign scripts, framing or plugins', async () => {
    const res = await t.inject({ method: 'GET', url: '/offers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject(COMMON);
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "connect-src 'self'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('opens a customer’s link page (/p/{token}) with no referrer and out of search engines', async () => {
    const res = await t.inject({ method: 'GET', url: `/p/${shareToken}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
