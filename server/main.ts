import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataFolderError } from './db/data-lock';
import { seedIfEmpty } from './db/seed';
import { DatabaseStore } from './lib/storage';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch((err: unknown) => {
  // A data folder in use by another process, or damaged: the sentence says what to do; a stack would not.
  if (!(err instanceof DataFolderError)) throw err;
  console.error(err.message);
  process.exit(1);
});
const app = await buildApp({ config, database });
// Under the startup lock, as the migrations (db/client.ts): processes started together on an empty
// database seed it once, and the others wait and find it seeded (docs/scaling.md).
const seeded = await database.exclusive(async () => {
  if (app.files instanceof DatabaseStore) {
    // Files kept in the folder before the database store: copied into it, so every process serves them (docs/adr/0010-file-store.md).
    const adopted = await app.files.adoptFolder();
    if (adopted > 0) app.log.info({ adopted, from: config.files.dir }, 'files copied into the database');
  }
  return config.seedDemo === 'auto' ? seedIfEmpty(database.db, app.log) : null;
});
// The demo's pending agent gets a real activation email (recorded in the mails table and the log).
for (const id of seeded?.pendingUserIds ?? []) await app.authService.sendActivation(id);

/**
 * Graceful shutdown (docs/scaling.md): the listener closes and new requests are answered 503
 * (app.ts), requests in flight finish, the PDF job in hand finishes (its lease would let another
 * process take it otherwise), then the database closes and the process exits 0. If that takes
 * longer than SHUTDOWN_TIMEOUT_SECONDS, it exits 1 anyway: what did not commit is retried by its
 * client with the same Idempotency-Key, and a PDF job left running is taken again once its lease ends.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ signal }, 'shutdown took too long: exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Portale Noleggio su ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? `, ${config.dataDir}` : ''})`);
