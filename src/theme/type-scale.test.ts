// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app's type scale (src/theme/app.css): each distinct size and weight on a screen is a font strike the
// browser sets up at the screen's first layout, so the app keeps to a few (docs/adr/0148-typeface-and-type-scale.md).
const SCALE = ['0.75rem', '0.85rem', '1rem', '1.15rem', '1.3rem', '1.5rem', '2rem'];
const SRC = path.resolve(import.meta.dirname, '..');
/** The app's own stylesheets, as paths relative to src. */
const cssFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));

/** Every `font-size` and `font-weight` declaration of the app's own stylesheets, with where it is. */
function declarations(property: 'font-size' | 'font-weight') {
  const found: { where: string; value: string }[] = [];
  for (const file of cssFiles) {
    // An @font-face block describes a typeface file (the weights it holds), not text on a screen.
    const text = readFileSync(path.join(SRC, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/@font-face\s*\{[^}]*\}/g, '');
    for (const match of text.matchAll(new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;}]+)`, 'g'))) {
      found.push({ where: file, value: match[1]!.replace(/\s*!important\s*$/, '').trim() });
    }
  }
  return found;
}

describe('type scale', () => {
  it('sets every font size from the scale, or relative to the parent (icons)', () => {
    const sizes = declarations('font-size');
    expect(sizes.length).toBeGreaterThan(100);
    const off = sizes.filter(({ value }) => !SCALE.includes(value) && value !== 'var(--icon-size)' && !/^[\d.]+(em|%)$/.test(value));
    // Icon-only buttons size their SVG in px (src/ui/icon-button.css): no text, no font strike.
    expect(off.filter(({ where }) => where !== path.join('ui', 'icon-button.css'))).toEqual([]);
  });

  it('uses one bold weight (600) besides regular and medium', () => {
    const weights = declarations('font-weight').filter(({ value }) => !['normal', 'inherit', '400', '500', '600'].includes(value));
    expect(weights).toEqual([]);
  });
});
