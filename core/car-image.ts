// Car pictures drawn from the body shape and the paint colour, so the demo catalogue needs no
// downloads and the offline app can draw the same picture. The output only ever contains the
// whitelisted shapes and a colour checked as 6 hex digits: nothing from the request is echoed raw.
import { BODIES, type Body } from './offer-options';

const HEX = /^[0-9a-f]{6}$/i;

export const isBody = (v: string): v is Body => (BODIES as readonly string[]).includes(v);
export const isHexColor = (v: string) => HEX.test(v);

/** Where the server's picture files are (server/modules/offers/routes.ts); the service worker keeps them (sw/sw.ts). */
export const CAR_PICTURE_PATH = '/api/v1/car/images/render/';

/** The API path of a picture: `/api/v1/car/images/render/suv-1e88e5.svg`. */
export const carImagePath = (body: Body, hex: string) => `${CAR_PICTURE_PATH}${body}-${hex.toLowerCase()}.svg`;

/** 'suv-1e88e5' -> { body, hex }, or null. */
export function parseCarImageCode(code: string): { body: Body; hex: string } | null {
  const m = /^([a-z]+)-([0-9a-f]{6})$/i.exec(code);
  if (!m?.[1] || !m[2] || !isBody(m[1].toLowerCase())) return null;
  return { body: m[1].toLowerCase() as Body, hex: m[2].toLowerCase() };
}

// Side views on a 320x160 canvas: body outline, glasshouse, and the wheel centres.
const SHAPES: Record<Body, { body: string; glass: string; wheels: [number, number]; wheelY: number }> = {
  // Short and tall, short overhangs: a city car (Panda, 500, Yaris), not a shrunken hatchback.
  city: {
    body: 'M50 114 L52 86 Q56 74 78 70 L100 66 L124 38 Q132 30 148 30 L214 30 Q234 30 246 48 L260 68 Q272 74 272 90 L272 114 Z',
    glass: 'M108 66 L130 40 Q136 36 148 36 L184 36 L184 66 Z M192 36 L212 36 Q226 36 236 50 L246 66 L192 66 Z',
    wheels: [100, 228],
    wheelY: 116,
  },
  hatchback: {
    body: 'M30 112 L34 90 Q40 78 62 74 L104 70 L136 46 Q146 40 162 40 L214 40 Q232 40 244 54 L262 74 Q288 78 292 92 L294 112 Z',
    glass: 'M116 70 L142 50 Q148 46 160 46 L206 46 L206 70 Z M214 46 Q228 46 238 58 L250 70 L214 70 Z',
    wheels: [86, 236],
    wheelY: 114,
  },
  sedan: {
    body: 'M18 112 L22 92 Q28 82 52 78 L96 72 L130 48 Q140 42 156 42 L208 42 Q222 42 234 52 L258 72 L294 78 Q304 84 304 96 L302 112 Z',
    glass: 'M108 72 L136 52 Q142 48 154 48 L190 48 L190 72 Z M198 48 L210 48 Q220 48 228 56 L244 72 L198 72 Z',
    wheels: [80, 244],
    wheelY: 114,
  },
  wagon: {
    body: 'M18 112 L22 90 Q28 80 52 76 L96 70 L128 46 Q138 40 154 40 L276 40 Q290 40 294 54 L300 80 Q304 90 302 112 Z',
    glass: 'M108 70 L134 50 Q140 46 152 46 L196 46 L196 70 Z M204 46 L272 46 Q282 46 286 56 L290 70 L204 70 Z',
    wheels: [80, 248],
    wheelY: 114,
  },
  suv: {
    body: 'M24 116 L26 84 Q30 70 54 66 L98 62 L124 34 Q132 28 146 28 L250 28 Q266 28 276 44 L290 66 Q300 72 300 88 L298 116 Z',
    glass: 'M106 62 L130 38 Q136 34 146 34 L196 34 L196 62 Z M204 34 L248 34 Q260 34 266 46 L276 62 L204 62 Z',
    wheels: [84, 240],
    wheelY: 118,
  },
  mpv: {
    body: 'M22 116 L24 82 Q28 66 56 58 L96 30 Q104 24 118 24 L262 24 Q282 24 290 42 L298 76 Q302 90 300 116 Z',
    glass: 'M70 58 L102 34 Q108 30 118 30 L176 30 L176 58 Z M184 30 L258 30 Q274 30 280 44 L286 58 L184 58 Z',
    wheels: [80, 246],
    wheelY: 118,
  },
  van: {
    body: 'M16 118 L16 70 Q18 54 36 46 L62 24 Q70 16 84 16 L300 16 Q308 16 308 26 L308 118 Z',
    glass: 'M40 54 L66 30 Q72 24 82 24 L112 24 L112 54 Z',
    wheels: [74, 252],
    wheelY: 120,
  },
};

/** One shape of a picture: an SVG element and its attributes, in drawing order. */
export type CarPart = { tag: 'rect' | 'ellipse' | 'path' | 'circle'; attrs: Record<string, string | number> };

/**
 * The picture of a body in a colour on the 320x160 canvas, as its shapes: the server's SVG file
 * (renderCarSvg) and the app's inline drawing (src/ui/car-picture.tsx) are the same picture.
 */
export function carDrawing(body: Body, hex: string): CarPart[] {
  if (!isHexColor(hex)) throw new RangeError('colour must be 6 hex digits');
  const shape = SHAPES[body];
  const wheel = (cx: number): CarPart[] => [
    { tag: 'circle', attrs: { cx, cy: shape.wheelY, r: 22, fill: '#1f2328' } },
    { tag: 'circle', attrs: { cx, cy: shape.wheelY, r: 11, fill: '#c9ced6' } },
  ];
  return [
    { tag: 'rect', attrs: { width: 320, height: 160, fill: '#f4f6f9' } },
    { tag: 'ellipse', attrs: { cx: 160, cy: 140, rx: 140, ry: 8, fill: '#d5dae1' } },
    { tag: 'path', attrs: { d: shape.body, fill: `#${hex.toLowerCase()}`, stroke: '#2b3138', 'stroke-width': 2, 'stroke-linejoin': 'round' } },
    { tag: 'path', attrs: { d: shape.glass, fill: '#9fc3e0', 'fill-opacity': 0.85, stroke: '#2b3138', 'stroke-width': 1.5 } },
    ...wheel(shape.wheels[0]),
    ...wheel(shape.wheels[1]),
  ];
}

/** A complete SVG document. */
export function renderCarSvg(body: Body, hex: string): string {
  const parts = carDrawing(body, hex).map(
    ({ tag, attrs }) =>
      `<${tag} ${Object.entries(attrs)
        .map(([k, v]) => `${k}="${v}"`)
        .join(' ')}/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160" role="img">${parts.join('')}</svg>`;
}

/** The body and colour of a picture's API path (carImagePath), or null for any other picture (an uploaded one). */
export function carImageOfPath(path: string): { body: Body; hex: string } | null {
  if (!path.startsWith(CAR_PICTURE_PATH) || !path.endsWith('.svg')) return null;
  return parseCarImageCode(path.slice(CAR_PICTURE_PATH.length, -'.svg'.length));
}
