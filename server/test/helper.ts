import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { FEATURES } from '@core/features';
import { userFeatures, users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../db/seed/users';
import { adminQuery, databaseUrl, testAdminUrl } from './postgres-admin';

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
      const a = new pg.Client({ connectionString: testAdminUrl() });
      await a.connect();
      // pg's pool.end() resolves before its sockets have closed; DROP ... WITH (FORCE) would then kill a
      // closing connection and its FATAL error surfaces as an uncaught exception in the test run.
      for (let i = 0; i < 40; i++) {
        const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
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
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
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
