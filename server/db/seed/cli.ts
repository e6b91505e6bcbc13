// npm run seed -- [--offers N] [--quotations N] [--reset]: fills the configured database with demo data.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemo } from './index';

const { values } = parseArgs({ options: { offers: { type: 'string' }, quotations: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const started = Date.now();
// Under the startup lock: a server starting meanwhile does not seed the same empty database too.
await database.exclusive(async () => {
  if (values.reset) {
    await database.db.execute(
      sql`DO $$ DECLARE r record; BEGIN FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP EXECUTE 'TRUNCATE TABLE ' || quote_ident(r.tablename) || ' RESTART IDENTITY CASCADE'; END LOOP; END $$`,
    );
  }
  await seedDemo(database.db, {
    offers: values.offers ? Number(values.offers) : undefined,
    quotations: values.quotations ? Number(values.quotations) : undefined,
  });
});
console.log(`Dati demo caricati in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
