// @vitest-environment node
// Node's Blob and FormData behave like a browser's here (jsdom's Blob has no arrayBuffer()).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '@core/schemas/zod-config';
import { send } from '../api/client';
import { PortalDb } from './db';
import { createOutbox, SERVER_FAILURES_BEFORE_REJECTED } from './outbox';

// The outbox's rules against a scripted fetch; the end-to-end suite runs it against the real server.
type Reply = { status: number; body?: unknown } | 'offline';
let replies: Reply[];
let calls: { url: string; init: RequestInit }[];

beforeEach(() => {
  replies = [];
  calls = [];
  const store = new Map<string, string>([['access_token', 'a']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    clear: () => store.clear(),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = replies.shift() ?? { status: 201, body: { data: { id: calls.length } } };
    if (next === 'offline') throw new TypeError('Failed to fetch');
    return new Response(
      JSON.stringify(next.body ?? { error: { http_code: next.status, message: `errore ${next.status}` }, errors: { cap: ['Indicare un CAP valido'] } }),
      {
        status: next.status,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

const make = () => {
  const database = new PortalDb(`test-${crypto.randomUUID()}`);
  return { database, outbox: createOutbox(database, () => 7, { send }) };
};
const write = (label: string, extra: object = {}) => ({ label, method: 'POST' as const, path: 'quote', body: { label }, userId: 7, ...extra });

describe('outbox', () => {
  it('sends at once when online, with the client id as Idempotency-Key', async () => {
    const { database, outbox } = make();
    const res = await outbox.submit(write('a'));
    expect(res.state).toBe('sent');
    expect((calls[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toBe(res.clientId);
    expect(await database.outbox.count()).toBe(0);
  });

  it('types the answer of a write sent now by its schema, and refuses an answer off the contract', async () => {
    const { outbox } = make();
    const Answer = z.object({ data: z.object({ id: z.number() }) }).transform((r) => r.data.id);
    const res = await outbox.submit(write('a'), Answer);
    expect(res).toEqual({ state: 'sent', clientId: res.clientId, data: 1 });
    replies = [{ status: 201, body: { data: { id: 'not a number' } } }];
    await expect(outbox.submit(write('b'), Answer)).rejects.toThrow();
    replies = ['offline'];
    expect(await outbox.submit(write('c'), Answer)).toMatchObject({ state: 'queued' });
  });

  it('keeps writes made offline and replays them in order', async () => {
    const { database, outbox } = make();
    replies = ['offline'];
    expect((await outbox.submit(write('primo'))).state).toBe('queued');
    replies = ['offline'];
    expect((await outbox.submit(write('secondo'))).state).toBe('queued');
    expect(await database.outbox.count()).toBe(2);
    calls = [];
    await outbox.flush();
    expect(calls.map((c) => JSON.parse(String(c.init.body)).label)).toEqual(['primo', 'secondo']);
    expect(await database.outbox.count()).toBe(0);
  });

  it('gives a rejection on the first try back to the form and keeps nothing', async () => {
    const { database, outbox } = make();
    replies = [{ status: 422 }];
    await expect(outbox.submit(write('a'))).rejects.toMatchObject({ status: 422, errors: { cap: ['Indicare un CAP valido'] } });
    expect(await database.outbox.count()).toBe(0);
  });

  it('gives a server error on the first try back to the form as a server error, not as offline, and keeps nothing', async () => {
    const { database, outbox } = make();
    replies = [{ status: 500 }];
    await expect(outbox.submit(write('a'))).rejects.toMatchObject({ status: 500, message: 'Si sono verificati errori, si prega di riprovare' });
    expect(await database.outbox.count()).toBe(0);
  });

  it.each([502, 503, 504])('keeps a write a gateway or the server calls unavailable (%i) as pending, never rejected', async (status) => {
    const { database, outbox } = make();
    replies = [{ status }];
    const { state, clientId } = await outbox.submit(write('a'));
    expect(state).toBe('queued');
    for (let i = 0; i < SERVER_FAILURES_BEFORE_REJECTED + 1; i++) {
      replies = [{ status }];
      await outbox.flush();
    }
    expect((await database.outbox.toArray())[0]).toMatchObject({ clientId, status: 'pending' });
  });

  it('retries a replayed write the server fails, then keeps it as rejected with the server message', async () => {
    const { database, outbox } = make();
    replies = ['offline'];
    const { clientId } = await outbox.submit(write('a'));
    for (let i = 1; i < SERVER_FAILURES_BEFORE_REJECTED; i++) {
      replies = [{ status: 500 }];
      await outbox.flush();
      expect((await database.outbox.toArray())[0]).toMatchObject({ clientId, status: 'pending' });
    }
    replies = [{ status: 500 }];
    await outbox.flush();
    expect((await database.outbox.toArray())[0]).toMatchObject({ clientId, status: 'rejected', error: 'Si sono verificati errori, si prega di riprovare' });
  });

  it('keeps a write rejected on replay with the server message', async () => {
    const { database, outbox } = make();
    replies = ['offline'];
    const { clientId } = await outbox.submit(write('a'));
    replies = [{ status: 422 }];
    await outbox.flush();
    const [entry] = await database.outbox.toArray();
    expect(entry).toMatchObject({ clientId, status: 'rejected', error: 'errore 422' });
    await outbox.discard(clientId);
    expect(await database.outbox.count()).toBe(0);
  });

  it('pauses on 401 until the user logs in again, dropping nothing', async () => {
    const { database, outbox } = make();
    replies = ['offline'];
    await outbox.submit(write('a'));
    replies = [{ status: 401 }];
    await outbox.flush();
    expect(outbox.isPaused()).toBe(true);
    calls = [];
    await outbox.flush();
    expect(calls).toHaveLength(0);
    await outbox.resume();
    expect(await database.outbox.count()).toBe(0);
  });

  it('holds a write that refers to one not yet delivered, then fills in the server id', async () => {
    const { database, outbox } = make();
    replies = ['offline'];
    const created = await outbox.submit(write('proposta', { idPath: 'data.id' }));
    replies = ['offline'];
    await outbox.submit(write('stato', { method: 'PUT', path: `proposals/{client:${created.clientId}}`, body: { ref: `{client:${created.clientId}}` } }));
    calls = [];
    replies = [
      { status: 201, body: { data: { id: 42 } } },
      { status: 200, body: { data: {} } },
    ];
    await outbox.flush();
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/quote', '/api/v1/proposals/42']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ ref: '42' });
    expect(await outbox.serverId(created.clientId)).toBe('42');
    expect(await database.outbox.count()).toBe(0);
  });

  it('keeps an upload as a blob apart from the queue record', async () => {
    const { database, outbox } = make();
    replies = ['offline'];
    await outbox.submit({
      label: 'doc',
      method: 'POST',
      path: 'quotations/documents/upload',
      userId: 7,
      file: { field: 'file', name: 'doc.pdf', blob: new Blob(['%PDF-1.4']), fields: { quotation: 'Q1' } },
    });
    expect(await database.blobs.count()).toBe(1);
    const [entry] = await database.outbox.toArray();
    expect(entry?.form?.fileName).toBe('doc.pdf');
    calls = [];
    await outbox.flush();
    expect(calls[0]!.init.body).toBeInstanceOf(FormData);
    expect(await database.blobs.count()).toBe(0);
  });

  it('lie-fi: a first try with no answer within firstAnswerMs is kept as waiting; a late answer delivers it once, with its key', async () => {
    const database = new PortalDb(`test-${crypto.randomUUID()}`);
    let answer: (r: Response) => void = () => {};
    const sent: string[] = [];
    const slowSend = (_path: string, opts: { idempotencyKey: string }) => {
      sent.push(opts.idempotencyKey);
      return new Promise<Response>((resolve) => (answer = resolve));
    };
    const queued = vi.fn();
    const outbox = createOutbox(database, () => 7, { send: slowSend, onQueued: queued, firstAnswerMs: 20 });
    const res = await outbox.submit(write('a'));
    expect(res.state).toBe('queued');
    expect(queued).toHaveBeenCalledTimes(1);
    expect(await database.outbox.count()).toBe(1);
    // The request was not abandoned: its late answer delivers the write, and no second request goes out.
    const delivered = new Promise<void>((resolve) => outbox.on((e) => e.type === 'sent' && resolve()));
    answer(new Response(JSON.stringify({ data: { id: 1 } }), { status: 201 }));
    await delivered;
    await outbox.flush();
    expect(await database.outbox.count()).toBe(0);
    expect(sent).toEqual([res.clientId]);
  });
});
