import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; contentType: string };

/**
 * The image type by content (magic bytes), never by the client's name or declared type. SVG is
 * refused on purpose: it can carry scripts.
 */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', contentType: 'image/png' };
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { ext: 'jpg', contentType: 'image/jpeg' };
  const head = buf.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return { ext: 'gif', contentType: 'image/gif' };
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

export const contentTypeOfExt = (name: string): string | null =>
  ({ png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' })[path.extname(name).slice(1)] ?? null;

// Keys are ours only: '<folder>/<random>.<ext>'. Anything else is refused, so no path can escape the folder.
const KEY = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp)$/;

/** Uploaded files under DATA_DIR/uploads, with generated names (the client's name is never used on disk). */
export class UploadStore {
  constructor(private readonly dataDir: string) {}

  private file(key: string) {
    if (!KEY.test(key)) throw new Error(`invalid upload key ${key}`);
    return path.join(this.dataDir, 'uploads', key);
  }

  async save(folder: string, data: Buffer, kind: ImageKind): Promise<string> {
    const key = `${folder}/${randomBytes(18).toString('base64url')}.${kind.ext}`;
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
    return key;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch {
      return null;
    }
  }
}
