import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { carDrawing, type CarPart, isHexColor } from '@core/car-image';
import type { Body } from '@core/offer-options';
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

/** One shape of the picture as a pdfkit path, not yet painted. */
function outline(doc: Pdf, { tag, attrs: a }: CarPart) {
  const n = (name: string) => Number(a[name]);
  switch (tag) {
    case 'rect':
      return doc.rect(0, 0, n('width'), n('height'));
    case 'ellipse':
      return doc.ellipse(n('cx'), n('cy'), n('rx'), n('ry'));
    case 'path':
      return doc.path(String(a.d));
    case 'circle':
      return doc.circle(n('cx'), n('cy'), n('r'));
  }
}

/**
 * The car in its paint, 320 × 160 at scale 1, in every PDF (offer sheet, comparison, quotation): the picture's
 * own shapes and colours in its order (core/car-image.ts carDrawing, the file the app shows). pdfkit cannot
 * read SVG, but it draws SVG path data. A colour that is not one draws the car in grey.
 */
export function drawCar(doc: Pdf, body: Body, hex: string, x: number, y: number, scale: number) {
  doc.save();
  doc.translate(x, y).scale(scale);
  for (const part of carDrawing(body, isHexColor(hex) ? hex : '9aa4b1')) {
    const a = part.attrs;
    if (a['stroke-width'] !== undefined) doc.lineWidth(Number(a['stroke-width']));
    if (a['stroke-linejoin'] === 'round') doc.lineJoin('round');
    const opacity = a['fill-opacity'];
    if (opacity !== undefined) doc.fillOpacity(Number(opacity));
    if (a.stroke === undefined) outline(doc, part).fill(String(a.fill));
    else outline(doc, part).fillAndStroke(String(a.fill), String(a.stroke));
    if (opacity !== undefined) doc.fillOpacity(1);
  }
  doc.restore();
}

/**
 * A label beside its value, each wrapped in its own column, the pair kept on one page (a new page when it
 * does not fit): long names, services and addresses wrap within the margins, never run past them or over
 * the next row. Leaves doc.y under the taller of the two, plus `gap`, and doc.x at the label's column.
 */
export function labelValueRow(
  doc: Pdf,
  label: { text: string; x: number; width: number; font: string; color: string },
  value: { text: string; x: number; width: number; font: string; color: string },
  gap = 2,
) {
  const heightOf = (c: typeof label) => doc.font(c.font).heightOfString(c.text, { width: c.width });
  const height = Math.max(heightOf(label), heightOf(value));
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + height > bottom && height <= bottom - doc.page.margins.top) doc.addPage();
  const y = doc.y;
  doc.font(label.font).fillColor(label.color).text(label.text, label.x, y, { width: label.width });
  const afterLabel = doc.y;
  doc.font(value.font).fillColor(value.color).text(value.text, value.x, y, { width: value.width });
  doc.y = Math.max(afterLabel, doc.y) + gap;
  // The next text without a position starts at the row's left edge, not in the value's column.
  doc.x = label.x;
}
