// The printable comparison ('Stampa PDF' on /offers/compare, docs/adr/0143-compare-offers.md): the rows of core/compare-table.ts,
// one column per configuration, on landscape A4 pages. The best value of a row is written 'Migliore' on a
// tinted cell, never told by the colour alone.
import { carImageOfPath } from '@core/car-image';
import { COMPARE_TEXTS } from '@core/compare-table';
import { formatDateIt } from '@core/format';
import { paintedImage } from '@core/paint';
import { drawCar, type Pdf, renderPdf } from '../../lib/pdf';
import type { CompareSheet } from './compare';
import { ACCENT, INK, MONTHLY_FEE_NOTE, MUTED } from './offer-sheet';

const MARGIN = 36;
const LABEL_WIDTH = 128;
const PAD = 5;
const BEST_FILL = '#e3f3e7';
const BEST_INK = '#17592b';
const RULE = '#c9d3df';

export function renderCompareSheet(sheet: CompareSheet, now = new Date(), options: { compress?: boolean } = {}): Promise<Buffer> {
  const { columns, rows } = sheet;
  return renderPdf({ title: `Confronto offerte: ${columns.map((c) => c.title).join(', ')}`, layout: 'landscape', margin: MARGIN, ...options }, (doc) => {
    const left = MARGIN;
    const width = doc.page.width - 2 * MARGIN;
    const colWidth = (width - LABEL_WIDTH) / columns.length;
    const colX = (i: number) => left + LABEL_WIDTH + i * colWidth;
    const bottom = doc.page.height - MARGIN - 24;

    doc.rect(0, 0, doc.page.width, 56).fill(ACCENT);
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(17).text('Confronto offerte di noleggio a lungo termine', left, 20);
    doc.font('Helvetica').fontSize(10).text(formatDateIt(now.toISOString()), left, 24, { width, align: 'right' });

    // Column heads: the car's picture (generated ones are drawn), name and version.
    const heads = (y: number, pictures: boolean) => {
      let h = 0;
      columns.forEach((c, i) => {
        const x = colX(i) + PAD;
        let top = y;
        const picture = pictures ? carImageOfPath(paintedImage(c.image, c.color)) : null;
        if (picture) {
          const scale = Math.min(0.3, (colWidth - 2 * PAD) / 320);
          drawCar(doc, picture.body, picture.hex, x, top, scale);
          top += 160 * scale + 4;
        }
        doc
          .fillColor(INK)
          .font('Helvetica-Bold')
          .fontSize(11)
          .text(c.title, x, top, { width: colWidth - 2 * PAD });
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(8.5)
          .text(c.version, x, doc.y, { width: colWidth - 2 * PAD });
        h = Math.max(h, doc.y - y);
      });
      return y + h + PAD;
    };
    let y = heads(72, true);

    for (const row of rows) {
      const cellText = (lines: string[]) => lines.join('\n');
      doc.font('Helvetica').fontSize(9.5);
      const heights = row.cells.map((lines, i) => doc.heightOfString(cellText(lines), { width: colWidth - 2 * PAD }) + (row.best[i] ? 12 : 0));
      doc.font('Helvetica-Bold').fontSize(9);
      const h = Math.max(doc.heightOfString(row.label, { width: LABEL_WIDTH - 2 * PAD }), ...heights) + 2 * PAD;
      if (y + h > bottom) {
        doc.addPage();
        y = heads(MARGIN, false);
      }
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc
        .fillColor(MUTED)
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(row.label, left + PAD, y + PAD, { width: LABEL_WIDTH - 2 * PAD });
      row.cells.forEach((lines, i) => {
        const x = colX(i) + PAD;
        let top = y + PAD;
        if (row.best[i]) {
          doc.rect(colX(i) + 1, y + 1, colWidth - 2, h - 2).fill(BEST_FILL);
          doc
            .fillColor(BEST_INK)
            .font('Helvetica-Bold')
            .fontSize(8)
            .text(COMPARE_TEXTS.best.toUpperCase(), x, top, { width: colWidth - 2 * PAD });
          top += 12;
        }
        doc
          .fillColor(row.best[i] ? BEST_INK : INK)
          .font(row.best[i] || row.id === 'rate' ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(9.5)
          .text(cellText(lines), x, top, { width: colWidth - 2 * PAD });
      });
      y += h;
    }
    footer(doc, sheet, left, Math.min(y + 10, bottom + 4), width);
  });
}

function footer(doc: Pdf, sheet: CompareSheet, left: number, y: number, width: number) {
  const variants = sheet.columns.map((c) => `${c.title}: offerta ${c.code}, variante ${c.ref}`).join('; ');
  const check = sheet.contractualCategory
    ? ` La sostenibilità viene dal credit check del cliente (categoria ${sheet.contractualCategory.replace(/-/g, ' ')}).`
    : '';
  doc.fillColor(MUTED).font('Helvetica-Oblique').fontSize(8).text(`${MONTHLY_FEE_NOTE} I prezzi sono IVA esclusa.${check} ${variants}.`, left, y, { width });
}
