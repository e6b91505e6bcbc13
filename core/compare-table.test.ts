import { describe, expect, it } from 'vitest';
import { type CompareItem, compareItemOf } from './compare';
import { bestCells, type CompareColumn, compareColumn, type CompareSource, compareTable } from './compare-table';
import { toEuros } from './money';
import { offerFees, priceQuote } from './offer-detail';
import type { CheckLimits } from './offer-sustainability';

const source = (code: string, over: Partial<CompareSource> = {}): CompareSource => ({
  code,
  brand: 'Fiat',
  model: `Panda ${code}`,
  version: '1.0 Hybrid',
  image: '/api/v1/car/images/render/city-9aa4b1.svg',
  tag: null,
  broker: { name: 'Aurora Rent' },
  product: { name: 'Aurora Rent Privati' },
  delivery_time_label: 'Entro 60 giorni',
  delivery_days: 60,
  fastDelivery: false,
  stockAvailabilityLabel: 'In arrivo',
  child: {
    data: [
      { ref: `${code}-36-15000-0`, duration: 36, deposit: 0, distance: 15000, monthly_rate: 300 },
      { ref: `${code}-48-0-2000`, duration: 48, deposit: 2000, distance: 0, monthly_rate: 280, special_rate: 1, special_price: 265 },
    ],
  },
  optionalAccessories: [{ code: 'NAV', price: 720, description: 'Navigatore' }],
  colors: [{ code: 'VER-ROSSO', price: 360, description: 'Rosso Passione' }],
  services: [
    { id: 1, name: 'Pneumatici', price: 0, included: true },
    { id: 2, name: 'Kasko', price: 19, included: false, quantity: 1, min_quantity: 0, max_quantity: 3 },
  ],
  ...over,
});

const item = (code: string, over: Partial<CompareItem> = {}): CompareItem => ({
  ...compareItemOf(code, { duration: 36, deposit: 0, distance: 15000 }),
  ...over,
});

const NO_CHECK = { check: null, showFees: false };
const column = (s: CompareSource, i: CompareItem, ctx: Parameters<typeof compareColumn>[2] = NO_CHECK): CompareColumn => {
  const r = compareColumn(s, i, ctx);
  if (!r.ok) throw new Error(r.reason);
  return r.column;
};

