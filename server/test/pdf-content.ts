import { inflateSync } from 'node:zlib';

/** What a PDF's content streams draw, one string each: inflated when pdfkit compressed them, as they are otherwise. */
export function pdfContentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const bytes = pdf.subarray(start, raw.indexOf('endstream', start));
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
  }
  return streams;
}
