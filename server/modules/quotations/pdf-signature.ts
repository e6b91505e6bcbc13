// The last page of a signed proposal's PDF: the signature's audit trail (docs/adr/0060-signing-with-a-one-time-code.md).
// Its own module, apart from the proposal's layout (pdf.ts), which only calls it at the end.
import { and, eq, isNotNull } from 'drizzle-orm';
import { maskEmail } from '@core/signing';
import type { Db } from '../../db/client';
import { quotationShares } from '../../db/schema';
import type { Pdf } from '../../lib/pdf';

export type SignatureAudit = {
  name: string;
  at: Date;
  ip: string;
  userAgent: string;
  channel: 'email';
  sentTo: string;
  pdfSha256: string;
};

const INK = '#1f2328';
const MUTED = '#5b6470';
const ACCENT = '#0b5cad';

const CHANNELS: Record<SignatureAudit['channel'], string> = { email: 'Codice monouso di 6 cifre inviato via email' };

const romeDateTime = (d: Date) =>
  d.toLocaleString('it-IT', { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Rome' });

/** The quotation's signature, if its customer signed through a link with a code; null otherwise. */
export async function signatureOf(db: Db, quotationId: number): Promise<SignatureAudit | null> {
  const [s] = await db
    .select()
    .from(quotationShares)
    .where(and(eq(quotationShares.quotationId, quotationId), isNotNull(quotationShares.acceptedPdfSha256)))
    .orderBy(quotationShares.acceptedAt)
    .limit(1);
  if (!s?.acceptedAt || !s.acceptedChannel || !s.acceptedPdfSha256) return null;
  return {
    name: s.acceptedName ?? '',
    at: s.acceptedAt,
    ip: s.acceptedIp ?? '',
    userAgent: s.acceptedUserAgent ?? '',
    channel: s.acceptedChannel,
    sentTo: s.acceptedSentTo ?? '',
    pdfSha256: s.acceptedPdfSha256,
  };
}

/** Draws the audit trail on a page of its own, after the proposal's pages. */
export function drawSignaturePage(doc: Pdf, a: SignatureAudit) {
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text('Firma elettronica della proposta', 50, 50);
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text('Il cliente ha accettato e firmato questa proposta dal link personale ricevuto dal suo consulente, confermando con un codice monouso.', {
      width: 495,
    });
  doc.moveDown(0.8);
  const rows: [string, string][] = [
    ['Firmato da', a.name],
    ['Data e ora', `${romeDateTime(a.at)} (ora italiana) · ${a.at.toISOString()}`],
    ['Canale', `${CHANNELS[a.channel]} a ${maskEmail(a.sentTo)}`],
    ['Indirizzo IP', a.ip || '—'],
    ['Dispositivo (user agent)', a.userAgent || '—'],
    ['Documento firmato (SHA-256)', a.pdfSha256],
  ];
  for (const [k, v] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(k, 50, y, { width: 160 });
    // The fingerprint in a fixed-width face, on one line (64 hex digits at 8 pt fit the column).
    if (v === a.pdfSha256)
      doc
        .font('Courier')
        .fontSize(8)
        .fillColor(INK)
        .text(v, 215, y + 1, { width: 330 });
    else doc.font('Helvetica-Bold').fillColor(INK).text(v, 215, y, { width: 330 });
    doc.moveDown(0.5);
  }
  doc
    .moveDown(0.8)
    .font('Helvetica')
    .fontSize(9)
    .fillColor(ACCENT)
    .text(
      'L’impronta SHA-256 identifica il PDF della proposta che il cliente ha letto e firmato (le pagine che precedono questa, come erano prima della firma). Il file firmato è conservato dal portale.',
      50,
      doc.y,
      { width: 495 },
    );
}
