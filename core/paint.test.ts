import { describe, expect, it } from 'vitest';
import { carImagePath } from './car-image';
import { paintedImage, paintHex, paintHexOfName } from './paint';

describe('paint of a chosen colour', () => {
  it("reads the demo catalogue's paints by their names as the catalogue draws them", () => {
    expect(paintHexOfName('Bianco pastello')).toBe('f2f3f5');
    expect(paintHexOfName('Nero metallizzato')).toBe('22252a');
    expect(paintHexOfName('Grigio metallizzato')).toBe('8a929c');
    expect(paintHexOfName('Blu metallizzato')).toBe('1f4e8c');
    expect(paintHexOfName('Rosso passione')).toBe('b3202a');
    expect(paintHexOfName('Verde salvia')).toBe('6f8f72');
    expect(paintHexOfName('Beige sabbia')).toBe('c9b79c');
  });

  it('takes the shade before its hue, whole words only, whatever the case and accents', () => {
    expect(paintHexOfName('Grigio antracite')).toBe('3b4045');
    expect(paintHexOfName('VERDE ACQUA perlato')).toBe('5fb7b0');
    expect(paintHexOfName('Blu notte metallizzato')).toBe('1f4e8c');
    expect(paintHexOfName('Rosso Bordeaux')).toBe('6d1a2a');
    expect(paintHexOfName('Nero perla')).toBe('22252a');
    expect(paintHexOfName('Bianco-perla')).toBe('ece8df');
    expect(paintHexOfName('Tesoro')).toBeNull();
    expect(paintHexOfName('Vernice speciale Ultra')).toBeNull();
    expect(paintHexOfName('')).toBeNull();
  });

  it("prefers the catalogue's hex to the name, and ignores a hex that is not one", () => {
    expect(paintHex({ description: 'Rosso passione', hex: 'ABCDEF' })).toBe('abcdef');
    expect(paintHex({ description: 'Rosso passione', hex: 'red' })).toBe('b3202a');
    expect(paintHex({ description: 'Rosso passione', hex: null })).toBe('b3202a');
    expect(paintHex(null)).toBeNull();
  });

  it('redraws a drawn picture in the chosen paint, and leaves uploaded pictures and unknown paints alone', () => {
    const drawn = carImagePath('suv', 'f2f3f5');
    expect(paintedImage(drawn, { description: 'Rosso passione' })).toBe(carImagePath('suv', 'b3202a'));
    expect(paintedImage(drawn, { description: 'Speciale', hex: '1E88E5' })).toBe(carImagePath('suv', '1e88e5'));
    expect(paintedImage(drawn, { description: 'Speciale' })).toBe(drawn);
    expect(paintedImage(drawn, null)).toBe(drawn);
    expect(paintedImage('/api/v1/car/images/FIA/1.jpg', { description: 'Rosso passione' })).toBe('/api/v1/car/images/FIA/1.jpg');
  });
});
