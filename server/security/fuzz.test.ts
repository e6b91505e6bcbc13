import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@core/schemas/common';
import { and, eq, isNull } from 'drizzle-orm';
import { offers, offerVariations } from '../db/schema';
import { createTestApp, grantEveryFeature, type TestApp } from '../test/helper';
import { customCar, offerInput, privateProposal } from '../test/payloads';
import { type ApiRoute, listRoutes, looksItalian } from './routes';

/**
 * Input fuzzing (docs/security.md, "The fuzz suite"): every route of the app that takes a JSON body, a query or path
 * parameters gets invalid input — wrong types, missing fields, huge strings, negative numbers,
 * unknown keys, deep nesting, bodies that are not JSON — from a caller who passes every gate.
 * Nothing may answer 5xx, and every 4xx is the error envelope with an Italian message.
 * The inputs are fast-check samples with a fixed seed: the same requests on every run.
 */

const SEED = 20261121;
const BODY_RUNS = 8;
const QUERY_RUNS = 6;
const PATH_RUNS = 6;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: Json[];
  anyOf?: Schema[];
  items?: Schema;
  nullable?: boolean;
};

/** A plausible value of a JSON schema (the skeleton the mutations start from). */
function plausible(s: Schema | undefined, depth = 0): Json {
  if (!s || depth > 4) return 'x';
  if (s.enum?.length) return s.enum[0]!;
  if (s.anyOf?.length) return plausible(s.anyOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]));
    case 'array':
      return [plausible(s.items, depth + 1)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'abc';
  }
}

const nested = (depth: number): Json => (depth === 0 ? 'fondo' : { a: nested(depth - 1) });

/** Values that break a field: wrong types, extremes, strings no form would send. */
const badValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    -1e308,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    '1e999',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '{}',
    '[]',
    [],
    {},
    [null],
    { $gt: '' },
  ),
  fc.integer({ min: -2_147_483_649, max: -1 }),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 70_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.integer({ min: 50, max: 400 }).map(nested),
);

type BodyCase = { kind: 'json'; value: Json } | { kind: 'raw'; text: string };

function bodyCases(schema: Schema, start?: Record<string, Json>): fc.Arbitrary<BodyCase> {
  const base = start ?? plausible(schema);
  const obj = base !== null && typeof base === 'object' && !Array.isArray(base) ? base : {};
  const keys = Object.keys(obj);
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('campo');
  const json = (value: fc.Arbitrary<Json>) => value.map((v): BodyCase => ({ kind: 'json', value: v }));
  return fc.oneof(
    // one field of the wrong type or out of range
    json(fc.tuple(key, badValue).map(([k, v]) => ({ ...obj, [k]: v }))),
    // every field replaced
    json(fc.array(badValue, { minLength: keys.length, maxLength: keys.length }).map((vs) => Object.fromEntries(keys.map((k, i) => [k, vs[i]!])))),
    // fields missing
    json(fc.subarray(keys).map((drop) => Object.fromEntries(Object.entries(obj).filter(([k]) => !drop.includes(k))))),
    // unknown keys, including prototype-pollution attempts
    json(
      fc
        .dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'owner_id', 'ownerGroup', 'role', 'zzz'), badValue, { maxKeys: 3 })
        .map((extra) => ({ ...obj, ...extra })),
    ),
    // not an object at all
    json(fc.constantFrom<Json>(null, 0, 'testo', [], [obj], true)),
    json(fc.integer({ min: 200, max: 2000 }).map(nested)),
    // not JSON, sent as JSON
    fc
      .constantFrom('{', '{"a":', 'non è json', '[1,2', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', 'null', '"')
      .map((text): BodyCase => ({ kind: 'raw', text })),
  );
}

const badParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-2147483649',
    '99999999999999999999',
    '1.5',
    '1e309',
    'NaN',
    'Infinity',
    '0x1F',
    'null',
    'undefined',
    '..',
    '../..',
    '%00',
    '%2e%2e%2f',
    '%ZZ',
    '%',
    ' ',
    'true',
    '[]',
    '{}',
    '<svg onload=alert(1)>',
    "1' OR '1'='1",
  ),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.integer({ min: 100, max: 5000 }).map((n) => 'x'.repeat(n)),
);

