import { describe, expect, it } from 'vitest';
import { formatDistance, formatMonthly, formatPrice } from './format';
import { childChoices, configure, type ConfigurableOffer, nearestChild, offerFees, readDetailUrl, type Selection, writeDetailUrl } from './offer-detail';
import { parseAnswers } from './schemas/offer-detail';

const child = (
  duration: number,
  deposit: number,
  distance: number,
  monthly_rate: number,
  extra: Partial<{ bundle: string; special_rate: number; special_price: number }> = {},
) => ({
  ref: `R-${duration}-${deposit}-${distance}${extra.bundle ? `-${extra.bundle}` : ''}`,
  duration,
  deposit,
  distance,
  monthly_rate,
  ...extra,
});

const offer: ConfigurableOffer<ReturnType<typeof child>> = {
  tag: null,
  children: [
    child(36, 0, 15000, 300),
    child(36, 2000, 0, 350),
    child(48, 0, 15000, 280, { special_rate: 1, special_price: 260 }),
    child(36, 0, 15000, 325, { bundle: 'Full' }),
  ],
  accessories: [
    { code: 'A180', price: 180 },
    { code: 'A100', price: 100 },
    { code: 'STD', price: 0 },
  ],
  colors: [
    { code: 'VER-BIANCO', price: 0 },
    { code: 'VER-ROSSO', price: 80 },
  ],
  services: [
    { id: 1, price: 0, included: true },
    { id: 2, price: 19, quantity: 4, min_quantity: 0, max_quantity: 8 },
    { id: 3, price: 6 },
  ],
};

const sel = (o: Partial<Selection> = {}): Selection => ({ duration: 36, deposit: 0, distance: 15000, accessories: [], colors: [], services: {}, ...o });

describe('configure', () => {
  const cases: [string, Partial<Selection>, number | 'no-match' | 'unknown'][] = [
    ['base child', {}, 30000],
    ['no match', { duration: 24 }, 'no-match'],
    ['unlimited distance', { deposit: 2000, distance: 0 }, 35000],
    ['unlimited is not 15000', { deposit: 2000, distance: 15000 }, 'no-match'],
    ['special rate takes the lower price', { duration: 48 }, 26000],
    ['bundle narrows', { bundle: 'Full' }, 32500],
    ['the spec: 180 over 36 months adds 5', { accessories: ['A180'] }, 30500],
    ['accessory and colour spread together', { accessories: ['A100'], colors: ['VER-ROSSO'] }, 30500],
    ['Di Serie adds nothing', { accessories: ['STD'], colors: ['VER-BIANCO'] }, 30000],
    ['service monthly, quantity within bounds', { services: { '2': 2 } }, 30000 + 3800],
    ['service quantity clamped to max', { services: { '2': 20 } }, 30000 + 19 * 8 * 100],
    ['services and extras', { accessories: ['A180'], services: { '3': 1 } }, 30000 + 500 + 600],
    ['unknown accessory', { accessories: ['NOPE'] }, 'unknown'],
    ['two colours', { colors: ['VER-BIANCO', 'VER-ROSSO'] }, 'unknown'],
    ['included service cannot be added', { services: { '1': 1 } }, 'unknown'],
  ];
  it.each(cases)('%s', (_name, s, want) => {
    const r = configure(offer, sel(s));
    if (typeof want === 'number') {
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.rate.total).toBe(want);
    } else {
      expect(r).toMatchObject({ ok: false, reason: want });
    }
  });
});

describe('choices and nearest child', () => {
  it('lists distances with unlimited last', () => {
    expect(childChoices(offer.children, 'distance')).toEqual([15000, 0]);
    expect(childChoices(offer.children, 'duration')).toEqual([36, 48]);
  });
  it.each([
    ['exact', { duration: 48, deposit: 0, distance: 15000 }, 'duration', 'R-48-0-15000'],
    ['keeps the changed value', { duration: 36, deposit: 2000, distance: 15000 }, 'deposit', 'R-36-2000-0'],
    ['nothing has it', { duration: 60, deposit: 0, distance: 15000 }, 'duration', undefined],
  ] as const)('%s', (_n, s, changed, ref) => {
    expect(nearestChild(offer.children, s, changed)?.ref).toBe(ref);
  });
});

describe('offerFees', () => {
  it.each([
    [
      'percentage',
      800,
      { feeType: 'FLAT_PERCENTAGE', feeValue: 50 },
      { agentFee: 50, defaultFeeValue: 400, minFeeValue: 200, maxFeeValue: 600, overCommission: 100 },
    ],
    ['hierarchical percentage', 1000, { feeType: 'HIERARCHICAL_PERCENTAGE', feeValue: 40 }, { agentFee: 40, defaultFeeValue: 400 }],
    ['fixed value does not move', 800, { feeType: 'FIXED_VALUE', feeValue: 150 }, { agentFee: 0, defaultFeeValue: 150 }],
    ['out of range percentage', 800, { feeType: 'FLAT_PERCENTAGE', feeValue: 140 }, { agentFee: 100, defaultFeeValue: 800 }],
  ] as const)('%s', (_n, profit, agent, want) => {
    expect(offerFees(profit, 300, agent)).toMatchObject({ ...want, originalMonthlyRate: 300, originalPotentialProfit: profit });
  });
});

describe('detail URL', () => {
  it.each([
    [
      'full',
      'duration=36&deposit=0&distance=0&bundle=Full&accessories=A,B&colors=VER-X',
      { duration: 36, deposit: 0, distance: 0, bundle: 'Full', accessories: ['A', 'B'], colors: ['VER-X'] },
    ],
    ['bad numbers dropped', 'duration=abc&deposit=-1&distance=1.5', { accessories: [], colors: [] }],
    ['one colour only, duplicates dropped', 'colors=A,B&accessories=A,A', { accessories: ['A'], colors: ['A'] }],
  ])('%s', (_n, q, want) => {
    expect(readDetailUrl(q)).toEqual(want);
  });
  it('round-trips', () => {
    const q = 'duration=36&deposit=2000&distance=15000&accessories=A,B&colors=VER-X';
    expect(writeDetailUrl(readDetailUrl(q))).toBe(q);
  });
});

describe('display', () => {
  it.each([
    [0, 'Di Serie'],
    [-5, 'Di Serie'],
    [180, '180\u00a0€'],
  ])('formatPrice(%s)', (n, want) => expect(formatPrice(n)).toBe(want));
  it('monthly and distance', () => {
    expect(formatMonthly(305)).toBe('305€ al mese');
    expect(formatMonthly(1305.5)).toBe('1.305,50€ al mese');
    expect(formatDistance(0)).toBe('illimitati');
  });
});

describe('parseAnswers', () => {
  it.each([
    ['a=1,b=true,c=si', { a: 1, b: true, c: 'si' }],
    ['', {}],
    ['broken', null],
  ] as const)('%s', (raw, want) => expect(parseAnswers(raw)).toEqual(want));
});
