import { inflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { quotationDocuments } from '../db/schema';
import { invalid } from './errors';

/** Documents one quotation may hold (the spec's slots are a handful per category; replacements and extras fit well within). */
export const MAX_DOCUMENTS_PER_QUOTATION = 30;

export const PDF_ACTIVE_CONTENT = 'Il PDF contiene script o azioni automatiche e non può essere caricato: salvalo o stampalo di nuovo come PDF semplice';
export const TOO_MANY_DOCUMENTS = `Hai raggiunto il numero massimo di documenti per questo preventivo (${MAX_DOCUMENTS_PER_QUOTATION})`;

/**
 * PDF names that make a reader run something: scripts (/JavaScript, /JS: also what an /OpenAction or
 * /AA would run) and /Launch (start a program). Names may be written with #xx escapes (/J#61vaScript).
 */
const ACTIVE = new Set(['JavaScript', 'JS', 'Launch']);
/** An object stream inflating beyond this is not a document's: refused rather than left unread. */
const MAX_OBJECT_STREAM_BYTES = 16 * 1024 * 1024;

const NAME = /\/([^\s/[\]<>(){}%]+)/g;
const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(NAME)) names.add(decodeName(m[1]!));
  return names;
}

/**
 * Refuses (422, field `file`) a PDF with active content: the names above in its objects, including the
 * objects packed in compressed object streams (/Type /ObjStm, inflated here, bounded).
 */
export function assertSafePdf(data: Buffer) {
  const text = data.toString('latin1');
  const refuse = () => invalid({ file: [PDF_ACTIVE_CONTENT] }, PDF_ACTIVE_CONTENT);
  if ([...namesIn(text)].some((n) => ACTIVE.has(n))) throw refuse();
  for (const m of text.matchAll(/<<((?:(?!>>\s*stream)[\s\S]){0,2000})>>\s*stream\r?\n/g)) {
    const dict = namesIn(m[1]!);
    if (!dict.has('ObjStm') || !dict.has('FlateDecode')) continue;
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) throw refuse();
    let inflated: Buffer;
    try {
      inflated = inflateSync(data.subarray(start, end), { maxOutputLength: MAX_OBJECT_STREAM_BYTES });
    } catch {
      throw refuse(); // an object stream that cannot be read cannot be checked
    }
    if ([...namesIn(inflated.toString('latin1'))].some((n) => ACTIVE.has(n))) throw refuse();
  }
}

/** Refuses (422) one more document on a quotation that already holds MAX_DOCUMENTS_PER_QUOTATION. */
export async function assertDocumentRoom(db: Db, quotationId: number) {
  const [row] = await db.select({ n: count() }).from(quotationDocuments).where(eq(quotationDocuments.quotationId, quotationId));
  if ((row?.n ?? 0) >= MAX_DOCUMENTS_PER_QUOTATION) throw invalid({ file: [TOO_MANY_DOCUMENTS] }, TOO_MANY_DOCUMENTS);
}
