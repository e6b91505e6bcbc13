import { describe, expect, it } from 'vitest';
import { carDrawing, carImageOfPath, carImagePath, parseCarImageCode, renderCarSvg } from './car-image';

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

  it("reads a drawn picture's body and colour from its path, and nothing else", () => {
    expect(carImageOfPath(carImagePath('wagon', 'C0FFEE'))).toEqual({ body: 'wagon', hex: 'c0ffee' });
    for (const other of ['/api/v1/car/images/FIA/1.jpg', '/api/v1/car/images/render/wagon-c0ffee.png', '/x/api/v1/car/images/render/wagon-c0ffee.svg', ''])
      expect(carImageOfPath(other)).toBeNull();
  });

  it('gives the shapes in drawing order, the body in the paint colour', () => {
    const parts = carDrawing('city', 'ABCDEF');
    expect(parts.map((p) => p.tag)).toEqual(['rect', 'ellipse', 'path', 'path', 'circle', 'circle', 'circle', 'circle']);
    expect(parts[2]!.attrs.fill).toBe('#abcdef');
    expect(() => carDrawing('city', 'nope')).toThrow(RangeError);
  });
});
