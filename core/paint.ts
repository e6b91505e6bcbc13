// The paint a car is drawn in (spec §3 "Colour": code and description, group 'Vernici'; §2 "Offer detail and
// configurator": paint colours). A paint of the catalogue carries its hex; a paint known only by its name (a
// custom car's, or one stored on a quotation, which keeps code, description and price) is read by its colour
// word. The drawn picture (core/car-image.ts) then takes the chosen paint on the detail, in the wizard, on the
// comparison and in every PDF: docs/adr/0050-car-drawn-in-the-chosen-paint.md.
import { carImageOfPath, carImagePath, isHexColor } from './car-image';

/**
 * Italian colour words and their paint, the first of this list found in a name wins: shades come before
 * the hues they qualify ('Grigio antracite' is antracite, 'Verde acqua' is acqua, 'Blu notte metallizzato'
 * is blu). Whole words only ('oro' is not in 'Tesoro'). The hues are the demo catalogue's own paints
 * (server/db/seed/offers.ts PAINTS).
 */
const PAINT_WORDS: readonly (readonly [word: string, hex: string])[] = [
  ['antracite', '3b4045'],
  ['canna di fucile', '4a4f55'],
  ['titanio', '7d8288'],
  ['argento', 'c3c7cc'],
  ['nero', '22252a'],
  ['nera', '22252a'],
  ['perla', 'ece8df'],
  ['avorio', 'efe6d2'],
  ['panna', 'f1ead8'],
  ['ghiaccio', 'eef2f5'],
  ['bianco', 'f2f3f5'],
  ['bianca', 'f2f3f5'],
  ['grigio', '8a929c'],
  ['grigia', '8a929c'],
  ['azzurro', '5b9bd5'],
  ['azzurra', '5b9bd5'],
  ['celeste', '8cc3e8'],
  ['turchese', '2aa3a3'],
  ['acqua', '5fb7b0'],
  ['petrolio', '1f5a66'],
  ['blu', '1f4e8c'],
  ['bordeaux', '6d1a2a'],
  ['amaranto', '8a1c3a'],
  ['rosso', 'b3202a'],
  ['rossa', 'b3202a'],
  ['arancio', 'e07020'],
  ['arancione', 'e07020'],
  ['giallo', 'e8c020'],
  ['gialla', 'e8c020'],
  ['oro', 'c8a24a'],
  ['bronzo', '8c6a3f'],
  ['rame', 'a5603a'],
  ['marrone', '5e4030'],
  ['cioccolato', '4a2f22'],
  ['sabbia', 'c9b79c'],
  ['beige', 'c9b79c'],
  ['viola', '5b3a7a'],
  ['verde', '6f8f72'],
];

const normalise = (name: string) =>
  ` ${name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim()} `;

/** The paint of a colour's name ('Rosso passione' -> 'b3202a'), or null when no colour word is in it. */
export function paintHexOfName(name: string): string | null {
  const text = normalise(name);
  return PAINT_WORDS.find(([word]) => text.includes(` ${word} `))?.[1] ?? null;
}

/** A chosen paint: the catalogue's hex when it has one, else its name's; null when neither says a colour. */
export function paintHex(color: { description: string; hex?: string | null } | null | undefined): string | null {
  if (!color) return null;
  if (color.hex && isHexColor(color.hex)) return color.hex.toLowerCase();
  return paintHexOfName(color.description);
}

/**
 * The picture of a car in its chosen paint: a drawn picture (core/car-image.ts) redrawn in that paint; an
 * uploaded picture, or no paint chosen or known, is the picture as it is.
 */
export function paintedImage(image: string, color: { description: string; hex?: string | null } | null | undefined): string {
  const drawn = carImageOfPath(image);
  const hex = paintHex(color);
  return drawn && hex ? carImagePath(drawn.body, hex) : image;
}
