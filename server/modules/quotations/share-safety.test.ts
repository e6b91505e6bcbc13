// The customer's link (docs/adr/0133-customer-link.md): rules of server/modules/quotations/share.ts.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import type { QuotationShare } from '@core/schemas/share';
import { authThrottle, quotationDocuments, quotationShares, users } from '../../db/schema';
import { DEMO_EXPIRED_SHARE_TOKEN } from '../../db/seed/quotations';
import { sha256 } from '../../lib/crypto';
import { SHARE_LIMITS } from './share';
import type { TestApp } from '../../test/helper';
import { tinyPdf } from './quotations.fixtures';
import { shareTestApp, type H, newToken, freshIp } from './share.fixtures';

const { u, api, pub, upload, codedProposal, share, waitPdf, acceptSigned } = shareTestApp();
let t: TestApp;
let sara: H;
let full: H;
beforeAll(() => void ({ t, sara, full } = u));

describe('safety of the public routes', () => {
  const routes = (token: string, ip: string) => [
    () => pub('GET', token, ip),
    () => pub('GET', `${token}/pdf`, ip),
    () => upload(token, ip, 'identity', tinyPdf()),
    () => pub('POST', `${token}/accept`, ip, { name: 'Mario Rossi', consent: true, code: '000000' }),
    () => pub('POST', `${token}/accept/code`, ip),
  ];

  it('answers a wrong, malformed, expired or revoked token, or one of a suspended agent, with one neutral 404', async () => {
    const p = await codedProposal();
    const expired = await share(p);
    await t.database.db
      .update(quotationShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotationShares.id, expired.link.id));
    const revoked = await share(p);
    expect((await api('DELETE', `quotations/${p.id}/share/${revoked.link.id}`, sara)).json().data.state).toBe('revoked');
    const suspendedAgent = await codedProposal(full);
    const ofSuspended = await share(suspendedAgent, full);
    await t.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.email, 'completo@demo.it'));
    try {
      const bodies = new Set<string>();
      for (const token of [newToken(), 'non-un-token', expired.token, revoked.token, ofSuspended.token, DEMO_EXPIRED_SHARE_TOKEN]) {
        for (const call of routes(token, freshIp())) {
          const res = await call();
          expect(res.statusCode, token).toBe(404);
          bodies.add(res.body);
        }
      }
      expect([...bodies]).toEqual([JSON.stringify({ error: { http_code: 404, message: 'Il link non è valido o è scaduto' }, errors: {} })]);
    } finally {
      await t.database.db.update(users).set({ status: 'ACTIVATED' }).where(eq(users.email, 'completo@demo.it'));
    }
    // The expired and revoked links are shown as such to the agent.
    const states = ((await api('GET', `quotations/${p.id}/share`, sara)).json().data as QuotationShare[]).map((s) => s.state).sort();
    expect(states).toEqual(['expired', 'revoked']);
  });

  it('revoking takes effect at once on every route', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    await waitPdf(p.id);
    const ip = freshIp();
    expect((await pub('GET', token, ip)).statusCode).toBe(200);
    expect((await pub('GET', `${token}/pdf`, ip)).statusCode).toBe(200);
    await api('DELETE', `quotations/${p.id}/share/${link.id}`, sara);
    for (const call of routes(token, ip)) expect((await call()).statusCode).toBe(404);
    // Revoking again changes nothing.
    const again = await api('DELETE', `quotations/${p.id}/share/${link.id}`, sara);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revoked_at).toBe((await api('GET', `quotations/${p.id}/share`, sara)).json().data[0].revoked_at);
  });

  it('reaches nothing but its own quotation: a token of one never touches another', async () => {
    const a = await codedProposal();
    const b = await codedProposal();
    const { token } = await share(a);
    expect((await upload(token, freshIp(), 'identity', tinyPdf())).statusCode).toBe(200);
    expect(await t.database.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, b.id))).toHaveLength(0);
    expect((await acceptSigned(token, freshIp())).statusCode).toBe(200);
    expect(((await api('GET', `proposals/${b.id}`, sara)).json().data as Proposal).status).toBe('OPEN');
    // Header credentials change nothing on a public route: the token alone decides.
    expect((await pub('GET', newToken(), freshIp(), undefined, sara)).statusCode).toBe(404);
  });

  it(`limits each IP to ${SHARE_LIMITS.requestsPerIp} requests and ${SHARE_LIMITS.missesPerIp} unknown tokens in 15 minutes`, async () => {
    const { token } = await share(await codedProposal());
    const busy = freshIp();
    // Its window started 10 minutes ago: it is over in 5.
    await t.database.db
      .insert(authThrottle)
      .values({ key: `share-ip:${busy}`, attempts: SHARE_LIMITS.requestsPerIp, windowStart: new Date(Date.now() - 10 * 60_000) });
    const limited = await pub('GET', token, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Troppe richieste, riprova tra poco');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(4 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);

    const guesser = freshIp();
    for (let i = 0; i < SHARE_LIMITS.missesPerIp; i++) expect((await pub('GET', newToken(), guesser)).statusCode).toBe(404);
    // Past the misses, even a good token is refused from that address; another address is served.
    expect((await pub('GET', token, guesser)).statusCode).toBe(429);
    expect((await upload(token, guesser, 'identity', tinyPdf())).statusCode).toBe(429);
    expect((await pub('GET', token, freshIp())).statusCode).toBe(200);
    // A window that is over counts again from zero.
    await t.database.db
      .update(authThrottle)
      .set({ windowStart: sql`now() - interval '16 minutes'` })
      .where(eq(authThrottle.key, `share-miss:${guesser}`));
    expect((await pub('GET', token, guesser)).statusCode).toBe(200);
  });
});

describe('demo data', () => {
  it('has an expired link of the full agent, listed to them as expired', async () => {
    const [row] = await t.database.db
      .select()
      .from(quotationShares)
      .where(eq(quotationShares.tokenHash, sha256(DEMO_EXPIRED_SHARE_TOKEN)));
    expect(row!.expiresAt.getTime()).toBeLessThan(Date.now());
    const listed = (await api('GET', `quotations/${row!.quotationId}/share`, full)).json().data as QuotationShare[];
    expect(listed.map((s) => s.state)).toEqual(['expired']);
  });
});
