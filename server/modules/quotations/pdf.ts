import { carImageOfPath } from '@core/car-image';
import { categoryInfo, type ContractualCategory } from '@core/categories';
import { formatDistance, formatEuro, formatMonthly, formatMonths, formatPrice } from '@core/format';
import { paintedImage } from '@core/paint';
import { proposalTitle } from '@core/quotation';
import { proposalValidUntil } from '@core/share';
import type { cars, CustomerSnapshot, offers, quotations, users } from '../../db/schema';
import { drawCar, labelValueRow, type Pdf, renderPdf } from '../../lib/pdf';

type Input = {
  row: typeof quotations.$inferSelect;
  /** The quotation's own copy of its customer (row.customer), never today's customer record. */
  customer: CustomerSnapshot;
  agent: typeof users.$inferSelect;
  offer: { o: typeof offers.$inferSelect; c: typeof cars.$inferSelect } | null;
};

const INK = '#1f2328';
const MUTED = '#5b6470';
const ACCENT = '#0b5cad';

const dateIt = (d: Date) => d.toLocaleDateString('it-IT', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

// Every block starts at the left margin (x 50) and is at most 495 wide: a text placed by the cursor alone
// starts wherever the last one left it, and ran past the right margin from the value column (x 225).
function section(doc: Pdf, title: string) {
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(title.toUpperCase(), 50, doc.y, { width: 495, characterSpacing: 0.5 });
  const y = doc.y + 2;
  doc.moveTo(50, y).lineTo(545, y).lineWidth(0.5).strokeColor('#c9ced6').stroke();
  doc.moveDown(0.4).font('Helvetica').fontSize(10).fillColor(INK);
}

function rows(doc: Pdf, pairs: [string, string][]) {
  for (const [k, v] of pairs) {
    labelValueRow(
      doc,
      { text: k, x: 50, width: 170, font: 'Helvetica', color: MUTED },
      { text: v || '—', x: 225, width: 320, font: 'Helvetica-Bold', color: INK },
      doc.currentLineHeight() * 0.2,
    );
  }
}

/**
 * The printable proposal (spec §2 "Quotation wizard", §4 "PDF availability"; docs/adr/0131-proposal-pdf-jobs.md): agent, customer, car with
 * picture, configuration, prices, validity and date. `after` draws more pages at the end (a signed proposal's audit trail: pdf-signature.ts).
 */
export function renderProposalPdf({ row, customer, agent, offer }: Input, after?: (doc: Pdf) => void): Promise<Buffer> {
  const title = proposalTitle(row.id);
  const info = categoryInfo(customer.employee_category as ContractualCategory);
  return renderPdf({ title }, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(title, 50, 50);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Noleggio a lungo termine · ${row.code ? `Codice ${row.code} · ` : ''}Data ${dateIt(row.createdAt)}`);
    doc.text(`Agente: ${agent.name}${agent.businessName ? ` (${agent.businessName})` : ''} · ${agent.email}${agent.phone ? ` · ${agent.phone}` : ''}`, {
      width: 495,
    });

    const carName = offer ? `${offer.c.brand} ${offer.c.model}` : 'Offerta non più disponibile';
    const top = doc.y + 12;
    // The catalogue's generated picture in the chosen paint, as the app draws it; an uploaded picture is not drawn.
    const picture = offer ? carImageOfPath(paintedImage(offer.o.image, row.color)) : null;
    if (picture) drawCar(doc, picture.body, picture.hex, 50, top, 0.75);
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor(INK)
      .text(carName, 300, top + 10, { width: 245 });
    if (offer) doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(offer.c.version, { width: 245 });
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text(formatMonthly(row.price), { width: 245 });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Canone mensile IVA esclusa', { width: 245 });
    doc.y = Math.max(doc.y, top + 125);
    doc.x = 50;

    section(doc, 'Cliente');
    rows(doc, [
      ['Nome e cognome', `${customer.first_name} ${customer.last_name}`],
      ...(customer.business_name ? ([['Ragione sociale', customer.business_name]] as [string, string][]) : []),
      ['Codice fiscale', customer.fiscal_code],
      ...(customer.vat_number ? ([['Partita IVA', customer.vat_number]] as [string, string][]) : []),
      ['Categoria contrattuale', info.label],
      ['Email', customer.email],
      ['Telefono', customer.phone],
      ['Indirizzo', [customer.address, customer.zip_code, customer.city].filter(Boolean).join(', ')],
    ]);

    section(doc, 'Configurazione');
    rows(doc, [
      ['Durata', formatMonths(row.duration)],
      ['Chilometri annui', formatDistance(row.distance)],
      ['Anticipo', formatEuro(row.deposit)],
      ['Canone mensile', formatMonthly(row.price)],
      ['Canone di base', formatMonthly(row.basePrice)],
      ['Colore', row.color ? `${row.color.description} (${formatPrice(row.color.price)})` : 'Di Serie'],
      ...(row.bundle ? ([['Pacchetto', row.bundle]] as [string, string][]) : []),
    ]);

    section(doc, 'Servizi inclusi');
    rows(
      doc,
      row.services.length ? row.services.map((s) => [s.description, s.price > 0 ? `${formatEuro(s.price)} al mese` : 'Incluso']) : [['Servizi', 'Nessuno']],
    );

    section(doc, 'Accessori');
    rows(doc, row.accessories.length ? row.accessories.map((a) => [a.description, formatPrice(a.price)]) : [['Accessori', 'Nessuno']]);

    if (offer?.o.equippedOptionals) {
      section(doc, 'Optional di serie');
      doc.text(offer.o.equippedOptionals, 50, doc.y, { width: 495 });
    }
    // The customer step's notes are the agent's working notes: the proposal goes to the customer (by hand or
    // through the customer's link), so they stay on the agent's screens and out of this document.

    const validUntil = proposalValidUntil(row.createdAt);
    section(doc, 'Validità');
    doc.text(
      `Preventivo valido fino al ${dateIt(validUntil)} salvo variazioni dell'offerta da parte della società di noleggio. Il canone può variare; l'offerta è limitata. Prezzi IVA esclusa.`,
      50,
      doc.y,
      { width: 495 },
    );
    after?.(doc);
  });
}