describe('a compare column', () => {
  it("is priced with the detail's rule: child rate, extras over the duration, services monthly", () => {
    const s = source('OF1');
    const i = item('OF1', { accessories: ['NAV'], colors: ['VER-ROSSO'], services: { '2': 2 } });
    const c = column(s, i);
    // 300 + (720 + 360) / 36 + 2 × 19
    expect(toEuros(c.monthlyRate)).toBe(368);
    const detail = priceQuote({ ...s, children: s.child.data, accessories: s.optionalAccessories, fees: null, flags: {} }, { ...i }, {});
    expect(detail.ok && detail.monthlyRate).toBe(c.monthlyRate);
    expect(c.addedServices).toEqual([{ name: 'Kasko', quantity: 2, monthly: 3800 }]);
    expect(c.accessories).toEqual([{ description: 'Navigatore', price: 720 }]);
    expect(c.color).toEqual({ description: 'Rosso Passione', price: 360 });
    expect(c.includedServices).toEqual(['Pneumatici']);
    expect(toEuros(c.totalCost)).toBe(368 * 36);
    expect(c.partial).toBe(false);
  });

  it('takes the special price and the deposit into the total', () => {
    const c = column(source('OF1'), item('OF1', { duration: 48, deposit: 2000, distance: 0 }));
    expect(toEuros(c.monthlyRate)).toBe(265);
    expect(toEuros(c.totalCost)).toBe(2000 + 265 * 48);
  });

  it("applies the agent's commission rate within its bounds, and shows the commission only with fees-visibility", () => {
    const fees = offerFees(600, 300, { feeType: 'PERCENTAGE', feeValue: 50 });
    const s = source('OF1', { fees, has_extra_commission: true, has_under_commission: true });
    const asked = item('OF1', { rate: 310 });
    const seller = column(s, asked, { check: null, showFees: true });
    expect(toEuros(seller.monthlyRate)).toBe(310);
    const expected = priceQuote({ ...s, children: s.child.data, accessories: s.optionalAccessories, fees, flags: s }, asked, { monthlyRate: 310 });
    expect(expected.ok && expected.commission?.displayCommission).toBe(seller.commission);
    expect(seller.commission).toBeGreaterThan(300);
    // Out of the bounds: clamped, as the detail and the quotation do.
    expect(toEuros(column(s, item('OF1', { rate: 9999 }), { check: null, showFees: true }).monthlyRate)).toBeLessThan(9999);
    // Without fees-visibility: the configured rate, no commission.
    const agent = column(s, asked, NO_CHECK);
    expect(toEuros(agent.monthlyRate)).toBe(300);
    expect(agent.commission).toBeNull();
  });

  it('rates the offer for the checked customer, as the cards do', () => {
    const check: CheckLimits = {
      chance: 2,
      description: 'CONGRATULATIONS_OFFERS',
      monthlyRateMax: 320,
      thresholdMonthlyRateMax: 320,
      depositRequired: null,
    } as CheckLimits;
    expect(column(source('OF1'), item('OF1'), { check, showFees: false }).sustainability?.index).toBe(2);
    expect(column(source('OF1'), item('OF1', { services: { '2': 2 } }), { check, showFees: false }).sustainability?.index).toBe(1);
    expect(column(source('OF1'), item('OF1', { services: { '2': 3 } }), { check, showFees: false }).sustainability?.index).toBe(0);
    expect(column(source('OF1'), item('OF1'), NO_CHECK).sustainability).toBeNull();
  });

  it('says when the terms match no child offer, or a code is not the offer’s', () => {
    expect(compareColumn(source('OF1'), item('OF1', { duration: 24 }), NO_CHECK)).toEqual({ ok: false, reason: 'no-match' });
    expect(compareColumn(source('OF1'), item('OF1', { accessories: ['XX'] }), NO_CHECK)).toMatchObject({ ok: false, reason: 'unknown', accessories: ['XX'] });
  });

  it("from the device's copy: the terms' rate, flagged partial, services unknown", () => {
    const device = source('OF1', { optionalAccessories: [], colors: [], services: [], fromDevice: true });
    const plain = column(device, item('OF1'));
    expect(toEuros(plain.monthlyRate)).toBe(300);
    expect(plain.partial).toBe(false);
    expect(plain.includedServices).toBeNull();
    const extras = column(device, item('OF1', { accessories: ['NAV'], services: { '2': 1 } }));
    expect(toEuros(extras.monthlyRate)).toBe(300);
    expect(extras.partial).toBe(true);
    // A commission rate needs fees the copy does not hold.
    expect(column(device, item('OF1', { rate: 310 }), { check: null, showFees: true }).partial).toBe(true);
  });
});

describe('the best value of a row', () => {
  it('marks the lowest or highest, ties included; nothing when all equal or fewer than two are known', () => {
    expect(bestCells([300, 280, 280, 310], 'lower')).toEqual([false, true, true, false]);
    expect(bestCells([300, null, 310], 'higher')).toEqual([false, false, true]);
    expect(bestCells([300, 300], 'lower')).toEqual([false, false]);
    expect(bestCells([300, null], 'lower')).toEqual([false, false]);
  });

  it('lowest rate, deposit and total; most km (unlimited most); most services; shortest delivery; no best for duration', () => {
    const a = column(source('A', { delivery_days: 30 }), item('A'));
    const b = column(source('B', { delivery_days: 90, services: [] }), item('B', { duration: 48, deposit: 2000, distance: 0 }));
    const c = column(source('C', { delivery_days: null }), item('C', { accessories: ['NAV'] }));
    const rows = Object.fromEntries(compareTable([a, b, c], { sustainability: false, commission: false }).map((r) => [r.id, r]));
    expect(rows.rate!.best).toEqual([false, true, false]);
    expect(rows.deposit!.best).toEqual([true, false, true]);
    // Durations differ (36 and 48 months): the totals are not compared.
    expect(rows.totalCost!.best).toEqual([false, false, false]);
    expect(rows.distance!.best).toEqual([false, true, false]);
    expect(rows.includedServices!.best).toEqual([true, false, true]);
    expect(rows.delivery!.best).toEqual([true, false, false]);
    expect(rows.duration!.best).toEqual([false, false, false]);
    expect(rows.sustainability).toBeUndefined();
    expect(rows.commission).toBeUndefined();
  });

  it('marks the lowest total between contracts of one duration', () => {
    const a = column(source('A'), item('A', { services: { '2': 1 } }));
    const b = column(source('B'), item('B'));
    const rows = Object.fromEntries(compareTable([a, b], { sustainability: false, commission: false }).map((r) => [r.id, r]));
    expect(rows.totalCost!.best).toEqual([false, true]);
  });

  it('leaves a partial column out of the rate and total', () => {
    const device = column(source('D', { optionalAccessories: [], colors: [], services: [], fromDevice: true }), item('D', { accessories: ['NAV'] }));
    const full = column(source('F'), item('F', { services: { '2': 1 } }));
    const rows = Object.fromEntries(compareTable([device, full], { sustainability: false, commission: false }).map((r) => [r.id, r]));
    expect(rows.rate!.best).toEqual([false, false]);
    expect(rows.rate!.cells[0]).toEqual(['300€ al mese', 'Senza optional e servizi scelti (dati del dispositivo)']);
    expect(rows.includedServices!.cells[0]).toEqual(['Non disponibili offline']);
  });
});

