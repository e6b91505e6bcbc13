import { describe, expect, it } from 'vitest';
import {
  type ChildOffer,
  type CommissionFlags,
  type Fees,
  type PriceMap,
  type Service,
  applyCommission,
  applyServiceOverrides,
  clampQuantity,
  commissionBounds,
  displayedCommission,
  effectiveRate,
  evaluatePriceMap,
  extrasMonthly,
  feesWithResult,
  findChildOffer,
  monthlyRate,
  rateBoundsForCommission,
  servicePrice,
} from './pricing';

const createChild = (overrides: Partial<ChildOffer> = {}): ChildOffer => ({
  ref: 'c1',
  duration: 36,
  deposit: 0,
  distance: 15000,
  monthly_rate: 300,
  ...overrides,
});

const createService = (overrides: Partial<Service> = {}): Service => ({ id: 1, price: 10, ...overrides });

// agentFee 50 %, commission 200..400..600 €, 100 € over-commission room, rate 300 €, profit 800 €.
const createFees = (overrides: Partial<Fees> = {}): Fees => ({
  agentFee: 50,
  minFeeValue: 200,
  defaultFeeValue: 400,
  maxFeeValue: 600,
  overCommission: 100,
  originalMonthlyRate: 300,
  originalPotentialProfit: 800,
  ...overrides,
});
const ctx = { durationMonths: 36 }; // TAX_FACTOR 1.22: one cent a month earns 36 / 1.22 = 29.51 cents of profit

describe('findChildOffer', () => {
  const a = createChild({ ref: 'a' });
  const b = createChild({ ref: 'b', duration: 48, monthly_rate: 280 });
  const c = createChild({ ref: 'c', deposit: 2000, distance: 0, monthly_rate: 350 });
  const base = createChild({ ref: 'base', bundle: 'Base' });
  const plus = createChild({ ref: 'plus', bundle: 'Plus' });

  it.each([
    ['all three match', [a, b, c], { duration: 36, deposit: 0, distance: 15000 }, 'a'],
    ['another duration', [a, b, c], { duration: 48, deposit: 0, distance: 15000 }, 'b'],
    ['unlimited distance (0)', [a, b, c], { duration: 36, deposit: 2000, distance: 0 }, 'c'],
    ['no child matches', [a, b, c], { duration: 36, deposit: 2000, distance: 15000 }, undefined],
    ['bundle ignored when children have none', [a, b], { duration: 36, deposit: 0, distance: 15000, bundle: 'Plus' }, 'a'],
    ['bundle narrows', [base, plus], { duration: 36, deposit: 0, distance: 15000, bundle: 'Plus' }, 'plus'],
    ['no bundle chosen: first match', [base, plus], { duration: 36, deposit: 0, distance: 15000 }, 'base'],
    ['unknown bundle', [base, plus], { duration: 36, deposit: 0, distance: 15000, bundle: 'Gold' }, undefined],
  ])('%s', (_, children, selection, ref) => {
    expect(findChildOffer(children, selection)?.ref).toBe(ref);
  });
});

describe('effectiveRate', () => {
  it.each([
    ['no special rate', { special_rate: 0, special_price: 250 }, 300],
    ['special rate, lower special price', { special_rate: 1, special_price: 250 }, 250],
    ['special rate, higher special price', { special_rate: 1, special_price: 320 }, 300],
    ['special rate, special price missing', { special_rate: 1, special_price: 0 }, 300],
    ['nulls', { special_rate: null, special_price: null }, 300],
  ])('%s', (_, overrides, expected) => {
    expect(effectiveRate(createChild(overrides))).toBe(expected);
  });
});

describe('extrasMonthly', () => {
  it.each([
    ['the spec example: 180 over 36 months adds 5 a month', [180], 36, 500],
    ['accessory and colour together', [100, 80], 36, 500],
    ["'Di Serie' (0 or less) adds nothing", [0, -5, 180], 36, 500],
    ['nothing chosen', [], 36, 0],
    ['summed, then divided once', [100], 36, 278],
    ['half a cent rounds up', [0.18], 36, 1],
  ])('%s', (_, prices, months, cents) => {
    expect(extrasMonthly(prices, months)).toBe(cents);
  });

  it('refuses a duration of 0', () => {
    expect(() => extrasMonthly([180], 0)).toThrow(RangeError);
  });
});

