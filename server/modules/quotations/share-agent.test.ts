// The customer's link (docs/adr/0133-customer-link.md): rules of server/modules/quotations/share.ts.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import type { QuotationShare } from '@core/schemas/share';
import { sharePath } from '@core/share';
import { mails, quotations, quotationShares } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { privateProposal } from '../../test/payloads';
import { MAX_ACTIVE_SHARES } from './share';
import type { TestApp } from '../../test/helper';
import { onServerEvents } from '../../test/event-stream';
import { tinyPdf } from './quotations.fixtures';
import { shareTestApp, type H, newToken, freshIp } from './share.fixtures';

const { u, api, pub, upload, codedProposal, share, acceptSigned } = shareTestApp();
let t: TestApp;
let sara: H;
let leader: H;
let other: H;
let ref: string;
beforeAll(() => void ({ t, sara, leader, other, ref } = u));

describe('the agent creates, lists and revokes links', () => {
  it('creates a link that expires with the proposal and keeps only the token’s SHA-256', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    expect(link).toMatchObject({ state: 'active', revoked_at: null, opened_at: null, open_count: 0, documents: 0, accepted_at: null });
    // The proposal's validity: 30 days from its creation, the PDF's 'valido fino al'.
    expect(new Date(link.expires_at).getTime() - new Date(p.created_at).getTime()).toBe(30 * 86_400_000);
    const [row] = await t.database.db.select().from(quotationShares).where(eq(quotationShares.id, link.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Listed to the agent and their group leader, never to another agent (404, as every quotation route).
    const mine = await api('GET', `quotations/${p.id}/share`, sara);
    expect(mine.json().data.map((s: QuotationShare) => s.id)).toEqual([link.id]);
    expect(JSON.stringify(mine.json())).not.toContain(token);
    expect((await api('GET', `quotations/${p.id}/share`, leader)).statusCode).toBe(200);
    expect((await api('GET', `quotations/${p.id}/share`, other)).statusCode).toBe(404);
    expect((await api('POST', `quotations/${p.id}/share`, other, { token: newToken() })).statusCode).toBe(404);
    expect((await api('DELETE', `quotations/${p.id}/share/${link.id}`, other)).statusCode).toBe(404);
  });

  it('refuses a link for a quotation without its code, a rejected or an expired one, and a token of the wrong shape', async () => {
    const noCode = (await api('POST', 'proposals', sara, privateProposal(ref))).json().data as Proposal;
    const refused = await api('POST', `quotations/${noCode.id}/share`, sara, { token: newToken() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Il preventivo si può condividere con il cliente dopo il credit check');

    const lost = await codedProposal();
    await api('PUT', `quotations/${lost.id}/status`, sara, { status: 'LOST' });
    expect((await api('POST', `quotations/${lost.id}/share`, sara, { token: newToken() })).json().error.message).toBe(
      'Il preventivo è stato rifiutato: non si può condividere',
    );

    const old = await codedProposal();
    await t.database.db
      .update(quotations)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(quotations.id, old.id));
    expect((await api('POST', `quotations/${old.id}/share`, sara, { token: newToken() })).json().error.message).toBe(
      'Il preventivo è scaduto: crea un nuovo preventivo per condividerlo',
    );

    const p = await codedProposal();
    for (const token of ['corto', `${newToken()}x`, 'a'.repeat(42) + '!'])
      expect((await api('POST', `quotations/${p.id}/share`, sara, { token })).statusCode, token).toBe(422);
    // The same token twice is refused (a token names one link).
    const { token } = await share(p);
    expect((await api('POST', `quotations/${p.id}/share`, sara, { token })).statusCode).toBe(422);
  });

  it('a replayed create (same Idempotency-Key) answers the same link, without a second one', async () => {
    const p = await codedProposal();
    const token = newToken();
    const key = `share-${randomBytes(8).toString('hex')}`;
    const first = await share(p, sara, token, key);
    const again = await api('POST', `quotations/${p.id}/share`, sara, { token }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.link.id);
    expect(first.link.client_key).toBe(key);
    expect(await t.database.db.select().from(quotationShares).where(eq(quotationShares.quotationId, p.id))).toHaveLength(1);
  });

  it(`keeps at most ${MAX_ACTIVE_SHARES} links open per quotation; revoked ones do not count`, async () => {
    const p = await codedProposal();
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_SHARES; i++) made.push((await share(p)).link);
    expect((await api('POST', `quotations/${p.id}/share`, sara, { token: newToken() })).statusCode).toBe(422);
    await api('DELETE', `quotations/${p.id}/share/${made[0]!.id}`, sara);
    expect((await api('POST', `quotations/${p.id}/share`, sara, { token: newToken() })).statusCode).toBe(201);
  });

  it('a link of one quotation cannot be revoked or emailed through another', async () => {
    const a = await codedProposal();
    const b = await codedProposal();
    const { token, link } = await share(a);
    expect((await api('DELETE', `quotations/${b.id}/share/${link.id}`, sara)).statusCode).toBe(404);
    expect((await api('POST', `quotations/${b.id}/share/${link.id}/email`, sara, { token })).statusCode).toBe(404);
  });
});

describe('the agent emails the link', () => {
  it('mails the customer’s address on file; the recorded copy never holds the token', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const res = await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emailed_at).not.toBeNull();
    const sent = await t.database.db.select().from(mails).where(eq(mails.to, 'mario.rossi@example.it'));
    const mail = sent.at(-1)!;
    expect(mail.subject).toMatch(/^La tua proposta di noleggio: /);
    expect(mail.text).toContain('Buongiorno Mario Rossi,');
    expect(mail.text).toContain(`http://portal.test/p/…`);
    expect(mail.text).not.toContain(token);
    expect(sharePath(token)).toBe(`/p/${token}`);
  });

  it('refuses another token, a revoked link, and more than 5 mails of a link an hour', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    expect((await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token: newToken() })).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token })).statusCode).toBe(200);
    expect((await api('POST', `quotations/${p.id}/share/${link.id}/email`, sara, { token })).statusCode).toBe(429);
    const second = await share(p);
    await api('DELETE', `quotations/${p.id}/share/${second.link.id}`, sara);
    expect((await api('POST', `quotations/${p.id}/share/${second.link.id}/email`, sara, { token: second.token })).statusCode).toBe(422);
  });
});

