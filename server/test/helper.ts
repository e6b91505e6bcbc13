import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { FEATURES } from '@core/features';
import { files, userFeatures, users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/users';
import { adminQuery, databaseUrl, dropDatabase } from './postgres-admin';

/**
 * Each test file gets its own database: an in-memory PGlite, or with TEST_DB_KIND=postgres a
 * scratch database created on TEST_DATABASE_URL's server and dropped afterwards. `seeded`: a copy of
 * the demo database (server/db/seed) instead of an empty one.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<{ database: Database; drop: () => Promise<void> }> {
  // The seeded template is made once per run by test/seeded-template.ts (vitest globalSetup).
  const template = opts.seeded ? inject('seededTemplate') : undefined;
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const database = await openDatabase({ memory: true, ...(template ? { from: new Blob([readFileSync(template)]) } : {}) });
    return { database, drop: () => database.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: databaseUrl(name) });
  return {
    database,
    drop: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  ids: Map<string, number>;
  close(): Promise<void>;
  /** Logs a demo user in (see server/db/seed/users.ts) and returns its headers. */
  login(email: string, password?: string): Promise<{ headers: Record<string, string>; access: string; refresh: string }>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
};

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase({ seeded: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig(
    // The file store every process reaches on PostgreSQL (the database), the folder on PGlite, as in production.
    // No PDF sweeps: the seeded quotations have no PDF, and rendering them would only load the machine.
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir, FILE_STORE: process.env.TEST_DB_KIND === 'postgres' ? 'database' : 'folder', PDF_SWEEP_SECONDS: '0' },
    { distDir: path.join(dataDir, 'no-dist'), publicUrl: 'http://portal.test', ...overrides },
  );
  const app = await buildApp({ config, database, logger: false });
  // The demo users' ids by key, as seedDemo returns them.
  const byEmail = new Map((await database.db.select({ id: users.id, email: users.email }).from(users)).map((u) => [u.email, u.id]));
  const ids = new Map(DEMO_USERS.map((u) => [u.key, byEmail.get(u.email) ?? 0]));
  return {
    app,
    database,
    config,
    ids,
    inject: (opts) => app.inject(opts),
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      const { access_token: access, refresh_token: refresh } = res.json().data;
      return { access, refresh, headers: { authorization: `Bearer ${access}`, 'x-refresh-token': refresh } };
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** Gives a demo user every feature, so that a suite's calls pass every gate and reach the handlers. */
export async function grantEveryFeature(t: TestApp, key = 'leader') {
  await t.database.db
    .insert(userFeatures)
    .values(FEATURES.map((slug) => ({ userId: t.ids.get(key)!, slug, level: 2 })))
    .onConflictDoNothing();
}

/** Every key the app's file store holds: the folder's files, or the keys of the files table (lib/storage.ts). */
export async function storedKeys(t: TestApp): Promise<string[]> {
  if (t.config.files.store === 'database') return (await t.database.db.select({ key: files.key }).from(files)).map((r) => r.key);
  const dir = t.config.files.dir;
  const folders = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  return folders.flatMap((d) => readdirSync(path.join(dir, d.name)).map((name) => `${d.name}/${name}`));
}

/** Replaces a stored file's bytes behind the store's back, as a file damaged on disk or stored before a check would be. */
export async function damageStored(t: TestApp, key: string, data: Buffer) {
  if (t.config.files.store === 'database') await t.database.db.update(files).set({ data, size: data.length }).where(eq(files.key, key));
  else writeFileSync(path.join(t.config.files.dir, key), data);
}
