import { describe, expect, it } from 'vitest';
import { demoMonthlyRate } from './offers';

// The demo catalogue's rates come from a pricing model (docs/adr/0112-demo-data.md), so they behave as a customer expects.
describe('the demo pricing model', () => {
  const panda = (o: Partial<{ duration: number; distance: number; deposit: number }> = {}) =>
    demoMonthlyRate(17_000, 'city-car', 'Fiat', { duration: 36, distance: 15_000, deposit: 0, factor: 1, ...o });

  it('grows with the km, shrinks with the deposit and the duration', () => {
    expect(panda({ distance: 25_000 })).toBeGreaterThan(panda({ distance: 15_000 }));
    expect(panda({ distance: 40_000 })).toBeGreaterThan(panda({ distance: 25_000 }));
    expect(panda({ deposit: 2_000 })).toBeLessThan(panda({ deposit: 0 }));
    expect(panda({ duration: 48 })).toBeLessThan(panda({ duration: 24 }));
  });

  it('prices brands and segments at plausible levels', () => {
    const rate = panda();
    expect(rate).toBeGreaterThan(150);
    expect(rate).toBeLessThan(450);
    const bmw = demoMonthlyRate(55_000, 'suv', 'BMW', { duration: 36, distance: 15_000, deposit: 0, factor: 1 });
    expect(bmw).toBeGreaterThan(rate * 2);
    // Unlimited km (0) costs more than the largest allowance.
    expect(panda({ distance: 0 })).toBeGreaterThan(panda({ distance: 40_000 }));
  });
});