/** Tried on every parameter and every body field, besides the random samples. */
const ALWAYS_PARAM = ['%00', '-1', '99999999999', '%ZZ', 'x'.repeat(3000)];
const ALWAYS_FIELD: Json[] = ['a\u0000b', 1e15, { a: 1 }];

/** Encodes a fuzzed segment, except the samples that are deliberately broken escapes. */
const segment = (v: string) => (/^%|%00|%2e/i.test(v) ? v : encodeURIComponent(v));

/**
 * Valid bodies of some writes: mutating one field of a valid body gets past the schema into the
 * services and the database, where a 500 would hide (numbers out of an integer column's range...).
 */
const VALID: Record<string, (f: { carId: number; publicRef: string; providerCode: string }) => Record<string, Json>> = {
  'POST /proposals': (f) => privateProposal(f.publicRef) as Record<string, Json>,
  'POST /catalog/offers': (f) => offerInput(f.carId, { notes: '', private_notes: '', services: [{ id: 1, price: 10, quantity: null }] }),
  'POST /offer-requests': () => ({
    vehicleType: 'commerciale',
    brand: 'Iveco',
    model: 'Daily',
    version: '35S14',
    duration: 48,
    distance: 30000,
    deposit: 3000,
    services: ['kasko'],
    notes: '',
  }),
  'POST /providers': () => ({ name: 'Rent Fuzz', logo: null }),
  'POST /products': (f) => ({ provider: f.providerCode, name: 'Prodotto Fuzz', description: '' }),
  'PUT /agent/landing': () => ({ enabled: true, title: 'Titolo', intro: '', contact_email: 'a@example.it', contact_phone: '02 1234567' }),
  'POST /search/offers': () => ({}),
};

let t: TestApp;
let valid: Parameters<(typeof VALID)[string]>[0];
let routes: ApiRoute[];
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  routes = await listRoutes(t);
  // One caller that passes every gate (a group leader with every feature), so the input reaches the handlers.
  await grantEveryFeature(t);
  headers = (await t.login('capogruppo@demo.it')).headers;
  const post = async (url: string, payload: object) => (await t.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload })).json().data;
  const car = await post('car', customCar({ allestimento: 'Fuzz', desc_motore: '1.2' }));
  const provider = await post('providers', { name: 'Fuzz Rent' });
  const [pub] = await t.database.db
    .select({ ref: offerVariations.ref })
    .from(offerVariations)
    .innerJoin(offers, eq(offers.id, offerVariations.offerId))
    .where(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup), eq(offers.customerType, 'privati')))
    .limit(1);
  valid = { carId: car.id, publicRef: pub!.ref, providerCode: provider.code };
});
afterAll(() => t?.close());

type Probe = { route: string; input: string; status: number; body: string };

function check(probe: Probe, problems: string[]) {
  const where = `${probe.route} with ${probe.input.slice(0, 120)}`;
  if (probe.status >= 500) problems.push(`${where}: ${probe.status} ${probe.body.slice(0, 200)}`);
  if (probe.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(probe.body);
    } catch {
      parsed = null;
    }
    const envelope = ErrorEnvelopeSchema.safeParse(parsed);
    if (!envelope.success || envelope.data.error.http_code !== probe.status)
      problems.push(`${where}: ${probe.status} outside the error envelope: ${probe.body.slice(0, 200)}`);
    else if (!looksItalian(envelope.data.error.message)) problems.push(`${where}: message not in Italian: ${envelope.data.error.message}`);
  }
}

const PREFIX_PARAMS = /\{(\w+)\}/g;
/** A path with the route's own placeholders given harmless values (the fuzz targets the other inputs). */
const plainPath = (r: ApiRoute) => r.path.replace(PREFIX_PARAMS, '1');

