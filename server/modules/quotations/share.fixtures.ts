// The customer's link server tests' common ground (docs/adr/0133-customer-link.md, share.ts): one test app per file, four
// agents, a public offer, and helpers for the agent's routes and the customer's public ones. Each
// share-*.test.ts calls `shareTestApp()` at its top.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import type { QuotationShare } from '@core/schemas/share';
import { codeInMail } from '@core/signing';
import { quotations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { privateProposal, publicOfferRef } from '../../test/payloads';
import { ANSWERS } from './quotations.fixtures';

export type H = Record<string, string>;

export type ShareUsers = {
  t: TestApp;
  sara: H; // sub-agent of NET-NORD: quotations, no strict-upload, no rebrand
  full: H; // every feature: strict-upload, rebrand (dark theme)
  leader: H; // NET-NORD's leader: sees Sara's quotations
  other: H; // another network's agent
  ref: string; // a public offer for private customers
};

export const newToken = () => randomBytes(32).toString('base64url');
let ipCounter = 10;
/** Each test its own client address, so the per-IP limits of one do not touch another. */
export const freshIp = () => `198.51.100.${ipCounter++}`;

export function shareTestApp() {
  const u = {} as ShareUsers;
  beforeAll(async () => {
    u.t = await createTestApp();
    u.sara = (await u.t.login('sara.conti@demo.it')).headers;
    u.full = (await u.t.login('completo@demo.it')).headers;
    u.leader = (await u.t.login('capogruppo@demo.it')).headers;
    u.other = (await u.t.login('davide.greco@demo.it')).headers;
    u.ref = await publicOfferRef(u.t.database.db, 'privati');
  });
  afterAll(() => u.t.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown, extra: H = {}) =>
    u.t.inject({ method, url: `/api/v1/${url}`, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A public call as a customer from `ip` (no credentials). */
  const pub = (method: 'GET' | 'POST', path: string, ip: string, payload?: unknown, headers: H = {}) =>
    u.t.inject({ method, url: `/api/v1/share/${path}`, remoteAddress: ip, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const upload = (token: string, ip: string, fileType: string, file: Buffer, filename = 'documento.pdf') => {
    const form = multipartBody([
      { name: 'file_type', value: fileType },
      { name: 'file', value: file, filename, type: 'application/pdf' },
    ]);
    return u.t.inject({ method: 'POST', url: `/api/v1/share/${token}/documents`, remoteAddress: ip, headers: form.headers, payload: form.payload });
  };

  /** A proposal with its credit check recorded (so with its code), as `headers`' agent. */
  async function codedProposal(headers = u.sara): Promise<Proposal> {
    const res = await api(
      'POST',
      'proposals',
      headers,
      privateProposal(u.ref, { sustainability: { contractualCategory: 'tempo-indeterminato', answers: ANSWERS } }),
    );
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    const p = res.json().data as Proposal;
    expect(p.quotation.data.code).toMatch(/^\d{8}$/);
    return p;
  }

  async function share(p: { id: number }, headers = u.sara, token = newToken(), key?: string) {
    const res = await api('POST', `quotations/${p.id}/share`, headers, { token }, key ? { 'idempotency-key': key } : {});
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return { token, link: res.json().data as QuotationShare };
  }

  async function waitPdf(id: number) {
    for (let i = 0; i < 100; i++) {
      const [row] = await u.t.database.db.select({ pdf: quotations.pdfPath }).from(quotations).where(eq(quotations.id, id));
      if (row?.pdf) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('pdf never ready');
  }

  /** The newest mail to `to` in the server's mail folder (no SMTP in tests). */
  function lastMail(to: string): string {
    const dir = u.t.config.mailDir;
    const file = readdirSync(dir)
      .filter((f) => f.endsWith(`-${to}.txt`))
      .sort()
      .at(-1);
    if (!file) throw new Error(`no mail for ${to}`);
    return readFileSync(path.join(dir, file), 'utf8');
  }

  /** Asks for a signing code (once the proposal's PDF is ready: 409 before) and reads it from the customer's mail. */
  async function signCode(token: string, ip: string, to = 'mario.rossi@example.it') {
    for (let i = 0; i < 200; i++) {
      const res = await pub('POST', `${token}/accept/code`, ip);
      if (res.statusCode !== 409) {
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
        return { res, code: codeInMail(lastMail(to))! };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('pdf never ready for a code');
  }

  /** The customer accepts and signs with the code from their mail. */
  async function acceptSigned(token: string, ip: string, body: { name: string; consent: boolean } = { name: 'Mario Rossi', consent: true }, headers: H = {}) {
    const { code } = await signCode(token, ip);
    return pub('POST', `${token}/accept`, ip, { ...body, code }, headers);
  }

  return { u, api, pub, upload, codedProposal, share, waitPdf, lastMail, signCode, acceptSigned };
}
