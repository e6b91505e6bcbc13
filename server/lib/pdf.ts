import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

/** Renders a PDF with pdfkit's built-in Helvetica (WinAnsi covers Italian accents and €). */
export function renderPdf(meta: { title: string; compress?: boolean }, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, compress: meta.compress ?? true, info: { Title: meta.title, Author: 'Portale Noleggio' }, lang: 'it-IT' });
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
