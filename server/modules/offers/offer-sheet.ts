// The printable offer sheet ('Stampa Offerta', spec §2 and §7 `POST offers/attachment`), its car in the
// chosen paint (lib/pdf.ts drawCar).
import { formatConsumption, formatDateIt, formatDistance, formatEuro, formatMonthly, formatMonths, formatPrice } from '@core/format';
import { paintHex } from '@core/paint';
import { formatMeasure, formatPower, slugLabel } from '@core/car-format';
import { servicePrice } from '@core/pricing';
import { toEuros } from '@core/money';
import { drawCar, labelValueRow, type Pdf, renderPdf } from '../../lib/pdf';
import type { PrintableOffer } from './detail';

export const INK = '#1f2328';
export const MUTED = '#5b6472';
export const ACCENT = '#0b5cad';
export const MONTHLY_FEE_NOTE = 'Il canone mensile può subire variazioni.';

export interface SheetCustomer {
  name: string;
  occupation?: string | undefined;
}

export function renderOfferSheet(p: PrintableOffer, customer: SheetCustomer, now = new Date(), options: { compress?: boolean } = {}): Promise<Buffer> {
  const { row, child } = p;
  const title = `${row.c.brand} ${row.c.model}`;
  return renderPdf({ title: `Preventivo ${title}`, ...options }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    // Header band
    doc.rect(0, 0, doc.page.width, 70).fill(ACCENT);
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18).text('Offerta di noleggio a lungo termine', left, 26);
    doc.font('Helvetica').fontSize(10).text(formatDateIt(now.toISOString()), left, 30, { width, align: 'right' });

    // Car: title, version, picture
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(title, left, 95);
    doc.fillColor(MUTED).font('Helvetica').fontSize(11).text(`${row.c.version} · ${row.broker.name} · ${row.productName}`);
    const top = doc.y + 10;
    drawCar(doc, p.body, paintHex(p.color) ?? row.o.colorHex ?? '9aa4b1', left, top, 0.95);

    // Price box beside the picture
    const boxX = left + 315;
    const boxW = width - 315;
    doc.roundedRect(boxX, top, boxW, 152, 8).fill('#eef4fb');
    doc
      .fillColor(MUTED)
      .fontSize(10)
      .text('Canone mensile (IVA esclusa)', boxX + 14, top + 14, { width: boxW - 28 });
    doc
      .fillColor(ACCENT)
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(formatMonthly(p.rate), boxX + 14, top + 32, { width: boxW - 28 });
    doc.fillColor(INK).font('Helvetica').fontSize(10);
    const inBox = { width: boxW - 28 };
    doc.text(`Durata: ${formatMonths(child.duration)}`, boxX + 14, top + 70, inBox);
    doc.text(`Km annui: ${formatDistance(child.distance)}`, inBox);
    doc.text(`Anticipo: ${child.deposit > 0 ? formatEuro(child.deposit, { decimals: 0 }) : 'Nessun anticipo'}`, inBox);
    if (child.bundle) doc.text(`Pacchetto: ${child.bundle}`, inBox);

    doc.y = top + 170;
    section(doc, 'Cliente', left);
    line(doc, 'Nome e cognome', customer.name || '—');
    line(doc, 'Occupazione', customer.occupation || '—');

    section(doc, 'Configurazione', left);
    line(doc, 'Colore', p.color ? `${p.color.description} (${formatPrice(p.color.price)})` : (row.o.color ?? '—'));
    if (p.accessories.length === 0) line(doc, 'Accessori', 'Nessun accessorio aggiuntivo');
    for (const a of p.accessories) line(doc, a.description, formatPrice(a.price));
    if (row.o.equippedOptionals) line(doc, 'Dotazioni di serie', row.o.equippedOptionals);

    section(doc, 'Servizi', left);
    for (const s of row.services.filter((x) => x.included)) line(doc, s.name, 'Incluso');
    const offerFields = { deposit: child.deposit, distance: child.distance, duration: child.duration, monthly_rate: child.monthly_rate };
    for (const s of p.services) {
      const monthly = toEuros(servicePrice(s, { tag: row.o.tag, offer: offerFields, quantity: s.quantity }));
      line(doc, `${s.name}${s.quantity && s.quantity > 1 ? ` (x${s.quantity})` : ''}`, `${formatEuro(monthly)} al mese`);
    }

    section(doc, 'Dati tecnici', left);
    line(doc, 'Alimentazione e cambio', `${slugLabel(row.c.fuel)} · ${slugLabel(row.c.gearDescription)}`);
    line(doc, 'Potenza', formatPower(row.c.hp, row.c.kw));
    line(doc, 'Consumo medio / CO2', `${formatConsumption(row.c.consumption, row.c.co2 === 0)} · ${formatMeasure(row.c.co2, 'g/km')}`);

    doc.moveDown(1.2);
    doc
      .fillColor(MUTED)
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text(`${MONTHLY_FEE_NOTE} I prezzi sono IVA esclusa. Offerta ${row.o.code}, variante ${child.ref}.`, left, doc.y, { width });
  });
}

function section(doc: Pdf, title: string, left: number) {
  doc.moveDown(0.8);
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(12).text(title.toUpperCase(), left);
  const y = doc.y + 2;
  doc
    .moveTo(left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .strokeColor('#c9d3df')
    .stroke();
  doc.moveDown(0.4);
}

function line(doc: Pdf, label: string, value: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(10);
  labelValueRow(
    doc,
    { text: label, x: left, width: width * 0.45, font: 'Helvetica', color: MUTED },
    { text: value, x: left + width * 0.47, width: width * 0.53, font: 'Helvetica', color: INK },
  );
}
