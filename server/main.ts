import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataFolderError } from './db/data-lock';
import { seedIfEmpty } from './db/seed';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch((err: unknown) => {
  // A data folder in use by another process, or damaged: the sentence says what to do; a stack would not.
  if (!(err instanceof DataFolderError)) throw err;
  console.error(err.message);
  process.exit(1);
});
const app = await buildApp({ config, database });
if (config.seedDemo === 'auto') {
  const seeded = await seedIfEmpty(database.db, app.log);
  // The demo's pending agent gets a real activation email (recorded in the mails table and the log).
  for (const id of seeded?.pendingUserIds ?? []) await app.authService.sendActivation(id);
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Portale Noleggio su ${config.publicUrl} (database: ${database.kind}${database.kind === 'pglite' ? `, ${config.dataDir}` : ''})`);
