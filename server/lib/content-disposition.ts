import { create } from 'content-disposition';

/**
 * The Content-Disposition of a file answer (RFC 6266): `filename*=UTF-8''…` (RFC 5987) carries the
 * name as it is ('Škoda_Octavia.zip'), and `filename="…"` an ASCII fallback for old clients, accents
 * taken off ('Skoda_Octavia.zip'). A name put into the header as it is would make Node refuse any
 * letter outside Latin-1 and the answer fail.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return create(filename, { type, fallback: ascii });
}
