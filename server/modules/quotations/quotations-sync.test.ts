import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import { proposalPdfJobs, quotations } from '../../db/schema';
import { onServerEvents } from '../../test/event-stream';
import type { TestApp } from '../../test/helper';
import { quotationsTestApp, type H } from './quotations.fixtures';

const { u, post, put, get, createProposal, waitPdf } = quotationsTestApp();
let t: TestApp;
let full: H;
let sub1: H;
beforeAll(() => void ({ t, full, sub1 } = u));

describe('GET proposals/sync/{id} (server-sent events)', () => {
  it('streams update events until has_pdf, across LISTEN/NOTIFY, uncompressed and uncached', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // Hold the PDF back (its job held by another live process), open the stream, then change the proposal: its render NOTIFYs the stream.
    const p = await createProposal();
    await waitPdf(p.id);
    await t.database.db
      .update(quotations)
      .set({ pdfPath: null, version: sql`${quotations.version} + 1` })
      .where(eq(quotations.id, p.id));
    await t.database.db
      .update(proposalPdfJobs)
      .set({ version: 2, state: 'running', leaseUntil: sql`now() + interval '1 hour'` })
      .where(eq(proposalPdfJobs.quotationId, p.id));
    const tok = await post(`proposals/${p.id}/sync-token`, full, undefined);
    expect(tok.statusCode).toBe(200);
    const token = tok.json().data.token as string;

    const events: Proposal[] = [];
    let firstEvent: () => void = () => undefined;
    const gotFirst = new Promise<void>((r) => (firstEvent = r));
    const done = new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(
        { port, host: '127.0.0.1', path: `/api/v1/proposals/sync/${p.id}?token=${encodeURIComponent(token)}`, headers: { 'accept-encoding': 'gzip, br' } },
        (res) => {
          onServerEvents(res, (event, data) => {
            if (event !== 'update') return;
            events.push(JSON.parse(data));
            firstEvent();
          });
          res.on('end', () => resolve(res.headers));
        },
      );
      req.on('error', reject);
    });
    await gotFirst;
    expect(events[0]!.has_pdf).toBe(false);
    const upd = await put(`proposals/${p.id}`, full, { first_name: 'Marione' });
    expect(upd.statusCode).toBe(200);
    const headers = await done;
    expect(headers['content-type']).toMatch(/text\/event-stream/);
    expect(headers['cache-control']).toMatch(/no-cache/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(events.at(-1)!.has_pdf).toBe(true);
    expect(events.at(-1)!.customer.first_name).toBe('Marione');
  });

  it('refuses a missing, foreign or wrong-proposal token', async () => {
    const p = await createProposal();
    const other = await createProposal();
    expect((await get(`proposals/sync/${p.id}?token=nope`, {})).statusCode).toBe(401);
    const tok = (await post(`proposals/${other.id}/sync-token`, full, undefined)).json().data.token as string;
    expect((await get(`proposals/sync/${p.id}?token=${tok}`, {})).statusCode).toBe(401);
    const mine = await createProposal(sub1);
    expect((await post(`proposals/${mine.id}/sync-token`, full, undefined)).statusCode).toBe(404);
    // an access token is not a stream token
    expect((await get(`proposals/sync/${p.id}?token=${full.authorization!.slice(7)}`, {})).statusCode).toBe(401);
  });
});
