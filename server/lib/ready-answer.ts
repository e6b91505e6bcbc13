// Answers kept ready to send. An offer search costs a few milliseconds of CPU, and serialising
// (~34 KB of JSON) and compressing it about as much again; agents repeat the same searches (the
// unfiltered first page above all, paging back, a brand ticked and unticked). A ReadyAnswers cache
// keeps the JSON bytes of an answer and, made on first use, its brotli and gzip forms, so a repeat
// costs neither. The cache is bounded in bytes and drops the least recently used answers first.
// Whoever owns a cache decides when its answers go stale (the offer search keeps one per index
// version: offers/catalogue-index.ts).
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** The app's compression (app.ts registers @fastify/compress with it): per-request answers, so brotli
 * at quality 4, which compresses about as well as gzip for much less CPU than its default 11. */
export const COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

type Encoding = 'br' | 'gzip' | 'identity';

/** One answer: its JSON bytes and, once asked for, their compressed forms. */
export class ReadyAnswer {
  private readonly forms = new Map<Encoding, Buffer>();

  constructor(
    readonly json: Buffer,
    private readonly grew: () => void = () => {},
  ) {
    this.forms.set('identity', json);
  }

  get bytes() {
    let sum = 0;
    for (const b of this.forms.values()) sum += b.length;
    return sum;
  }

  body(encoding: Encoding): Buffer {
    let body = this.forms.get(encoding);
    if (!body) {
      body = encoding === 'br' ? zlib.brotliCompressSync(this.json, COMPRESSION.brotliOptions) : zlib.gzipSync(this.json);
      this.forms.set(encoding, body);
      this.grew();
    }
    return body;
  }
}

/** Answers by key, bounded in bytes (every form of an answer counts), least recently used dropped first. */
export class ReadyAnswers {
  private readonly entries: LRUCache<string, ReadyAnswer> | null;

  constructor(maxBytes: number) {
    this.entries = maxBytes > 0 ? new LRUCache<string, ReadyAnswer>({ maxSize: maxBytes, sizeCalculation: (answer) => Math.max(1, answer.bytes) }) : null;
  }

  get size() {
    return this.entries?.size ?? 0;
  }

  /** The answer under `key`, now the most recently used. */
  get(key: string): ReadyAnswer | undefined {
    return this.entries?.get(key);
  }

  add(key: string, json: string): ReadyAnswer {
    const answer: ReadyAnswer = new ReadyAnswer(Buffer.from(json), () => {
      // A compressed form was added: put it in again so the cache counts its new size (setting the
      // same value again leaves lru-cache's size as it was).
      if (this.entries?.peek(key) !== answer) return;
      this.entries.delete(key);
      this.entries.set(key, answer);
    });
    this.entries?.set(key, answer);
    return answer;
  }
}

/** Sends the answer in the best encoding the client accepts (the body compressed once per encoding). */
export function sendReady(req: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) {
  const encoding = answer.json.length < COMPRESSION.threshold ? 'identity' : acceptedEncoding(req.headers['accept-encoding']);
  reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'accept-encoding');
  // With Content-Encoding set, @fastify/compress leaves the body alone.
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(answer.body(encoding));
}

/** br, then gzip, when the Accept-Encoding header allows it (q above 0, or `*`); otherwise identity. */
export function acceptedEncoding(header: string | string[] | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const allowed = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  return COMPRESSION.encodings.find(allowed) ?? 'identity';
}
