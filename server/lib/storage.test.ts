// The one file store (lib/storage.ts, docs/adr/0010-file-store.md): the database store keeps a file
// with the transaction that names it, serves the files a folder held before it and copies them in;
// the configuration picks the store. On PGlite and, in the server-postgres project, PostgreSQL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { createTestDatabase } from '../test/helper';
import { DatabaseStore, FolderStore, openFileStore } from './storage';
import { demoPicture } from './png';

let database: Database;
let drop: () => Promise<void>;
const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-files-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => ({ database, drop } = await createTestDatabase()));
afterAll(async () => {
  await drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
const stored = async (key: string) => (await database.db.select().from(files).where(eq(files.key, key)))[0];

describe('the database file store', () => {
  it('keeps a file under its key with its content type and size, and reads it back', async () => {
    const store = new DatabaseStore(database.db, new FolderStore(folder()));
    const picture = demoPicture(1, 30, 20);
    const key = await store.save('logos', picture, { ext: 'png' });
    expect(key).toMatch(/^logos\/[\w-]{24}\.png$/);
    expect((await store.read(key))!.equals(picture)).toBe(true);
    expect(await stored(key)).toMatchObject({ contentType: 'image/png', size: picture.length });
    const pdf = await store.save('proposals', PDF, { ext: 'pdf' });
    expect((await stored(pdf))!.contentType).toBe('application/pdf');
    expect(await store.read('logos/missingmissingmissing.png')).toBeNull();
    expect(await store.read('../etc/passwd')).toBeNull();
  });

  it('writes a file in the transaction of the row that names it: rolled back, nothing is kept', async () => {
    const store = new DatabaseStore(database.db, new FolderStore(folder()));
    let key = '';
    await expect(
      database.db.transaction(async (tx) => {
        key = await store.save('quotations', PDF, { ext: 'pdf' }, tx);
        expect(await tx.select({ key: files.key }).from(files).where(eq(files.key, key))).toHaveLength(1);
        throw new Error('the row naming it failed');
      }),
    ).rejects.toThrow('the row naming it failed');
    expect(await stored(key)).toBeUndefined();
    expect(await store.read(key)).toBeNull();
  });

  it('serves the files its folder held before it, and copies them in at start', async () => {
    const before = new FolderStore(folder());
    const old = [await before.save('logos', demoPicture(2, 10, 10), { ext: 'png' }), await before.save('proposals', PDF, { ext: 'pdf' })];
    const third = await before.save('cars', demoPicture(3, 12, 12), { ext: 'png' });
    // Not ours: left where it is.
    mkdirSync(path.join(before.dir, 'mail'), { recursive: true });
    writeFileSync(path.join(before.dir, 'mail', 'note.txt'), 'x');
    const store = new DatabaseStore(database.db, before);

    // Asked for before any copy: served from the folder, and kept in the table from then on.
    expect((await store.read(third))!.equals((await before.read(third))!)).toBe(true);
    expect(await stored(third)).toBeDefined();
    expect(await store.adoptFolder()).toBe(2);
    for (const key of old) expect((await stored(key))!.data.equals((await before.read(key))!)).toBe(true);
    expect(await store.adoptFolder()).toBe(0);
    // Every process reads them now, whatever its folder holds.
    const elsewhere = new DatabaseStore(database.db, new FolderStore(folder()));
    expect((await elsewhere.read(old[1]!))!.equals(PDF)).toBe(true);
  });
});

describe('the store the configuration picks', () => {
  it('is the database with DATABASE_URL, the folder without; FILE_STORE and FILE_DIR choose otherwise', () => {
    const withUrl = loadConfig({ DATA_DIR: '/srv/portale', DATABASE_URL: 'postgres://db/portale' });
    expect(withUrl.files).toEqual({ store: 'database', dir: path.resolve('/srv/portale/uploads') });
    expect(loadConfig({ DATA_DIR: '/srv/portale' }).files).toEqual({ store: 'folder', dir: path.resolve('/srv/portale/uploads') });
    const shared = loadConfig({ DATABASE_URL: 'postgres://db/portale', FILE_STORE: 'folder', FILE_DIR: '/mnt/condivisa' });
    expect(shared.files).toEqual({ store: 'folder', dir: path.resolve('/mnt/condivisa') });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow();
    expect(openFileStore(withUrl.files, database.db)).toBeInstanceOf(DatabaseStore);
    expect(openFileStore(shared.files, database.db)).toBeInstanceOf(FolderStore);
  });
});