describe('clampQuantity', () => {
  it.each([
    [{ min_quantity: 1, max_quantity: 3 }, 0, 1],
    [{ min_quantity: 1, max_quantity: 3 }, 5, 3],
    [{ min_quantity: 1, max_quantity: 3 }, 2, 2],
    [{ min_quantity: 1, max_quantity: 3 }, 2.6, 3],
    [{}, undefined, 1],
    [{ quantity: 2 }, undefined, 2],
    [{}, -4, 0],
    [{ min_quantity: 4, max_quantity: 2 }, 3, 4],
  ])('%j, asked %s -> %s', (service, quantity, expected) => {
    expect(clampQuantity(service, quantity)).toBe(expected);
  });
});

describe('servicePrice', () => {
  const priceMap: PriceMap = {
    duration: [{ value: 8, conditions: [['duration', '>=', 48]] }],
    distance: [
      { value: 15, conditions: [['distance', '>', 30000]] },
      {
        value: 12,
        conditions: [
          ['distance', 'in', [20000, 25000]],
          ['deposit', '=', 0],
        ],
      },
    ],
    quantity: [
      { value: 3, conditions: [['deposit', 'like', 0] as never] },
      { value: 2, conditions: [['deposit', '!=', 0]], multipliedBy: 'missing' },
      { value: 4, conditions: [['deposit', '!=', 0]], multipliedBy: 'quantity' },
    ],
  };
  const service = createService({ min_quantity: 1, max_quantity: 3, has_price_map: true, price_map: priceMap });
  const offer = (o: Record<string, unknown>) => ({ duration: 36, distance: 15000, deposit: 0, ...o });

  it.each([
    ['Catalogo uses price x quantity', { tag: 'Catalogo', offer: offer({ duration: 48 }), quantity: 2 }, 2000],
    ['first applying entry wins', { tag: 'Web', offer: offer({ duration: 48 }) }, 800],
    ['unlimited distance (0) is above any limit', { tag: 'Web', offer: offer({ distance: 0 }) }, 1500],
    ["'in' and '=' together", { tag: 'Web', offer: offer({ distance: 20000 }) }, 1200],
    ['numeric strings compare as numbers', { tag: 'Web', offer: offer({ distance: '25000', deposit: '0' }) }, 1200],
    ['multipliedBy quantity (unknown operator and missing multiplier skipped)', { tag: 'Web', offer: offer({ deposit: 2000 }), quantity: 2 }, 800],
    ['multipliedBy uses the clamped quantity', { tag: 'Web', offer: offer({ deposit: 2000 }), quantity: 5 }, 1200],
    ['nothing applies: plain price', { tag: 'Web', offer: offer({}) }, 1000],
    ['missing fields never satisfy a condition', { tag: 'Web', offer: {} }, 1000],
    ['no context at all', {}, 1000],
  ])('%s', (_, context, cents) => {
    expect(servicePrice(service, context)).toBe(cents);
  });

  it.each([
    ['has_price_map false', createService({ has_price_map: false, price_map: priceMap }), 1000],
    ['no price map', createService({ has_price_map: true, price_map: null }), 1000],
    ['included in the offer', createService({ included: true, price_map: priceMap }), 0],
  ])('%s', (_, s, cents) => {
    expect(servicePrice(s, { tag: 'Web', offer: offer({ duration: 48 }) })).toBe(cents);
  });

  it("'=' 0 still finds unlimited distance, '<' does not", () => {
    const map: PriceMap = {
      distance: [
        { value: 9, conditions: [['distance', '<', 20000]] },
        { value: 7, conditions: [['distance', '=', 0]] },
      ],
    };
    expect(evaluatePriceMap(map, { distance: 0 })).toBe(700);
    expect(evaluatePriceMap(map, { distance: 10000 })).toBe(900);
    expect(evaluatePriceMap({}, { distance: 0 })).toBeUndefined();
  });

  it('an entry without conditions is a catch-all', () => {
    expect(evaluatePriceMap({ any: [{ value: 6.5, conditions: [] }] }, {})).toBe(650);
  });
});

