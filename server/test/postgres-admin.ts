import pg from 'pg';

/** The PostgreSQL server the server suite runs on with TEST_DB_KIND=postgres (.ci/run sets it). */
export function testAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  return url;
}

/** One statement on TEST_DATABASE_URL's entry database, on a connection of its own (CREATE/DROP DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testAdminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` once its connections are gone (DROP ... WITH (FORCE) ends any left). */
export async function dropDatabase(name: string): Promise<void> {
  const a = new pg.Client({ connectionString: testAdminUrl() });
  await a.connect();
  try {
    // pg's pool.end() resolves before its sockets have closed; DROP ... WITH (FORCE) would then kill a
    // closing connection and its FATAL error surfaces as an uncaught exception in the test run.
    for (let i = 0; i < 40; i++) {
      const { rows } = await a.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if ((rows[0]?.n ?? 0) === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await a.end();
  }
}
