// Vitest global setup of the server suites: the demo database is migrated and seeded once per run, and each
// test file starts from a copy of it (test/helper.ts). Seeding a fresh PGlite costs about 4 s (most of it
// initdb); loading the copy about 0.5 s. On PostgreSQL the copy is a CREATE DATABASE ... TEMPLATE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, type Db } from '../db/client';
import * as schema from '../db/schema';
import { seedDemo } from '../db/seed';
import { adminQuery, databaseUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** pglite: the path of a dumpDataDir tarball; postgres: the name of a template database on TEST_DATABASE_URL's server. */
    seededTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND === 'postgres') {
    const name = `tmpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: databaseUrl(name) });
    await seedDemo(database.db);
    await database.close();
    project.provide('seededTemplate', name);
    return () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const client = new PGlite();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  await seedDemo(db as unknown as Db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-seeded-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
