import { beforeAll, describe, expect, it } from 'vitest';
import { type FilterableOffer, searchOffers } from '@core/offer-filter';
import { keepsEverything, offerSustainability, sustainabilityBands, sustainabilityFilterOf } from '@core/offer-sustainability';
import type { OfferSearchInput } from '@core/schemas/offers';
import type { TestApp } from '../../test/helper';
import { offersTestApp, type H } from './offers.fixtures';

const { u, search, expected, byCode } = offersTestApp();
let t: TestApp;
let full: H;
let catalogue: FilterableOffer[];
beforeAll(() => void ({ t, full, catalogue } = u));

describe('POST /search/offers', () => {
  describe('with a completed credit check', () => {
    // 35% of 2,000 minus 100 of other loans: a maximum rate of 600, chance 2, no deposit required.
    const passed = {
      contractualCategory: 'tempo-indeterminato',
      answers: { trial_period_ended: true, net_monthly_income: 2000, other_loans: 100, guarantor: false, bad_payer: false },
    } as const;
    const refused = {
      contractualCategory: 'tempo-indeterminato',
      answers: { trial_period_ended: true, net_monthly_income: 1800, other_loans: 0, guarantor: true, bad_payer: true },
    } as const;
    const business = {
      contractualCategory: 'societa-persone',
      answers: { activity_age: 'max2_1_balance', yearly_turnover: 60000, guarantor: false, bad_payer: false },
    } as const;
    const withCheck = (body: OfferSearchInput) => {
      const filter = sustainabilityFilterOf(body as Parameters<typeof sustainabilityFilterOf>[0])!;
      const bands = sustainabilityBands(filter);
      return {
        filter,
        result: searchOffers(
          catalogue,
          { sort: 'price-up', page: 1, items: 18, ...body } as Parameters<typeof searchOffers>[1],
          keepsEverything(bands) ? null : bands,
        ),
      };
    };

    it('fills every card’s traffic light, and keeps every offer when no level is chosen', async () => {
      const r = await search({ ...passed, customerType: ['privati'] });
      expect(r.total).toBe(expected({ customerType: ['privati'] }).total);
      expect(r.items.data.length).toBeGreaterThan(0);
      const { filter } = withCheck(passed);
      for (const c of r.items.data) {
        expect(c.sustainabilityIndex).toBe(offerSustainability(filter.limits, { rate: c.monthly_rate, deposit: c.deposit }).index);
        expect(c.sustainabilityMessage).toBeTruthy();
      }
      // Without a check the cards carry no index.
      expect((await search({})).items.data.every((c) => c.sustainabilityIndex === null)).toBe(true);
    });

    it('keeps only the offers whose child offer has a chosen traffic-light level', async () => {
      const all = await search({ ...passed, sort: 'price-down' });
      const counts: number[] = [];
      for (const sustainability of [[2], [1], [0], [2, 1]] as const) {
        const body: OfferSearchInput = { ...passed, sustainability: [...sustainability], sort: 'price-down' };
        const r = await search(body);
        const want = withCheck(body).result;
        expect(r.total).toBe(want.total);
        expect(r.items.data.map((c) => [byCode(c.code).id, c.monthly_rate])).toEqual(want.hits.map((h) => [h.offer.id, h.variation.rate]));
        for (const c of r.items.data) expect(sustainability as readonly number[]).toContain(c.sustainabilityIndex);
        counts.push(r.total);
      }
      // The demo catalogue has offers on each side of the 600 limit and of its 660 tolerance.
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[2]).toBeGreaterThan(0);
      expect(counts[0]).toBeLessThan(all.total);
      expect(counts[3]).toBeGreaterThanOrEqual(counts[0]!);
      // Green only: the cheapest cards are within the maximum rate, the most expensive too.
      const green = await search({ ...passed, sustainability: [2], sort: 'price-down' });
      expect(green.items.data[0]!.monthly_rate).toBeLessThanOrEqual(600);
    });

    it('with the check’s own filters applied, every card is within the limit', async () => {
      const r = await search({ ...passed, customerType: ['privati'], monthly_rates: [0, 600], sustainability: [2] });
      expect(r.total).toBe(expected({ customerType: ['privati'], monthly_rates: [0, 600] }).total);
      expect(r.items.data.every((c) => c.sustainabilityIndex === 2 && c.monthly_rate <= 600)).toBe(true);
      // Amber alone: nothing between the limit and its tolerance is left inside 0..600.
      expect((await search({ ...passed, customerType: ['privati'], monthly_rates: [0, 600], sustainability: [1] })).total).toBe(0);
    });

    it('a refusal locks the traffic light to 0: every offer, all of them 0', async () => {
      const r = await search({ ...refused, sustainability: [2] });
      expect(r.total).toBe(expected({}).total);
      expect(r.items.data.every((c) => c.sustainabilityIndex === 0 && c.sustainabilityMessage === 'BAD_PAYER')).toBe(true);
    });

    it('a chance of 1 never shows an offer as 2', async () => {
      const r = await search({ ...business, customerType: ['piva'], monthly_rates: [0, 500], deposits: [1, 6000], sustainability: [1] });
      expect(r.total).toBe(expected({ customerType: ['piva'], monthly_rates: [0, 500], deposits: [1, 6000] }).total);
      expect(r.total).toBeGreaterThan(0);
      expect(r.items.data.every((c) => c.sustainabilityIndex === 1)).toBe(true);
      expect((await search({ ...business, sustainability: [2] })).total).toBe(0);
    });

    it('an incomplete check restricts nothing; the download honours the check too', async () => {
      const partial = await search({ contractualCategory: 'tempo-indeterminato', answers: { trial_period_ended: true }, sustainability: [2] });
      expect(partial.total).toBe(expected({}).total);
      expect(partial.items.data.every((c) => c.sustainabilityIndex === null)).toBe(true);
      const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers/export', headers: full, payload: { ...passed, sustainability: [0] } });
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['a level that is not a number', { ...passed, sustainability: ['2'] }],
      ['more than three levels', { ...passed, sustainability: [0, 1, 2, 2] }],
      ['an amount given as text', { ...passed, answers: { ...passed.answers, net_monthly_income: 'tanti' } }],
      ['a negative amount', { ...passed, answers: { ...passed.answers, other_loans: -5 } }],
      ['a yes/no answered with a number', { ...passed, answers: { ...passed.answers, bad_payer: 1 } }],
      ['a choice outside the list', { ...business, answers: { ...business.answers, activity_age: 'forever' } }],
      ['a question of another category', { ...passed, answers: { ...passed.answers, yearly_turnover: 10 } }],
    ])('answers %s with a 422 envelope', async (_what, payload) => {
      const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: { http_code: 422 } });
    });
  });

  it.each([
    ['an unknown filter', { colour: ['red'] }],
    ['a reversed range', { monthly_rates: [500, 200] }],
    ['a range that is not a pair', { deposits: [1] }],
    ['page 0', { page: 0 }],
    ['too many items', { items: 1000 }],
    ['an unknown sort', { sort: 'cheapest' }],
    ['a wrong type', { brands: 'fiat' }],
    ['a code with odd characters', { brands: ['<script>'] }],
    ['an unknown customer type', { customerType: ['azienda'] }],
    ['a bad sustainability level', { sustainability: [5] }],
    ['a bad contractual category', { contractualCategory: 'astronauta' }],
  ])('answers %s with a 422 envelope', async (_what, payload) => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/search/offers', headers: full, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { http_code: 422 } });
  });
});
