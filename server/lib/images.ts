import path from 'node:path';
import { invalid } from './errors';

export type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; contentType: string };

/**
 * The image type by content (magic bytes), never by the client's name or declared type. SVG is
 * refused on purpose: it can carry scripts.
 */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', contentType: 'image/png' };
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  const head = buf.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return { ext: 'gif', contentType: 'image/gif' };
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

/**
 * Limits on an image's declared size, checked from its header before anything decodes it: a small
 * file can declare a huge picture (a 137 KB PNG of 6000 × 6000 pixels took 1.1 GB to put in a PDF).
 * 4096 × 4096 is well above what the portal shows (logos, car photos, marketing posters) and what a
 * phone photo under the 2 MB upload limit has.
 */
export const IMAGE_MAX_SIDE = 4096;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE;

export const IMAGE_TOO_LARGE = `L'immagine è troppo grande: al massimo ${IMAGE_MAX_SIDE} × ${IMAGE_MAX_SIDE} pixel`;
export const IMAGE_UNREADABLE = "L'immagine è danneggiata o non leggibile";

export type ImageSize = { width: number; height: number };

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(buf: Buffer): ImageSize | null {
  let o = 2;
  while (o + 9 < buf.length) {
    if (buf[o] !== 0xff) return null;
    const marker = buf[o + 1]!;
    if (marker === 0xff) {
      o++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2; // no length
      continue;
    }
    const length = buf.readUInt16BE(o + 2);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) return { height: buf.readUInt16BE(o + 5), width: buf.readUInt16BE(o + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    o += 2 + length;
  }
  return null;
}

function webpSize(buf: Buffer): ImageSize | null {
  if (buf.length < 30) return null;
  const chunk = buf.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null;
    const bits = buf.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** The pixel size an image declares in its header (no decoding), or null if the header cannot be read. */
export function imageSize(buf: Buffer): ImageSize | null {
  const kind = sniffImage(buf);
  if (!kind) return null;
  if (kind.ext === 'png')
    return buf.length >= 24 && buf.subarray(12, 16).toString('latin1') === 'IHDR' ? { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) } : null;
  if (kind.ext === 'gif') return buf.length >= 10 ? { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) } : null;
  if (kind.ext === 'jpg') return jpegSize(buf);
  return webpSize(buf);
}

/** Why an image (already sniffed as one) is refused: its header unreadable, or a size over the limits; null if fine. */
export function imageRefusal(buf: Buffer): string | null {
  const size = imageSize(buf);
  if (!size || size.width === 0 || size.height === 0) return IMAGE_UNREADABLE;
  if (size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE || size.width * size.height > IMAGE_MAX_PIXELS) return IMAGE_TOO_LARGE;
  return null;
}

/** Refuses, as a field error, any of the uploaded images that imageRefusal refuses. */
export function assertImagesWithinLimits(field: string, files: readonly { data: Buffer }[]) {
  for (const f of files) {
    const refusal = imageRefusal(f.data);
    if (refusal) throw invalid({ [field]: [refusal] }, refusal);
  }
}

export const contentTypeOfExt = (name: string): string | null =>
  ({ png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' })[path.extname(name).slice(1)] ?? null;
