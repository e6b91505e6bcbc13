import { describe, expect, it } from 'vitest';
import { carImagePath, parseCarImageCode, renderCarSvg } from './car-image';

describe('car images', () => {
  it('builds and parses the picture path', () => {
    expect(carImagePath('suv', '1E88E5')).toBe('/api/v1/car/images/render/suv-1e88e5.svg');
    expect(parseCarImageCode('suv-1e88e5')).toEqual({ body: 'suv', hex: '1e88e5' });
    for (const bad of ['suv-1e88e', 'rocket-1e88e5', 'suv-1e88e5"', 'suv-zzzzzz', '']) expect(parseCarImageCode(bad)).toBeNull();
  });

  it('draws an SVG with the paint colour and nothing active', () => {
    const svg = renderCarSvg('van', 'b3202a');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('fill="#b3202a"');
    expect(svg).not.toMatch(/script|on\w+=|href/i);
    expect(() => renderCarSvg('van', 'red"/><script>')).toThrow();
  });
});
