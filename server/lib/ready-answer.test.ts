import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, ReadyAnswers } from './ready-answer';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ] as const)('%s → %s', (header, encoding) => {
    expect(acceptedEncoding(header)).toBe(encoding);
  });
});

describe('ReadyAnswers', () => {
  const json = (n: number) => JSON.stringify({ data: 'x'.repeat(n) });

  it('keeps answers until their bytes pass the bound, dropping the least recently used first', () => {
    const cache = new ReadyAnswers(2500);
    cache.add('a', json(1000));
    cache.add('b', json(1000));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.add('c', json(1000));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('compresses once per encoding, and counts the compressed forms against the bound', () => {
    const size = Buffer.byteLength(json(1000));
    const cache = new ReadyAnswers(2 * size + 5); // two answers fit, but not with compressed forms
    const a = cache.add('a', json(1000));
    const br = a.body('br');
    expect(a.body('br')).toBe(br);
    expect(brotliDecompressSync(br).equals(a.json)).toBe(true);
    expect(gunzipSync(a.body('gzip')).equals(a.json)).toBe(true);
    expect(a.body('identity')).toBe(a.json);
    const b = cache.add('b', json(1000));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(b);
  });

  it('replaces an answer added again under the same key', () => {
    const cache = new ReadyAnswers(10_000);
    cache.add('a', json(10));
    const again = cache.add('a', json(20));
    expect(cache.get('a')).toBe(again);
    expect(cache.size).toBe(1);
  });
});
