import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { quotationDocuments } from '../db/schema';
import { invalid } from './errors';

/** Documents one quotation may hold (the spec's slots are a handful per category; replacements and extras fit well within). */
export const MAX_DOCUMENTS_PER_QUOTATION = 30;
export const TOO_MANY_DOCUMENTS = `Hai raggiunto il numero massimo di documenti per questo preventivo (${MAX_DOCUMENTS_PER_QUOTATION})`;

/**
 * Why an uploaded document is refused (422 on `file`), one message per kind, each saying what to do
 * (docs/adr/0053-uploaded-pdfs-parsed-and-walked.md).
 */
export const PDF_REFUSALS = {
  notPdf: 'Il file deve essere un PDF',
  html: 'Il file contiene una pagina web (HTML) e non un PDF: salva il documento come PDF e riprova',
  unreadable: 'Il file non è un PDF leggibile: salvalo o stampalo di nuovo come PDF e riprova',
  encrypted: 'Il PDF è protetto da password e non se ne può controllare il contenuto: caricalo senza password',
  noPages: 'Il PDF non contiene pagine: carica il documento completo',
  javascript: 'Il PDF contiene codice JavaScript e non può essere caricato: salvalo o stampalo di nuovo come PDF semplice',
  actions:
    'Il PDF contiene azioni automatiche (apertura di link, invio di moduli o avvio di programmi) e non può essere caricato: salvalo o stampalo di nuovo come PDF semplice',
  embedded: 'Il PDF contiene file allegati e non può essere caricato: carica ogni documento come PDF a sé',
} as const;
/** The message of a document with scripts (kept by name: the customer's link and its tests use it). */
export const PDF_ACTIVE_CONTENT = PDF_REFUSALS.javascript;

const refuse = (why: keyof typeof PDF_REFUSALS) => invalid({ file: [PDF_REFUSALS[why]] }, PDF_REFUSALS[why]);

/** By content, never by name or declared type: a PDF starts with %PDF- (within the first KB, as readers allow) and ends with %%EOF. */
export function isPdf(buf: Buffer): boolean {
  const head = buf.subarray(0, 1024).toString('latin1');
  return head.indexOf('%PDF-') >= 0 && buf.subarray(-1024).toString('latin1').includes('%%EOF');
}

// ---------------------------------------------------------------------------------------------
// HTML behind a PDF header: markup a browser would take for a page (the WHATWG MIME sniffing's HTML
// tags, and the active ones), looked for outside the streams' data, where a PDF has only its syntax.

const HTML_TAG = /<(?:!doctype\s+html|html|head|body|script|iframe|object|embed|svg|meta|style|title|form|div|table|!--)[\s>/]/i;

/** The file's text with every stream's data blanked (from the line after `stream` to `endstream`). */
function outsideStreams(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf('stream', at);
    if (start < 0) break;
    if (text.startsWith('end', start - 3)) {
      out += text.slice(at, start + 6);
      at = start + 6;
      continue;
    }
    const end = text.indexOf('endstream', start + 6);
    out += text.slice(at, start + 6);
    if (end < 0) return out; // an unterminated stream: the rest is its data
    at = end;
  }
  return out + text.slice(at);
}

// ---------------------------------------------------------------------------------------------
// Bounds before the parser decodes anything: an object stream is decoded whole in memory, so one that
// inflates past MAX_OBJECT_STREAM_BYTES is a decompression bomb, not a scan or a payslip. Object streams
// (PDF 1.5) are written with Flate, possibly behind an ASCII filter; others (LZW, RunLength) are refused
// as unreadable rather than decoded without a bound.
const MAX_OBJECT_STREAM_BYTES = 16 * 1024 * 1024;

