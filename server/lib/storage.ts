// Every file the server keeps (car pictures, logos, marketing images, quotation documents, proposal
// PDFs) is written and read here, and nowhere else, under generated keys '<folder>/<random>.<ext>' (the
// client's name is never used). Two stores behind one interface (docs/adr/0010-file-store.md):
// - the database (the `files` table): every process on one PostgreSQL reaches it, and a file can commit
//   in the same transaction as the row that names it; the default with DATABASE_URL;
// - a folder (FILE_DIR, default DATA_DIR/uploads): the embedded default, or a folder every host mounts.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/client';
import { files } from '../db/schema';
import { assertImagesWithinLimits } from './images';

export type StoredExt = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf';
const IMAGE_EXTS: readonly StoredExt[] = ['png', 'jpg', 'gif', 'webp'];
const CONTENT_TYPES: Record<StoredExt, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' };

/** Which form field each upload folder's files come from (for the refusal of save, below). */
const FIELD_OF_FOLDER: Record<string, string> = { logos: 'logo', cars: 'immagini[]', marketing: 'images' };

// Keys are ours only: '<folder>/<random>.<ext>'. Anything else is refused, so no path can escape the folder.
const KEY = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp|pdf)$/;
const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as StoredExt];

export abstract class FileStore {
  abstract readonly kind: Config['files']['store'];

  /**
   * Stores a file and answers its key; an image whose header is unreadable or declares too many pixels
   * is refused (422) here too, whoever calls. `tx`: the transaction that writes the row naming the file;
   * the database store writes the file in it (both commit or neither), a folder cannot join it.
   */
  async save(folder: string, data: Buffer, kind: { ext: StoredExt }, tx?: Queryable): Promise<string> {
    if (IMAGE_EXTS.includes(kind.ext)) assertImagesWithinLimits(FIELD_OF_FOLDER[folder] ?? 'file', [{ data }]);
    const key = `${folder}/${randomBytes(18).toString('base64url')}.${kind.ext}`;
    await this.put(key, data, tx);
    return key;
  }

  /** The file's bytes, or null when there is none under that key (or the key is not one of ours). */
  read(key: string): Promise<Buffer | null> {
    return KEY.test(key) ? this.get(key) : Promise.resolve(null);
  }

  protected abstract put(key: string, data: Buffer, tx?: Queryable): Promise<void>;
  protected abstract get(key: string): Promise<Buffer | null>;
}

export class FolderStore extends FileStore {
  readonly kind = 'folder' as const;

  constructor(readonly dir: string) {
    super();
  }

  protected async put(key: string, data: Buffer) {
    const file = path.join(this.dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }

  protected async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.dir, key));
    } catch {
      return null;
    }
  }

  /** Every key stored in the folder (files under other names are not ours and are left out). */
  async keys(): Promise<string[]> {
    const folders = await readdir(this.dir, { withFileTypes: true }).catch(() => []);
    const keys: string[] = [];
    for (const folder of folders.filter((d) => d.isDirectory())) {
      for (const name of await readdir(path.join(this.dir, folder.name)).catch(() => [])) {
        const key = `${folder.name}/${name}`;
        if (KEY.test(key)) keys.push(key);
      }
    }
    return keys;
  }
}

/** How many files one statement of the folder's adoption inserts (each at most 10 MB). */
const ADOPT_BATCH = 20;

export class DatabaseStore extends FileStore {
  readonly kind = 'database' as const;

  /** `before`: the folder files were kept in before this store (FILE_DIR): read there when a key is not in the table. */
  constructor(
    private readonly db: Db,
    private readonly before: FolderStore,
  ) {
    super();
  }

  protected async put(key: string, data: Buffer, tx: Queryable = this.db) {
    await tx.insert(files).values({ key, contentType: contentTypeOf(key), size: data.length, data });
  }

  protected async get(key: string): Promise<Buffer | null> {
    const [row] = await this.db.select({ data: files.data }).from(files).where(eq(files.key, key));
    if (row) return row.data;
    // A file from before the database store, on this host's folder: served, and kept in the table from now on.
    const data = await this.before.read(key);
    if (data)
      await this.db
        .insert(files)
        .values({ key, contentType: contentTypeOf(key), size: data.length, data })
        .onConflictDoNothing();
    return data;
  }

  /**
   * Copies into the table every file of the earlier folder it does not hold yet (run at start, so a
   * deployment that moves to the database store keeps its files for every process); answers how many.
   * The folder is left as it is.
   */
  async adoptFolder(): Promise<number> {
    const keys = await this.before.keys();
    let adopted = 0;
    for (let i = 0; i < keys.length; i += ADOPT_BATCH) {
      const batch = keys.slice(i, i + ADOPT_BATCH);
      const held = new Set((await this.db.select({ key: files.key }).from(files).where(inArray(files.key, batch))).map((r) => r.key));
      const rows = [];
      for (const key of batch.filter((k) => !held.has(k))) {
        const data = await this.before.read(key);
        if (data) rows.push({ key, contentType: contentTypeOf(key), size: data.length, data });
      }
      if (rows.length) adopted += (await this.db.insert(files).values(rows).onConflictDoNothing().returning({ key: files.key })).length;
    }
    return adopted;
  }
}

/** The store the configuration names (config.files). */
export function openFileStore(config: Config['files'], db: Db): FileStore {
  const folder = new FolderStore(config.dir);
  return config.store === 'database' ? new DatabaseStore(db, folder) : folder;
}