describe('applyServiceOverrides', () => {
  const priceMap: PriceMap = { duration: [{ value: 18, conditions: [['duration', '<=', 36]] }] };
  const list = [
    createService({ id: 1, price: 19, quantity: 4, min_quantity: 0, max_quantity: 8 }),
    createService({ id: 2, price: 16, has_price_map: true, price_map: priceMap }),
    createService({ id: 3, price: 6 }),
  ];

  it('without choices the product services stay as they are', () => {
    expect(applyServiceOverrides(list, [])).toEqual(list);
  });

  it('with choices only the chosen services remain, override and quantity applied', () => {
    const out = applyServiceOverrides(list, [
      { id: 1, price: 12, quantity: 2 },
      { id: '2', price: null, quantity: null },
    ]);
    expect(out.map((s) => s.id)).toEqual([1, 2]);
    expect(out[0]).toMatchObject({ price: 12, quantity: 2, has_price_map: false, price_map: null });
    // No override: the product's price map still prices it.
    expect(servicePrice(out[1]!, { tag: 'Web', offer: { duration: 36 } })).toBe(1800);
  });

  it('an override replaces the price map, also on non-Catalogo offers', () => {
    const [s] = applyServiceOverrides(list, [{ id: 2, price: 9.5 }]);
    expect(servicePrice(s!, { tag: 'Web', offer: { duration: 36 } })).toBe(950);
    expect(servicePrice(s!, { tag: 'Catalogo' })).toBe(950);
  });

  it('the quantity choice is clamped to min and max and multiplies the override', () => {
    const [s] = applyServiceOverrides(list, [{ id: 1, price: 10, quantity: 20 }]);
    expect(s!.quantity).toBe(8);
    expect(servicePrice(s!, { tag: 'Catalogo' })).toBe(8000);
  });

  it('an override of 0 makes the service free, and the configured rate follows the override', () => {
    const [free] = applyServiceOverrides(list, [{ id: 3, price: 0 }]);
    expect(servicePrice(free!, {})).toBe(0);
    const [tyres] = applyServiceOverrides(list, [{ id: 1, price: 5, quantity: 2 }]);
    expect(monthlyRate({ baseRate: 300, durationMonths: 36, services: [tyres!], tag: 'Catalogo' }).total).toBe(31000);
  });
});

describe('monthlyRate', () => {
  it('adds base, spread extras and monthly services', () => {
    const result = monthlyRate({
      baseRate: 300,
      durationMonths: 36,
      accessories: [{ price: 180 }, { price: 0 }],
      colors: [{ price: 360 }],
      services: [createService({ price: 20 }), createService({ price: 5, quantity: 2 })],
      tag: 'Catalogo',
    });
    expect(result).toEqual({ base: 30000, extras: 1500, services: 3000, total: 34500 });
  });

  it("prices services with the chosen duration and rate, not the offer's", () => {
    const priceMap: PriceMap = {
      duration: [
        {
          value: 8,
          conditions: [
            ['duration', '>=', 48],
            ['monthly_rate', '<', 300],
          ],
        },
      ],
    };
    const result = monthlyRate({
      baseRate: 280,
      durationMonths: 48,
      services: [createService({ has_price_map: true, price_map: priceMap })],
      tag: 'Web',
      offer: { duration: 36, monthly_rate: 300 },
    });
    expect(result).toEqual({ base: 28000, extras: 0, services: 800, total: 28800 });
  });
});

describe('commission bounds', () => {
  // Commission in cents (slider) and monthly rate in cents (override) for every flag combination.
  // Rates: 200 € -> 286.44, 400 € -> 300, 500 € -> 306.78, 600 € -> 313.56, 700 € -> 320.33.
  it.each([
    ['none', {}, [40000, 40000], [30000, 30000]],
    ['extra', { has_extra_commission: true }, [40000, 60000], [30000, 31356]],
    ['under', { has_under_commission: true }, [20000, 40000], [28644, 30000]],
    ['over', { has_over_commission: true }, [40000, 40000], [30000, 30678]],
    ['extra + under', { has_extra_commission: true, has_under_commission: true }, [20000, 60000], [28644, 31356]],
    ['extra + over', { has_extra_commission: true, has_over_commission: true }, [40000, 60000], [30000, 32033]],
    ['under + over', { has_under_commission: true, has_over_commission: true }, [20000, 40000], [28644, 30678]],
    ['all', { has_extra_commission: true, has_under_commission: true, has_over_commission: true }, [20000, 60000], [28644, 32033]],
  ] satisfies [string, CommissionFlags, number[], number[]][])('%s', (_, flags, [cMin, cMax], [rMin, rMax]) => {
    expect(commissionBounds(createFees(), flags)).toEqual({ min: cMin, max: cMax, default: 40000 });
    expect(rateBoundsForCommission(createFees(), flags, ctx)).toEqual({ min: rMin, max: rMax });
  });

  it('has no over-commission room without overCommission', () => {
    expect(rateBoundsForCommission(createFees({ overCommission: null }), { has_over_commission: true }, ctx)).toEqual({ min: 30000, max: 30000 });
  });

  it('keeps the default inside badly ordered bounds', () => {
    const fees = createFees({ minFeeValue: 500, maxFeeValue: 300 });
    expect(commissionBounds(fees, { has_extra_commission: true, has_under_commission: true })).toEqual({ min: 40000, max: 40000, default: 40000 });
  });

  it('never offers a negative rate', () => {
    expect(rateBoundsForCommission(createFees({ minFeeValue: -10000 }), { has_under_commission: true }, ctx).min).toBe(0);
  });
});

