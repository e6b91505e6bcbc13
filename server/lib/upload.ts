import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@core/i18n-messages';
import { AppError, badRequest, invalid } from './errors';

export type UploadedFile = { field: string; filename: string; data: Buffer };
export type MultipartForm = { fields: Record<string, string>; files: UploadedFile[] };

const isCode = (err: unknown, code: string) => typeof err === 'object' && err !== null && (err as { code?: string }).code === code;

/**
 * Reads a multipart request (routes registered with @fastify/multipart) into memory. A file over
 * maxBytes becomes the field error 'Il file deve pesare meno di 2MB' on its field, not a 413, so the
 * form shows it like any other field error.
 */
export async function readMultipart(request: FastifyRequest, opts: { maxBytes: number; maxFiles: number; fileField: string }): Promise<MultipartForm> {
  if (!request.isMultipart()) throw invalid({ [opts.fileField]: [MESSAGES.fileMissing] });
  const form: MultipartForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // The client's file name is only ever shown, never used on disk; NUL and control characters go.
        const filename = [...part.filename].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
        if (part.fieldname === opts.fileField) form.files.push({ field: part.fieldname, filename, data });
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\u0000')) throw invalid({ [part.fieldname]: [MESSAGES.invalidValue] });
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (isCode(err, 'FST_REQ_FILE_TOO_LARGE')) throw invalid({ [opts.fileField]: [MESSAGES.imageTooBig] });
    if (isCode(err, 'FST_FILES_LIMIT') || isCode(err, 'FST_PARTS_LIMIT') || isCode(err, 'FST_FIELDS_LIMIT'))
      throw invalid({ [opts.fileField]: [MESSAGES.payloadTooLarge] });
    if (err instanceof AppError) throw err;
    // Anything else here is the form itself (no boundary, truncated, malformed part headers): the client's fault, never a 500.
    throw badRequest();
  }
  return form;
}
