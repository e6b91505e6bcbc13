// Every file the server keeps (pictures, logos, quotation documents, proposal PDFs): one store under
// DATA_DIR/uploads, with generated names (the client's name is never used on disk).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertImagesWithinLimits } from './images';

export type StoredExt = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf';
const IMAGE_EXTS: readonly StoredExt[] = ['png', 'jpg', 'gif', 'webp'];

/** Which form field each upload folder's files come from (for the refusal of save, below). */
const FIELD_OF_FOLDER: Record<string, string> = { logos: 'logo', cars: 'immagini[]', marketing: 'images' };

// Keys are ours only: '<folder>/<random>.<ext>'. Anything else is refused, so no path can escape the folder.
const KEY = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp|pdf)$/;

export class FileStore {
  constructor(private readonly dataDir: string) {}

  private file(key: string) {
    if (!KEY.test(key)) throw new Error(`invalid upload key ${key}`);
    return path.join(this.dataDir, 'uploads', key);
  }

  /** Stores a file and answers its key; an image whose header is unreadable or declares too many pixels is refused (422) here too, whoever calls. */
  async save(folder: string, data: Buffer, kind: { ext: StoredExt }): Promise<string> {
    if (IMAGE_EXTS.includes(kind.ext)) assertImagesWithinLimits(FIELD_OF_FOLDER[folder] ?? 'file', [{ data }]);
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