describe('applyCommission', () => {
  const all: CommissionFlags = { has_extra_commission: true, has_under_commission: true, has_over_commission: true };
  const extra: CommissionFlags = { has_extra_commission: true };

  it.each([
    ['nothing asked', all, {}, { monthlyRate: 30000, commission: 40000, displayCommission: 400, potentialProfit: 80000, changed: false }],
    [
      'slider up: rate follows',
      extra,
      { commission: 500 },
      { monthlyRate: 30678, commission: 50000, displayCommission: 500, potentialProfit: 100007, changed: true },
    ],
    [
      'slider above max is clamped',
      extra,
      { commission: 700 },
      { monthlyRate: 31356, commission: 60000, displayCommission: 600, potentialProfit: 120013, changed: true },
    ],
    [
      'slider down without has_under_commission',
      extra,
      { commission: 300 },
      { monthlyRate: 30000, commission: 40000, displayCommission: 400, potentialProfit: 80000, changed: false },
    ],
    [
      'override above the ceiling, no over flag',
      extra,
      { overrideMonthlyRate: 320 },
      { monthlyRate: 31356, commission: 60000, displayCommission: 600, potentialProfit: 120013, changed: true },
    ],
    [
      'override into the over-commission room',
      all,
      { overrideMonthlyRate: 320 },
      { monthlyRate: 32000, commission: 69508, displayCommission: 695, potentialProfit: 139016, changed: true },
    ],
    [
      'override below the floor',
      all,
      { overrideMonthlyRate: 250 },
      { monthlyRate: 28644, commission: 20000, displayCommission: 200, potentialProfit: 39987, changed: true },
    ],
    [
      'override wins over slider',
      all,
      { commission: 200, overrideMonthlyRate: 320 },
      { monthlyRate: 32000, commission: 69508, displayCommission: 695, potentialProfit: 139016, changed: true },
    ],
    [
      'a cent more: shown commission unchanged',
      extra,
      { overrideMonthlyRate: 300.01 },
      { monthlyRate: 30001, commission: 40015, displayCommission: 400, potentialProfit: 80030, changed: false },
    ],
  ] satisfies [string, CommissionFlags, object, object][])('%s', (_, flags, input, expected) => {
    expect(applyCommission(createFees(), flags, input, ctx)).toMatchObject({ originalDisplayCommission: 400, ...expected });
  });

  it('anchors at the configured rate (with extras) and honours the tax factor', () => {
    expect(applyCommission(createFees(), extra, { commission: 500 }, { ...ctx, baseMonthlyRate: 31000 }).monthlyRate).toBe(31678);
    // Net rates (tax factor 1): 200 € of profit over 36 months is 5.56 € a month.
    expect(applyCommission(createFees(), extra, { commission: 500 }, { ...ctx, taxFactor: 1 }).monthlyRate).toBe(30556);
  });

  it('moves nothing when the agent has no share', () => {
    const result = applyCommission(createFees({ agentFee: 0 }), all, { commission: 500 }, ctx);
    expect(result).toMatchObject({ monthlyRate: 30000, commission: 40000 });
    expect(applyCommission(createFees({ agentFee: 0 }), all, { overrideMonthlyRate: 320 }, ctx).monthlyRate).toBe(30000);
  });

  it('shows a commission below 0 as 0', () => {
    const fees = createFees({ minFeeValue: -50, defaultFeeValue: 10 });
    expect(applyCommission(fees, { has_under_commission: true }, { commission: -50 }, ctx)).toMatchObject({
      commission: -5000,
      displayCommission: 0,
      originalDisplayCommission: 10,
      changed: true,
    });
  });

  it('refuses a duration of 0', () => {
    expect(() => applyCommission(createFees(), all, {}, { durationMonths: 0 })).toThrow(RangeError);
  });

  it('fills the fees to save', () => {
    expect(feesWithResult(createFees(), { monthlyRate: 30678, potentialProfit: 100007 })).toMatchObject({
      finalMonthlyRate: 306.78,
      finalPotentialProfit: 1000.07,
    });
  });
});

describe('displayedCommission', () => {
  it.each([
    [-3, 0],
    [0.49, 0],
    [0.5, 1],
    [399.5, 400],
    [400.4, 400],
  ])('%s -> %s', (euros, shown) => {
    expect(displayedCommission(euros)).toBe(shown);
  });
});
