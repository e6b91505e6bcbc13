// Margins in a network (docs/adr/0052-network-margins-sub-agents-see-their-own.md): a sub-agent is sent their
// own earning on an offer by their fee type and their network's split, and never the offer's margin, which is
// the network's (what they do not earn of it is the leader's). The leader, at the head, reads the margin.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDetail } from '@core/schemas/offer-detail';
import { offers, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
let code: string;
let margin: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db
    .select({ code: offers.code, margin: offers.potentialProfit })
    .from(offers)
    .where(and(eq(offers.ownerGroup, 'NET-NORD'), eq(offers.published, true), isNull(offers.deletedAt)))
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error('no NET-NORD catalogue offer in the demo');
  code = row.code;
  margin = Number(row.margin);
  expect(margin).toBeGreaterThan(0);
});
afterAll(() => t.close());

const read = async (email: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/v1/offers/${code}`, headers: (await t.login(email)).headers });
  expect(res.statusCode, res.body).toBe(200);
  return { detail: res.json().data as OfferDetail, body: res.body };
};

describe("a leader's catalogue offer read through the network", () => {
  it('shows the leader the margin', async () => {
    const { detail } = await read('capogruppo@demo.it');
    expect(detail.fees?.originalPotentialProfit).toBe(margin);
  });

  it.each([
    ['sara.conti@demo.it', 'flat 60% of the margin', (m: number) => Math.round(m * 0.6), 60],
    ['paolo.marini@demo.it', 'hierarchical 40% of the head, who earns the whole margin', (m: number) => Math.round(m * 0.4), 40],
    ['elena.galli@demo.it', 'a fixed 150 €', () => 150, 0],
  ] as const)('sends %s (%s) their own earning, and no figure of the margin', async (email, _how, earning, share) => {
    const { detail, body } = await read(email);
    expect(detail.fees).toMatchObject({ agentFee: share, defaultFeeValue: earning(margin), originalPotentialProfit: null, finalPotentialProfit: null });
    // Nowhere in the answer: not under another name either.
    expect(body).not.toMatch(new RegExp(`"[A-Za-z_]*[Pp]rofit[A-Za-z_]*":${margin}\\b`));
  });

  it("follows a hierarchical share down the network: half of Sara's 60% is 30% of the margin", async () => {
    const [elena] = await t.database.db.select().from(users).where(eq(users.email, 'elena.galli@demo.it'));
    await t.database.db.update(users).set({ feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 50 }).where(eq(users.id, elena!.id));
    const { detail } = await read('elena.galli@demo.it');
    expect(detail.fees).toMatchObject({ agentFee: 30, defaultFeeValue: Math.round(margin * 0.3), originalPotentialProfit: null });
  });
});