describe('the table', () => {
  it('labels and formats every row as the screen and the PDF show it', () => {
    const fees = offerFees(600, 300, { feeType: 'PERCENTAGE', feeValue: 50 });
    const check = { chance: 2, description: null, monthlyRateMax: 400, thresholdMonthlyRateMax: 400, depositRequired: null } as CheckLimits;
    const ctx = { check, showFees: true };
    const a = column(source('A', { fees }), item('A', { accessories: ['NAV'], colors: ['VER-ROSSO'], services: { '2': 2 } }), ctx);
    const b = column(
      source('B', { fees, fastDelivery: true, child: { data: [{ ref: 'B1', duration: 36, deposit: 0, distance: 15000, monthly_rate: 300, bundle: 'Full' }] } }),
      item('B', { bundle: 'Full' }),
      ctx,
    );
    const table = compareTable([a, b], { sustainability: true, commission: true });
    expect(table.map((r) => r.label)).toEqual([
      'Società di noleggio',
      'Canone mensile (IVA esclusa)',
      'Anticipo',
      'Durata',
      'Km annui',
      'Costo totale (anticipo e canoni)',
      'Servizi inclusi',
      'Servizi aggiuntivi',
      'Optional e colore',
      'Consegna',
      'Disponibilità',
      'Sostenibilità (credit check)',
      'Provvigione',
    ]);
    // Intl writes a no-break space before the euro sign.
    const cells = Object.fromEntries(table.map((r) => [r.id, r.cells.map((lines) => lines.map((l) => l.replace(/\u00a0/g, ' ')))]));
    expect(cells.lessor).toEqual([
      ['Aurora Rent', 'Aurora Rent Privati'],
      ['Aurora Rent', 'Aurora Rent Privati', 'Pacchetto Full'],
    ]);
    expect(cells.rate).toEqual([['368€ al mese'], ['300€ al mese']]);
    expect(cells.deposit).toEqual([['Nessun anticipo'], ['Nessun anticipo']]);
    expect(cells.duration).toEqual([['36 mesi'], ['36 mesi']]);
    expect(cells.distance).toEqual([['15.000 km'], ['15.000 km']]);
    expect(cells.totalCost).toEqual([['13.248 €'], ['10.800 €']]);
    expect(cells.addedServices).toEqual([['Kasko (x2): 38€ al mese'], ['Nessuno']]);
    expect(cells.extras).toEqual([['Navigatore (720 €)', 'Colore Rosso Passione (360 €)'], ['Nessuno']]);
    expect(cells.delivery).toEqual([['Entro 60 giorni'], ['Entro 60 giorni', 'Consegna rapida']]);
    expect(cells.sustainability).toEqual([['Livello 2 · Alta'], ['Livello 2 · Alta']]);
    expect(cells.commission![0]![0]).toMatch(/^\d+ €$/);
  });
});
