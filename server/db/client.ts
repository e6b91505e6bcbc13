import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DataFolderError, lockDataFolder } from './data-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same Drizzle query builder; services only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened by `Db.transaction`: it has the same query builder, so functions that only query take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction on it: what a function that only reads or writes rows takes. */
export type Queryable = Db | Tx;

export type Listener = (payload: string) => void;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY, so events reach every server process sharing the database. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` while no other process runs its own `exclusive` on this database (PostgreSQL: a
   * session advisory lock on a connection of its own; PGlite: one process anyway). Migrations and the
   * demo seed run this way, so processes started together on an empty or old database do them once.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

type Ambient = { tx: Db; open: boolean };
const ambient = new AsyncLocalStorage<Ambient>();

/**
 * The database handle every service gets: while `inAmbientTransaction` runs, each query made through
 * it, by any service, joins that transaction (their own `transaction()` calls become savepoints). So a
 * request can be made atomic with something recorded beside it (lib/idempotency.ts: a create and its
 * Idempotency-Key's answer) without passing a transaction through every service. Work still running
 * after the transaction ended (its `open` is false) uses the database as usual.
 */
function ambientAware(root: Db): Db {
  return new Proxy(root, {
    get(target, prop) {
      const store = ambient.getStore();
      const on = store?.open ? store.tx : target;
      const value: unknown = Reflect.get(on, prop, on);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(on) : value;
    },
  });
}

/** Runs `fn` in one transaction that every query through the database's `db` joins (see ambientAware). */
export function inAmbientTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => {
    const state: Ambient = { tx: raw, open: true };
    try {
      return await ambient.run(state, () => fn(state.tx));
    } finally {
      state.open = false;
    }
  });
}

/** `from`: an in-memory database starts as a copy of this dump (PGlite's dumpDataDir; the tests' seeded template). */
export async function openDatabase(opts: { url?: string | undefined; dataDir?: string | undefined; memory?: boolean; from?: Blob }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.memory ? undefined : path.join(opts.dataDir ?? './data', 'pglite'), opts.from);
}

async function openPglite(dir: string | undefined, from?: Blob): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // One process per data folder (db/data-lock.ts); an in-memory database needs no lock.
  const release = dir ? lockDataFolder(dir) : () => {};
  let client: PGlite;
  try {
    client = dir ? new PGlite(dir) : new PGlite(from ? { loadDataDir: from } : {});
    await client.waitReady;
  } catch (err) {
    release();
    if (!dir) throw err;
    // PGlite reports a damaged folder as 'RuntimeError: Aborted()' or 'failed to initialize properly'.
    throw new DataFolderError(
      `Il database nella cartella ${dir} non si apre: i file sono danneggiati o di una versione incompatibile (${err instanceof Error ? err.message : String(err)}). ` +
        `Ripristina una copia di sicurezza della cartella, oppure spostala altrove per ripartire con un database vuoto.`,
      { cause: err },
    );
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => {});
    release();
    throw err;
  }
  return {
    db: ambientAware(db),
    kind: 'pglite',
    exclusive: (fn) => fn(),
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await client.close();
      release();
    },
  };
}

/** The advisory lock key of `exclusive` (any constant; advisory locks are per database). */
const STARTUP_LOCK = 0x4e6f6c6567;

/**
 * Holds the startup lock while `fn` runs. The lock lives on a connection outside the pool, so `fn` may
 * use every pooled connection (PG_POOL_SIZE=1 included); if this process dies, PostgreSQL ends its
 * session and the lock with it, and the next waiter goes on.
 */
async function underStartupLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    // Ending the session releases the lock (also when fn failed half-way).
    await client.end().catch(() => {});
  }
}

/** How long to wait before opening the LISTEN connection again after it was lost (doubles up to the maximum). */
const LISTEN_RETRY_MS = { first: 500, max: 10_000 };

async function openPostgres(url: string): Promise<Database> {
  // connectionTimeoutMillis: with the database unreachable a request fails (503) instead of waiting forever
  // for a connection; keepAlive notices a dead peer on idle connections.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10), connectionTimeoutMillis: 5_000, keepAlive: true });
  // A connection lost while idle in the pool is reported on the pool, one lost while checked out (a
  // transaction) on the client: without a listener either one is an unhandled 'error' event that ends the
  // process (docs/adr/0107-maintenance-and-database-outage.md). The query that was running fails on its own and is answered 503 (lib/errors.ts);
  // the pool drops the broken client and opens new ones when the database is back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const exclusive = <T>(fn: () => Promise<T>) => underStartupLock(url, fn);
  // Two processes migrating at once collide in the catalogue (duplicate key on pg_type): one migrates, the others wait and find it done.
  try {
    await exclusive(() => migratePg(db as never, { migrationsFolder }));
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  let listenClient: pg.PoolClient | undefined;
  let connecting: Promise<pg.PoolClient> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = LISTEN_RETRY_MS.first;
  let closed = false;
  const listeners = new Map<string, Set<Listener>>();
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  /** The LISTEN connection, opened on first use and again (with every channel) after it was lost. */
  const listenConnection = () =>
    (connecting ??= (async () => {
      const client = await pool.connect();
      try {
        client.on('notification', (msg) => {
          for (const l of listeners.get(msg.channel) ?? []) l(msg.payload ?? '');
        });
        client.on('error', () => {
          if (listenClient !== client) return;
          listenClient = undefined;
          connecting = undefined;
          client.release(true);
          scheduleReconnect();
        });
        for (const channel of listeners.keys()) await client.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        client.release(true);
        throw err;
      }
      listenClient = client;
      retryMs = LISTEN_RETRY_MS.first;
      return client;
    })().catch((err: unknown) => {
      connecting = undefined;
      throw err;
    }));

  const scheduleReconnect = () => {
    if (closed || retryTimer || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listenConnection().catch(() => {
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  };

  return {
    db: ambientAware(db),
    kind: 'postgres',
    exclusive,
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        try {
          // LISTEN twice on one connection is harmless (a connection opened just now already listens to the map's channels).
          await (listenClient ?? (await listenConnection())).query(`LISTEN ${quote(channel)}`);
        } catch (err) {
          scheduleReconnect();
          throw err;
        }
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listenClient?.release();
      await pool.end();
    },
  };
}