describe('fuzzing every route with invalid input', () => {
  it('never answers 5xx, and answers every 4xx in the Italian error envelope', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    let sent = 0;
    // Routes that end the caller's login or replace its credentials are fuzzed through their inputs only when they have some.
    for (const route of routes) {
      const probes: { input: string; send: () => Promise<{ statusCode: number; body: string }> }[] = [];
      const method = route.method as 'GET';

      if (route.jsonBody) {
        const sendBody = (payload: string) => () =>
          t.inject({ method, url: plainPath(route), headers: { ...headers, 'content-type': 'application/json' }, payload });
        const start = VALID[route.key]?.(valid);
        const cases = fc.sample(bodyCases(route.jsonBody as Schema, start), { seed: SEED, numRuns: start ? BODY_RUNS * 2 : BODY_RUNS });
        for (const c of cases) {
          const payload = c.kind === 'json' ? JSON.stringify(c.value) : c.text;
          probes.push({ input: `body ${payload}`, send: sendBody(payload) });
        }
        const skeleton = start ?? plausible(route.jsonBody as Schema);
        if (skeleton && typeof skeleton === 'object' && !Array.isArray(skeleton)) {
          for (const key of Object.keys(skeleton)) {
            for (const bad of ALWAYS_FIELD) {
              const payload = JSON.stringify({ ...skeleton, [key]: bad });
              probes.push({ input: `body ${payload}`, send: sendBody(payload) });
            }
          }
        }
      }
      if (route.multipart) {
        // Multipart routes get JSON and garbage where a form is expected.
        for (const payload of ['{}', 'non è un modulo', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n']) {
          probes.push({
            input: `body ${payload}`,
            send: () => t.inject({ method, url: plainPath(route), headers: { ...headers, 'content-type': 'application/json' }, payload }),
          });
          probes.push({
            input: `multipart ${payload}`,
            send: () => t.inject({ method, url: plainPath(route), headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, payload }),
          });
        }
      }
      const query = route.params.filter((p) => p.in === 'query');
      if (query.length) {
        const names = fc.constantFrom(...query.map((p) => p.name), 'zzz', '__proto__');
        const qs = fc.array(fc.tuple(names, badParam), { minLength: 1, maxLength: 4 });
        const always = query.flatMap((p) => ALWAYS_PARAM.map((v) => [[p.name, v]] as [string, string][]));
        for (const pairs of [...always, ...fc.sample(qs, { seed: SEED, numRuns: QUERY_RUNS })]) {
          const q = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${segment(v)}`).join('&');
          probes.push({
            input: `query ${q}`,
            send: () => t.inject({ method, url: `${plainPath(route)}?${q}`, headers, ...(route.jsonBody ? { payload: {} } : {}) }),
          });
        }
      }
      const pathParams = route.params.filter((p) => p.in === 'path');
      if (pathParams.length) {
        const always = ALWAYS_PARAM.map((v) => pathParams.map(() => v));
        for (const values of [
          ...always,
          ...fc.sample(fc.array(badParam, { minLength: pathParams.length, maxLength: pathParams.length }), { seed: SEED, numRuns: PATH_RUNS }),
        ]) {
          let i = 0;
          const url = route.path.replace(PREFIX_PARAMS, () => segment(values[i++]!));
          probes.push({ input: `path ${url}`, send: () => t.inject({ method, url, headers, ...(route.jsonBody ? { payload: {} } : {}) }) });
        }
      }

      for (const probe of probes) {
        const res = await probe.send();
        sent++;
        check({ route: route.key, input: probe.input, status: res.statusCode, body: res.body }, problems);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  });
});

describe('the input guards the fuzzing found missing', () => {
  it('refuses NUL characters in path, query and body with a field error, before the database sees them', async () => {
    const path = await t.inject({ method: 'GET', url: '/api/v1/offers/a%00b', headers });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ id: ['Il valore inserito non è valido'] });
    const query = await t.inject({ method: 'GET', url: '/api/v1/customers/search?code=%00', headers });
    expect(query.json().errors).toEqual({ code: ['Il valore inserito non è valido'] });
    const body = await t.inject({ method: 'POST', url: '/api/v1/login', payload: { email: 'a\u0000@example.it', password: 'x' } });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ email: ['Il valore inserito non è valido'] });
  });

  it('answers input the database refuses (an id beyond 32 bits) 400, not 500', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/catalog/offers/99999999999', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { http_code: 400, message: 'Richiesta non valida' }, errors: {} });
  });

  it('answers a broken multipart form and a broken URL in the envelope', async () => {
    const form = await t.inject({
      method: 'POST',
      url: '/api/v1/agent/logo',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'non è un modulo',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().error.message).toBe('Richiesta non valida');
    const url = await t.inject({ method: 'GET', url: '/api/v1/offers/%ZZ', headers });
    expect(url.statusCode).toBe(400);
    expect(url.json()).toEqual({ error: { http_code: 400, message: 'Richiesta non valida' }, errors: {} });
  });
});
