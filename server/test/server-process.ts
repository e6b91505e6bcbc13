// Real server processes for the tests that need them (crashes, several processes on one database,
// shutdown): `tsx server/main.ts` spawned with its own environment, its output kept for assertions,
// and scratch PostgreSQL databases on TEST_DATABASE_URL's server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { adminQuery, databaseUrl, dropDatabase } from './postgres-admin';

export const TEST_SECRET = 'process-test-secret-0123456789-abcdefghijklmnop';

/** A port nobody listens on right now (the kernel's choice). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Polls `check` until it holds (bounded by attempts, never by a timed assertion); throws `what` otherwise. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, attempts = 600, everyMs = 100): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`never happened: ${what}`);
}

/** A fresh database on TEST_DATABASE_URL's server; `drop` removes it (connections closed first). */
export async function scratchPostgres(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrl(name),
    drop: () => dropDatabase(name),
  };
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:port/api/v1 */
  api: string;
  /** Everything the process wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** Resolves once /health answers 200; rejects if the process exits first. */
  ready(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
};

/** Spawns `server/main.ts` (not waiting for it: call ready()). `env` adds to and overrides the test's environment. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error', AUTH_SECRET: TEST_SECRET, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const api = `http://127.0.0.1:${port}/api/v1`;
  return {
    child,
    port,
    api,
    stdout: () => out,
    stderr: () => err,
    exited,
    async ready() {
      await waitFor(async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}: ${err}`);
        return fetch(`${api}/health`).then(
          (r) => r.ok,
          () => false,
        );
      }, `server on port ${port} ready`);
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Spawns and waits until it serves. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  try {
    await server.ready();
  } catch (err) {
    await server.kill('SIGKILL');
    throw err;
  }
  return server;
}

/** Bearer headers of a demo user on a running server. */
export async function loginOn(api: string, email: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${api}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { access_token: string } };
  return { 'content-type': 'application/json', authorization: `Bearer ${data.access_token}` };
}

/** The ref of the first child offer a search for private customers shows (what quotes start from). */
export async function privateOfferRefOn(api: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${api}/search/offers`, { method: 'POST', headers, body: JSON.stringify({ customerType: ['privati'] }) });
  return ((await res.json()) as { items: { data: { ref: string }[] } }).items.data[0]!.ref;
}
