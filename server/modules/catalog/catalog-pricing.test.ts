import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offerVariations } from '../../db/schema';
import { privateProposal } from '../../test/payloads';
import type { TestApp } from '../../test/helper';
import { catalogTestApp, type H } from './catalog.fixtures';

const { u, api, newOffer, child, publish } = catalogTestApp();
let t: TestApp;
let leader: H;
beforeAll(() => void ({ t, leader } = u));

describe('variation editor fields', () => {
  it('edits bundle, web monthly rate and special price; special rate above 0 needs a special price; the lower price counts', async () => {
    const o = await newOffer();
    const c = (await child(o.code, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 330 })).json().data.child;
    expect(c).toMatchObject({ bundle: null, web_monthly_rate: null, special_rate: null, special_price: null });
    const put = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, {
      deposit: 0,
      distance: 10000,
      duration: 24,
      monthly_rate: 330,
      bundle: 'Light',
      web_monthly_rate: 345,
      special_rate: 1,
      special_price: 300,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.child).toMatchObject({ bundle: 'Light', web_monthly_rate: 345, special_rate: 1, special_price: 300 });
    const [v] = await t.database.db.select().from(offerVariations).where(eq(offerVariations.id, c.id));
    expect(v!.rate).toBe(300);
    // The spec's payload (four values only) keeps the other fields.
    const plain = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, { deposit: 0, distance: 10000, duration: 24, monthly_rate: 320 });
    expect(plain.json().data.child).toMatchObject({ monthly_rate: 320, bundle: 'Light', web_monthly_rate: 345, special_price: 300 });

    const bad = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, {
      deposit: 0,
      distance: 10000,
      duration: 24,
      monthly_rate: 320,
      special_rate: 1,
      special_price: null,
      web_monthly_rate: 0,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      special_price: ['Con la tariffa speciale indica un prezzo speciale'],
      web_monthly_rate: ['Inserisci un valore compreso tra 1 e 99.999'],
    });
    // Special rate 0 turns the special price off; bundle '' and null web rate clear them.
    const off = await api('PUT', `offers/${o.code}/child/${c.id}`, leader, {
      deposit: 0,
      distance: 10000,
      duration: 24,
      monthly_rate: 320,
      special_rate: 0,
      special_price: 300,
      bundle: '',
      web_monthly_rate: null,
    });
    expect(off.json().data.child).toMatchObject({ special_rate: 0, special_price: null, bundle: null, web_monthly_rate: null });
    const added = await child(o.code, {
      deposit: 500,
      distance: 10000,
      duration: 24,
      monthlyRate: 310,
      bundle: 'Premium',
      special_rate: 1,
      special_price: 290,
    });
    expect(added.json().data.child).toMatchObject({ bundle: 'Premium', special_price: 290 });
  });
});

describe('service price overrides in the offer pricing', () => {
  it('the offer detail and the proposal total use the catalogue override and quantity', async () => {
    // Aurora privati: tyres 19 €/unit x 4 by default (0..8).
    const tyres = ((await api('GET', 'services/aurora-rent-privati/aurora-rent', leader)).json().data as { id: number; slug: string }[]).find(
      (s) => s.slug === 'pneumatici',
    )!;
    const o = await newOffer(leader, { services: [{ id: tyres.id, price: 5, quantity: 2 }] });
    await publish(o.code);
    const detail = (await api('GET', `offers/${o.code}`, leader)).json().data;
    expect(detail.services.map((s: { id: number }) => s.id)).toEqual([tyres.id]);
    expect(detail.services[0]).toMatchObject({ price: 5, quantity: 2, has_price_map: false });

    const proposal = await t.inject({
      method: 'POST',
      url: '/api/v1/proposals',
      headers: leader,
      payload: privateProposal(`${o.code}-M`, { additionalServices: ['pneumatici'] }),
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    // 299 € + 5 € x 2 tyres.
    expect(proposal.json().data).toMatchObject({ base_price: 299, price: 309 });

    // Without choices the product's own price (19 x 4) applies.
    const plain = await newOffer(leader, { services: [] });
    await publish(plain.code);
    const plainDetail = (await api('GET', `offers/${plain.code}`, leader)).json().data;
    expect(plainDetail.services.find((s: { id: number }) => s.id === tyres.id)).toMatchObject({ price: 19, quantity: 4 });
  });
});
