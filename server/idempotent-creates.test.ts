// Exactly-once creates across a crash (docs/adr/0111-idempotency.md). A process can die after a create has
// committed and before its Idempotency-Key's answer is stored; the client then retries with the same
// key. The crash is simulated deterministically: a trigger makes storing the answer fail (the point
// where the process would have died), then the same request is retried once the key's lease is over.
// Every create route must leave exactly one row, and later replays get the retry's answer.
// A key reused with another body is refused (422), not answered with the first result.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/i18n-messages';
import { demoPicture } from './lib/png';
import { createTestApp, type TestApp } from './test/helper';
import { multipartBody } from './test/multipart';
import { customCar, offerInput } from './test/payloads';

type H = Record<string, string>;
let t: TestApp;
let leader: H; // capogruppo@demo.it: catalog, provider-product, clone, car-custom-images, network, marketing
let full: H; // completo@demo.it: offer-request
let car: { id: number };
let offer: { code: string };

beforeAll(async () => {
  // Lease 0: a retry may take over a key whose request never stored an answer at once (the crashed request's).
  t = await createTestApp({ idempotencyLeaseMs: 0 });
  leader = (await t.login('capogruppo@demo.it')).headers;
  full = (await t.login('completo@demo.it')).headers;
  car = (await t.inject({ method: 'POST', url: '/api/v1/car', headers: leader, payload: customCar() })).json().data;
  const created = await t.inject({ method: 'POST', url: '/api/v1/catalog/offers', headers: leader, payload: offerInput(car.id) });
  expect(created.statusCode, created.body).toBe(200);
  offer = created.json().data;
});
afterAll(() => t.close());

const count = async (table: string) => {
  const res = (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return res.rows[0]!.n;
};

/** From here until the returned function runs, storing an idempotency answer fails as if the process had died there. */
async function crashBeforeTheAnswer() {
  await t.database.db.execute(sql`create or replace function crash_before_answer() returns trigger language plpgsql as $$
    begin
      if new.status_code is not null and old.status_code is null then raise exception 'simulated crash before the answer was stored'; end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`create trigger crash_before_answer before update on idempotency_keys for each row execute function crash_before_answer()`);
  return () => t.database.db.execute(sql`drop trigger crash_before_answer on idempotency_keys`);
}

const png = () => demoPicture(1, 40, 30);
type Case = { name: string; table: string; send: (headers: H) => ReturnType<TestApp['inject']> };
const json =
  (url: string, payload: object, as: () => H = () => leader): Case['send'] =>
  (headers) =>
    t.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...as(), ...headers }, payload });
const form =
  (url: string, parts: () => Parameters<typeof multipartBody>[0]): Case['send'] =>
  (headers) => {
    const body = multipartBody(parts());
    return t.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...leader, ...body.headers, ...headers }, payload: body.payload });
  };

const CASES: Case[] = [
  { name: 'POST providers', table: 'brokers', send: json('providers', { name: 'Rent Una Volta' }) },
  { name: 'POST products', table: 'products', send: json('products', { provider: 'aurora-rent', name: 'Prodotto Una Volta' }) },
  { name: 'POST car', table: 'cars', send: json('car', customCar({ modello: 'Una Volta' })) },
  { name: 'POST catalog/offers', table: 'offers', send: (h) => json('catalog/offers', offerInput(car.id))(h) },
  { name: 'POST catalog/offers/{code}/clone', table: 'offers', send: (h) => json(`catalog/offers/${offer.code}/clone`, {})(h) },
  {
    name: 'POST offers/{code}/child',
    table: 'offer_variations',
    send: (h) => json(`offers/${offer.code}/child`, { deposit: 0, distance: 10000, duration: 24, monthlyRate: 310 })(h),
  },
  {
    name: 'POST offer-requests',
    table: 'offer_requests',
    send: json(
      'offer-requests',
      { vehicleType: 'auto', brand: 'Fiat', model: 'Tipo', version: '1.0', duration: 36, distance: 15000, deposit: 0, services: [], notes: '' },
      () => full,
    ),
  },
  {
    name: 'POST agent',
    table: 'users',
    send: json('agent', {
      business_name: 'Agenzia Una Volta',
      name: 'Ugo Volta',
      title: 'Agente',
      email: 'una.volta@example.it',
      phone: '333 1234567',
      fee_type: 'FLAT_PERCENTAGE',
      fee_value: 30,
    }),
  },
  {
    name: 'POST marketing/posts',
    table: 'marketing_posts',
    send: form('marketing/posts', () => [
      { name: 'title', value: 'Promo una volta' },
      { name: 'images', value: png(), filename: 'promo.png' },
    ]),
  },
  {
    name: 'POST car/images',
    table: 'car_images',
    send: form('car/images', () => [
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: png(), filename: 'auto.png' },
    ]),
  },
];

describe('a create retried after a crash between its write and its stored answer', () => {
  it.each(CASES)('$name runs exactly once', async ({ table, send }) => {
    const key = { 'idempotency-key': `crash-${table}-${Math.random().toString(36).slice(2, 10)}` };
    const before = await count(table);
    const restore = await crashBeforeTheAnswer();
    try {
      await send(key); // the "crashed" request: its client never got an answer
    } finally {
      await restore();
    }
    await new Promise((r) => setTimeout(r, 5)); // the key's lease (0 ms here) is over
    const retry = await send(key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await count(table), 'rows after the crash and the retry').toBe(before + 1);
    const replay = await send(key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(retry.json());
    expect(await count(table)).toBe(before + 1);
  });
});

describe('a key reused with another body', () => {
  it('is refused with 422 and a clear message, not answered with the first result', async () => {
    const key = { 'idempotency-key': `reuse-${Math.random().toString(36).slice(2, 10)}` };
    const first = await json('providers', { name: 'Primo Rent', logo: null })(key);
    expect(first.statusCode).toBe(200);
    const other = await json('providers', { name: 'Secondo Rent', logo: null })(key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: { http_code: 422, message: MESSAGES.idempotencyMismatch }, errors: {} });
    // The same body again, its keys in another order: the first answer.
    const again = await json('providers', { logo: null, name: 'Primo Rent' })(key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const names = ((await t.inject({ method: 'GET', url: '/api/v1/providers', headers: leader })).json().data as { name: string }[]).map((p) => p.name);
    expect(names.filter((n) => n === 'Primo Rent')).toHaveLength(1);
    expect(names).not.toContain('Secondo Rent');
  });
});