describe('the agent follows the customer', () => {
  it('the quotations list shows the furthest step the customer reached', async () => {
    const p = await codedProposal();
    const day = new Date().toISOString().slice(0, 10);
    const item = async () => {
      const res = await api('POST', 'quotations', sara, { quotation_id: String(p.id), startDate: '2020-01-01', endDate: '2099-12-31' });
      return (res.json().items.data as { proposal_id: number; customer_activity: { state: string; at: string } | null }[]).find((q) => q.proposal_id === p.id)!;
    };
    expect((await item()).customer_activity).toBeNull();
    const { token } = await share(p);
    expect((await item()).customer_activity!.state).toBe('shared');
    expect((await item()).customer_activity!.at.slice(0, 10)).toBe(day);
    await pub('GET', token, freshIp());
    expect((await item()).customer_activity!.state).toBe('opened');
    await upload(token, freshIp(), 'identity', tinyPdf());
    expect((await item()).customer_activity!.state).toBe('documents');
    await acceptSigned(token, freshIp());
    expect((await item()).customer_activity!.state).toBe('signed');
  });

  it('streams each visit, document and acceptance to the quotation page (follow=1), across LISTEN/NOTIFY', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const p = await codedProposal();
    const { token } = await share(p);
    const streamToken = (await api('POST', `proposals/${p.id}/sync-token`, sara)).json().data.token as string;
    const kinds: string[] = [];
    let wanted = 0;
    let onEvent: () => void = () => undefined;
    const req = http.get({ port, host: '127.0.0.1', path: `/api/v1/proposals/sync/${p.id}?token=${encodeURIComponent(streamToken)}&follow=1` }, (res) =>
      onServerEvents(res, (event, data) => {
        // Only activity: no proposal is ever pushed in follow mode.
        expect(event).not.toBe('update');
        if (event !== 'activity') return;
        const e = JSON.parse(data) as { id: number; kind: string };
        expect(e.id).toBe(p.id);
        kinds.push(e.kind);
        if (kinds.length >= wanted) onEvent();
      }),
    );
    const next = (n: number) => new Promise<void>((r) => ((wanted = n), (onEvent = r)));
    try {
      await new Promise((r) => setTimeout(r, 300)); // the stream listens
      // Another quotation's activity is not this stream's.
      const { token: otherToken } = await share(await codedProposal());
      await pub('GET', otherToken, freshIp());
      let got = next(1);
      await pub('GET', token, freshIp());
      await got;
      got = next(2);
      await upload(token, freshIp(), 'identity', tinyPdf());
      await got;
      got = next(3);
      await acceptSigned(token, freshIp());
      await got;
      expect(kinds).toEqual(['opened', 'document', 'accepted']);
    } finally {
      req.destroy();
      await new Promise((r) => setTimeout(r, 300)); // the server ends its side (UNLISTEN) before the database closes
    }
  });
});
