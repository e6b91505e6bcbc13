import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { imageRefusal, imageSize, sniffImage } from './images';

export type Pdf = InstanceType<typeof PDFDocument>;

/** Renders a PDF with pdfkit's built-in Helvetica (WinAnsi covers Italian accents and €). */
export function renderPdf(
  meta: { title: string; compress?: boolean; layout?: 'portrait' | 'landscape'; margin?: number },
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: meta.layout ?? 'portrait',
      margin: meta.margin ?? 50,
      compress: meta.compress ?? true,
      info: { Title: meta.title, Author: 'Portale Noleggio' },
      lang: 'it-IT',
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/**
 * Whether pdfkit can embed these bytes without failing: PNG or JPEG within the image limits, and a
 * PNG's pixel data inflating cleanly. pdfkit decodes PNGs with transparency asynchronously and throws
 * from a zlib callback on corrupt data, an uncaught exception that no try/catch around it can stop,
 * so the data is inflated here first (bounded by the declared size).
 */
export function canEmbedImage(data: Buffer): boolean {
  const kind = sniffImage(data);
  if (!kind || (kind.ext !== 'png' && kind.ext !== 'jpg') || imageRefusal(data)) return false;
  if (kind.ext === 'jpg') return true; // embedded as it is (DCTDecode); pdfkit only reads its header, synchronously
  const { width, height } = imageSize(data)!;
  const idat: Buffer[] = [];
  for (let o = 8; o + 12 <= data.length;) {
    const length = data.readUInt32BE(o);
    const type = data.subarray(o + 4, o + 8).toString('latin1');
    if (o + 12 + length > data.length) return false;
    if (type === 'IDAT') idat.push(data.subarray(o + 8, o + 8 + length));
    if (type === 'IEND') break;
    o += 12 + length;
  }
  if (idat.length === 0) return false;
  try {
    // At most 8 bytes per pixel (16-bit RGBA) plus one filter byte per row; more means a lying header.
    inflateSync(Buffer.concat(idat), { maxOutputLength: (width * 8 + 1) * height });
    return true;
  } catch {
    return false;
  }
}
