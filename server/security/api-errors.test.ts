import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { customCar } from '../test/payloads';

/**
 * Answers a generic OpenAPI tester found wrong: input that reached a database constraint, a file
 * name outside Latin-1 in a header, a method a path does not take. Each is a 4xx in the error
 * envelope (docs/architecture.md, API conventions), never a 500 or Fastify's own body.
 */
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await t.login('capogruppo@demo.it')).headers;
});
afterAll(() => t?.close());

const request = { vehicleType: 'auto', brand: 'Fiat', model: 'Panda', version: '1.2', duration: 36, distance: 10000, deposit: 0 };

describe('input a database constraint refuses', () => {
  it('answers a reference to a car that does not exist 422, naming the field', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/v1/offer-requests', headers, payload: { ...request, car: 2_000_000_000 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { http_code: 422, message: 'Si sono verificati degli errori, controllare i dati inseriti' },
      errors: { car: ['Il valore inserito non è valido'] },
    });
  });
});

describe('file names in Content-Disposition', () => {
  it('sends a brand outside Latin-1 as filename* with an ASCII fallback (RFC 6266)', async () => {
    const car = (await t.inject({ method: 'POST', url: '/api/v1/car', headers, payload: customCar({ brand: 'Škoda', modello: 'Octavia' }) })).json().data;
    const res = await t.inject({ method: 'GET', url: `/api/v1/car/images/${car.id}/download/default`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe("attachment; filename=Skoda_Octavia.zip; filename*=UTF-8''%C5%A0koda_Octavia.zip");
  });

  it('answers a header Node would refuse in the envelope, not with Fastify’s own body', async () => {
    const app = (await import('fastify')).default({ logger: false });
    const { registerErrorHandling } = await import('../lib/errors');
    registerErrorHandling(app);
    app.get('/file', async (_req, reply) =>
      reply.header('Content-Type', 'application/zip').header('Content-Disposition', 'attachment; filename="Škoda.zip"').send(Buffer.from('x')),
    );
    const res = await app.inject({ method: 'GET', url: '/file' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({ error: { http_code: 500, message: 'Si sono verificati errori, si prega di riprovare' }, errors: {} });
    await app.close();
  });
});

describe('a method a path does not take', () => {
  it('is answered 405 with Allow, in the envelope', async () => {
    const res = await t.inject({ method: 'DELETE', url: '/api/v1/login' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ error: { http_code: 405, message: 'Operazione non disponibile a questo indirizzo' }, errors: {} });
    const param = await t.inject({ method: 'PATCH', url: '/api/v1/proposals/123?x=1', headers });
    expect(param.statusCode).toBe(405);
    expect(param.headers.allow).toBe('GET, HEAD, PUT');
    const prescoring = await t.inject({ method: 'GET', url: '/prescoring/check' });
    expect(prescoring.statusCode).toBe(405);
    expect(prescoring.headers.allow).toBe('POST');
  });

  it('leaves an address no route takes 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/nessuna-rotta' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});
