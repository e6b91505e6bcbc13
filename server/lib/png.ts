import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A minimal PNG encoder (8-bit RGB, no filter): enough for generated demo images, no dependency. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as Rgb;

/**
 * A deterministic demo picture: a sky gradient, a road and a simple car shape in the given colour.
 * Used by the demo marketing posts (and tests) instead of downloaded photos.
 */
export function demoPicture(seed: number, width = 640, height = 400): Buffer {
  const palettes: [Rgb, Rgb, Rgb][] = [
    [
      [255, 183, 77],
      [244, 81, 30],
      [11, 79, 138],
    ],
    [
      [129, 212, 250],
      [2, 119, 189],
      [198, 40, 40],
    ],
    [
      [200, 230, 201],
      [46, 125, 50],
      [33, 33, 33],
    ],
    [
      [248, 187, 208],
      [136, 14, 79],
      [0, 137, 123],
    ],
  ];
  const [top, bottom, car] = palettes[seed % palettes.length]!;
  const road: Rgb = [55, 60, 66];
  const horizon = Math.round(height * 0.68);
  const cx = width / 2;
  const bodyTop = horizon - height * 0.2;
  return encodePng(width, height, (x, y) => {
    const wheel = (wx: number) => (x - wx) ** 2 + (y - horizon) ** 2 < (height * 0.07) ** 2;
    if (wheel(cx - width * 0.17) || wheel(cx + width * 0.17)) return [20, 20, 20];
    const inBody = y > bodyTop && y < horizon && Math.abs(x - cx) < width * 0.27;
    const cabinHalf = width * 0.15 - (bodyTop - y) * 0.5;
    const inCabin = y <= bodyTop && y > bodyTop - height * 0.12 && Math.abs(x - cx) < cabinHalf;
    if (inCabin) return Math.abs(x - cx) < cabinHalf - 8 && y > bodyTop - height * 0.12 + 8 ? [180, 215, 240] : car;
    if (inBody) return car;
    if (y >= horizon) return (y - horizon) % 40 < 4 && Math.floor(x / 60) % 2 === 0 ? [240, 240, 240] : road;
    return mix(top, bottom, y / horizon);
  });
}
