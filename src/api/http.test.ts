import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { create as contentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { dispositionFilename, errorFrom, fetchWithin, messageFor, requestParts, TIMEOUT_MS, timeoutFor } from './http';

const envelope = (status: number, message: string, errors: Record<string, string[]> = {}) =>
  new Response(JSON.stringify({ error: { http_code: status, message }, errors }), { status, headers: { 'Content-Type': 'application/json' } });

describe('the messages of a failed answer, the same for the page and the service worker', () => {
  it.each([
    [400, 'Il codice fiscale non è valido', 'Il codice fiscale non è valido'],
    [422, undefined, 'Richiesta non valida'],
    [500, 'stack trace', 'Si sono verificati errori, si prega di riprovare'],
    [503, 'Il servizio è in manutenzione, riprova più tardi', 'Il servizio è in manutenzione, riprova più tardi'],
    [503, undefined, 'Il server non risponde: controlla la connessione e riprova'],
    [502, undefined, 'Il server non risponde: controlla la connessione e riprova'],
    [504, undefined, 'Il server non risponde: controlla la connessione e riprova'],
  ])('%i with %s reads %s', (status, server, shown) => {
    expect(messageFor(status, server)).toBe(shown);
  });

  it('reads the envelope: message, field errors and code', async () => {
    const error = await errorFrom(envelope(422, 'Si sono verificati degli errori, controllare i dati inseriti', { email: ['Email non valida'] }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.field('email')).toBe('Email non valida');
  });

  it("reads a gateway's HTML page as the server not answering, not as a bad request", async () => {
    const error = await errorFrom(new Response('<html>Service Unavailable</html>', { status: 503 }));
    expect(error.message).toBe('Il server non risponde: controlla la connessione e riprova');
    expect(error.isUnavailable).toBe(true);
  });
});

describe('requests', () => {
  it('sends JSON with its key, and a form as it is', () => {
    const json = requestParts({ a: 1 }, 'key-12345678');
    expect(json.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-12345678' });
    expect(json.body).toBe('{"a":1}');
    const form = new FormData();
    const upload = requestParts(form);
    expect(upload.body).toBe(form);
    expect(upload.headers['Content-Type']).toBeUndefined();
  });

  it('gives uploads longer than other writes, and writes longer than reads', () => {
    expect(timeoutFor('POST', new FormData())).toBe(TIMEOUT_MS.upload);
    expect(timeoutFor('PUT', { a: 1 })).toBe(TIMEOUT_MS.write);
    expect(timeoutFor('GET', undefined)).toBe(TIMEOUT_MS.read);
  });
});

describe('a server that does not answer', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Takes the request and never answers: a line that connects and then goes quiet.
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("is given up after the time-out with 'Il server non risponde'", async () => {
    const failure = await fetchWithin(url, {}, 100).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect((failure as ApiError).message).toBe('Il server non risponde: controlla la connessione e riprova');
  });

  it("leaves the caller's own abort an abort", async () => {
    const controller = new AbortController();
    const pending = fetchWithin(url, {}, 10_000, controller.signal).catch((e: unknown) => e);
    controller.abort();
    const failure = await pending;
    expect(failure).not.toBeInstanceOf(ApiError);
    expect((failure as Error).name).toBe('AbortError');
  });

  it("says 'Sei offline' when the request cannot leave", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = (await fetchWithin(`http://127.0.0.1:${port}/`, {}, 5_000).catch((e: unknown) => e)) as ApiError;
    expect(failure.message).toBe('Sei offline: controlla la connessione e riprova');
  });
});

describe('the file name of a download', () => {
  it.each(['Preventivi.xlsx', 'Škoda Fabia immagini.zip', 'Preventivo "finale" 2026.pdf', 'Offerta € 299.pdf'])(
    'reads %s back from the header the server writes',
    (name) => {
      expect(dispositionFilename(contentDisposition(name))).toBe(name);
    },
  );

  it('takes the plain name when there is no UTF-8 one', () => {
    expect(dispositionFilename('attachment; filename=Preventivo.pdf')).toBe('Preventivo.pdf');
    expect(dispositionFilename('inline')).toBeNull();
  });
});