/** ASCIIHexDecode: pairs of hex digits up to '>', whitespace ignored (an odd last digit is followed by 0). */
const fromHex = (data: Buffer) => {
  const digits = data.toString('latin1').split('>')[0]!.replace(/\s+/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
};

/** ASCII85Decode: groups of five characters '!'..'u' to four bytes, 'z' for four zeros, up to '~>'. */
function fromAscii85(data: Buffer): Buffer {
  const text = data.toString('latin1').split('~>')[0]!.replace(/\s+/g, '').replace(/^<~/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((v, c) => v * 85 + c, 0);
    for (let k = 3; k >= 4 - n; k--) out.push(Math.floor(value / 256 ** k) % 256);
    group = [];
  };
  for (const ch of text) {
    if (ch === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else {
      group.push(ch.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Buffer.from(out);
}

function objectStreamsWithinBounds(data: Buffer, text: string): boolean {
  for (const m of text.matchAll(/\/Type\s*\/ObjStm\b[\s\S]{0,2000}?stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const dict = text.slice(text.lastIndexOf('<<', m.index), start);
    const filters = [...(/\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1] ?? '').matchAll(/\/(\w+)/g)].map((f) => f[1]!);
    if (filters.some((f) => !['FlateDecode', 'ASCIIHexDecode', 'ASCII85Decode'].includes(f))) return false;
    const end = text.indexOf('endstream', start);
    let bytes = data.subarray(start, end < 0 ? data.length : end);
    try {
      for (const f of filters) {
        if (f === 'ASCIIHexDecode') bytes = fromHex(bytes);
        else if (f === 'ASCII85Decode') bytes = fromAscii85(bytes);
        else bytes = inflateSync(bytes, { maxOutputLength: MAX_OBJECT_STREAM_BYTES });
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return false;
      // Data that does not decode is the parser's to judge.
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The walk: every object of the document, those packed in object streams included (the parser decodes
// their filters: Flate, LZW, ASCIIHex, ASCII85, RunLength), every dictionary and array inside them.

/** Actions that run something: a script, or a program. Refused wherever they are. */
const SCRIPT_ACTIONS = new Set(['JavaScript']);
/** Actions that leave the document or send or fetch data. Refused wherever they are (a form's button too). */
const OUTWARD_ACTIONS = new Set(['Launch', 'SubmitForm', 'ImportData']);
/**
 * What an automatic action (the document's OpenAction, an /AA entry of the document, a page, a field or an
 * annotation) may do without the reader asking: move within the document. Anything else (a URI opened,
 * a form sent, a sound, a movie, another document) is refused; a link the reader clicks may open a URI.
 */
const AUTOMATIC_ALLOWED = new Set(['GoTo']);

const nameOf = (o: PDFObject | undefined): string | null => (o instanceof PDFName ? o.decodeText() : null);

type Finding = 'javascript' | 'actions' | 'embedded';

function inspect(doc: PDFDocument): Finding | null {
  const lookup = (o: PDFObject | undefined): PDFObject | undefined => (o instanceof PDFRef ? doc.context.lookup(o) : o);
  const findings = new Set<Finding>();

  /** An automatic action and the actions chained after it (/Next: one action or an array). */
  const automatic = (action: PDFObject | undefined, seen = new Set<PDFObject>()) => {
    const a = lookup(action);
    if (!a || seen.has(a)) return;
    seen.add(a);
    if (a instanceof PDFArray) {
      // A destination ([page /Fit]) opens a page of this document: harmless. An array of actions (/Next) is walked.
      for (const item of a.asArray()) if (lookup(item) instanceof PDFDict) automatic(item, seen);
      return;
    }
    if (!(a instanceof PDFDict)) return;
    const type = nameOf(a.get(PDFName.of('S')));
    if (type && SCRIPT_ACTIONS.has(type)) findings.add('javascript');
    else if (type && !AUTOMATIC_ALLOWED.has(type)) findings.add('actions');
    automatic(a.get(PDFName.of('Next')), seen);
  };

  const visitDict = (d: PDFDict) => {
    const type = nameOf(d.get(PDFName.of('Type')));
    const subtype = nameOf(d.get(PDFName.of('Subtype')));
    const action = nameOf(d.get(PDFName.of('S')));
    if (type === 'EmbeddedFile' || subtype === 'FileAttachment') findings.add('embedded');
    if (action && SCRIPT_ACTIONS.has(action)) findings.add('javascript');
    if (action && OUTWARD_ACTIONS.has(action)) findings.add('actions');
    for (const [key, value] of d.entries()) {
      switch (key.decodeText()) {
        case 'JS': // a script's text, wherever it hangs
        case 'JavaScript': // the document's named scripts (Names tree)
        case 'XFA': // an XFA form: its XML carries scripts
          findings.add('javascript');
          break;
        case 'EmbeddedFiles': // the document's attachments (Names tree)
        case 'EF': // a file specification carrying the file itself
          findings.add('embedded');
          break;
        case 'OpenAction':
          automatic(value);
          break;
        case 'AA': {
          const triggers = lookup(value);
          if (triggers instanceof PDFDict) for (const [, a] of triggers.entries()) automatic(a);
          else findings.add('actions');
          break;
        }
      }
    }
  };

  // Every indirect object, and the direct objects inside each (iteratively: nesting depth is the file's choice).
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, o]) => o);
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (o instanceof PDFStream) stack.push(o.dict);
    else if (o instanceof PDFDict) {
      visitDict(o);
      for (const [, v] of o.entries()) if (v instanceof PDFDict || v instanceof PDFArray) stack.push(v);
    } else if (o instanceof PDFArray) {
      for (const v of o.asArray()) if (v instanceof PDFDict || v instanceof PDFArray) stack.push(v);
    }
  }
  for (const kind of ['javascript', 'actions', 'embedded'] as const) if (findings.has(kind)) return kind;
  return null;
}

/**
 * Refuses (422, field `file`, docs/adr/0053-uploaded-pdfs-parsed-and-walked.md) what is not a PDF with at
 * least one page as a PDF library reads it, HTML behind a PDF header, a PDF that asks for a password (its
 * content cannot be checked; one encrypted with an empty password is decrypted and checked), and a PDF with
 * active content: JavaScript anywhere (actions, named scripts, XFA), actions
 * that launch programs or send forms, automatic actions other than moving within the document, and
 * embedded files.
 */
export async function assertSafePdf(data: Buffer): Promise<void> {
  if (!isPdf(data)) throw refuse('notPdf');
  const text = data.toString('latin1');
  if (HTML_TAG.test(outsideStreams(text))) throw refuse('html');
  if (!objectStreamsWithinBounds(data, text)) throw refuse('unreadable');
  const options = { updateMetadata: false, throwOnInvalidObject: false } as const;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(data, { ...options, ignoreEncryption: true });
  } catch {
    throw refuse('unreadable');
  }
  // Encrypted with restrictions only (an empty user password, as many bank and payroll PDFs are): decrypted
  // and checked like any other. A password the reader asks for: its content cannot be checked.
  if (doc.isEncrypted) {
    try {
      doc = await PDFDocument.load(data, { ...options, password: '' });
    } catch {
      throw refuse('encrypted');
    }
  }
  const finding = inspect(doc);
  if (finding) throw refuse(finding);
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw refuse('unreadable');
  }
  if (pages < 1) throw refuse('noPages');
}

/** Refuses (422) one more document on a quotation that already holds MAX_DOCUMENTS_PER_QUOTATION. */
export async function assertDocumentRoom(db: Db, quotationId: number) {
  const [row] = await db.select({ n: count() }).from(quotationDocuments).where(eq(quotationDocuments.quotationId, quotationId));
  if ((row?.n ?? 0) >= MAX_DOCUMENTS_PER_QUOTATION) throw invalid({ file: [TOO_MANY_DOCUMENTS] }, TOO_MANY_DOCUMENTS);
}
