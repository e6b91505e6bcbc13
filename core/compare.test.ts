import { describe, expect, it } from 'vitest';
import {
  addCompareItem,
  cleanCompareItems,
  compareItemOf,
  COMPARE_LIMIT,
  type CompareItem,
  compareItemKey,
  comparesOffer,
  readCompareItem,
  readCompareQuery,
  removeCompareItem,
  toggleCompareOffer,
  writeCompareItem,
  writeCompareQuery,
} from './compare';

const item = (code: string, over: Partial<CompareItem> = {}): CompareItem => ({
  code,
  duration: 36,
  deposit: 0,
  distance: 15000,
  bundle: null,
  accessories: [],
  colors: [],
  services: {},
  ...over,
});

describe('the compare selection', () => {
  it('adds up to four configurations, then refuses with "full"', () => {
    let items: CompareItem[] = [];
    for (let i = 1; i <= COMPARE_LIMIT; i++) {
      const r = addCompareItem(items, item(`OF00000${i}`));
      expect(r.ok).toBe(true);
      if (r.ok) items = r.items;
    }
    expect(COMPARE_LIMIT).toBe(4);
    expect(addCompareItem(items, item('OF000009'))).toEqual({ ok: false, reason: 'full' });
    expect(toggleCompareOffer(items, item('OF000009'))).toEqual({ ok: false, reason: 'full' });
  });

  it('refuses the same configuration twice, but takes another configuration of the same offer', () => {
    const items = [item('OF000001', { accessories: ['B', 'A'] })];
    expect(addCompareItem(items, item('OF000001', { accessories: ['A', 'B'] }))).toEqual({ ok: false, reason: 'present' });
    const other = addCompareItem(items, item('OF000001', { duration: 48 }));
    expect(other.ok && other.items.length).toBe(2);
  });

  it("the card's toggle adds the card's terms, and takes the offer out in every configuration", () => {
    const on = toggleCompareOffer([], item('OF000001'));
    expect(on).toEqual({ ok: true, items: [item('OF000001')] });
    const both = [item('OF000001'), item('OF000001', { duration: 48 }), item('OF000002')];
    expect(comparesOffer(both, 'OF000001')).toBe(true);
    const off = toggleCompareOffer(both, item('OF000001', { duration: 60 }));
    expect(off).toEqual({ ok: true, items: [item('OF000002')] });
  });

  it('removes one configuration by its key', () => {
    const a = item('OF000001');
    const b = item('OF000001', { colors: ['VER-ROSSO'] });
    expect(removeCompareItem([a, b], compareItemKey(b))).toEqual([a]);
  });
});

describe('the address of a comparison', () => {
  it('writes each configuration readably and reads it back', () => {
    const full = item('OF000123', {
      duration: 48,
      deposit: 1000,
      distance: 0,
      bundle: 'Full Service',
      accessories: ['ACC-2', 'ACC-1'],
      colors: ['VER-ROSSO'],
      services: { '14': 2, '12': 1 },
      rate: 349.9,
    });
    expect(writeCompareItem(full)).toBe('OF000123~48~1000~0~b=Full Service~a=ACC-1,ACC-2~c=VER-ROSSO~s=12:1,14:2~r=349.9');
    expect(readCompareItem(writeCompareItem(full))).toEqual({ ...full, accessories: ['ACC-1', 'ACC-2'] });
    const query = writeCompareQuery([item('OF000001'), full]);
    expect(query).toBe('c=OF000001~36~0~15000&c=OF000123~48~1000~0~b=Full+Service~a=ACC-1,ACC-2~c=VER-ROSSO~s=12:1,14:2~r=349.9');
    expect(readCompareQuery(`?${query}`)).toEqual([item('OF000001'), { ...full, accessories: ['ACC-1', 'ACC-2'] }]);
    // Encoded by another client: the same items.
    expect(readCompareQuery(new URLSearchParams({ c: writeCompareItem(full) }).toString())).toEqual([{ ...full, accessories: ['ACC-1', 'ACC-2'] }]);
  });

  it('reads a pasted link leniently: bad items dropped, repeats once, at most four', () => {
    const bad = [
      'OF000001~36~0',
      'OF000001~36~x~15000',
      'OF 1~36~0~15000',
      'OF000001~36~0~15000~z=1',
      'OF000001~36~0~15000~c=A,B',
      'OF000001~36~0~15000~s=12',
      'OF000001~36~0~15000~r=-1',
      'OF000001~121~0~15000',
      '',
    ];
    for (const text of bad) expect(readCompareItem(text), text).toBeNull();
    const many = ['OF000001', 'OF000001', 'OF000002', 'OF000003', 'OF000004', 'OF000005'].map((c) => `c=${c}~36~0~15000`).join('&');
    expect(readCompareQuery(many).map((i) => i.code)).toEqual(['OF000001', 'OF000002', 'OF000003', 'OF000004']);
    expect(readCompareQuery('c=nonsense&x=1')).toEqual([]);
  });

  it('keeps only valid, distinct items from storage', () => {
    const stored = [item('OF000001'), item('OF000001'), item('bad code'), item('OF000002', { colors: ['A', 'B'] }), item('OF000003')];
    expect(cleanCompareItems(stored).map((i) => i.code)).toEqual(['OF000001', 'OF000003']);
    const odd = [null, 'OF000001', { ...item('OF000004'), code: undefined }, { ...item('OF000005'), services: [] }, { ...item('OF000006'), duration: '36' }];
    expect(cleanCompareItems(odd)).toEqual([]);
  });

  it("makes an item of an offer's terms, bundle trimmed and options sorted", () => {
    expect(compareItemOf('OF000001', { duration: 36, deposit: 0, distance: 15000, bundle: '  ' })).toEqual(item('OF000001'));
    expect(compareItemOf('OF000001', { duration: 36, deposit: 0, distance: 15000 }, { accessories: ['B', 'A', 'B'], rate: 310 })).toEqual(
      item('OF000001', { accessories: ['A', 'B'], rate: 310 }),
    );
  });
});
