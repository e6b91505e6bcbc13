// One process per PGlite data folder (docs/adr/0108-one-process-per-pglite-folder.md): two server processes on one folder each
// overwrote the other's writes. Real server processes: the second one refuses to start with a
// sentence saying why; once the first is killed (SIGKILL, its lock left behind) a new one starts;
// a damaged folder fails with a sentence, not a WebAssembly abort. PGlite only (PostgreSQL has its
// own server); skipped in the server-postgres project.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const port = () => String(20_000 + Math.floor(Math.random() * 10_000));

/** Starts `server/main.ts` on the folder; resolves when it answers /health or when it exits, whichever first (bounded). */
async function start(): Promise<{ child: ChildProcess; healthy: boolean; code: number | null; stderr: string }> {
  const p = port();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: p,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'never',
      AUTH_SECRET: 'lock-test-secret-0123456789-abcdefghijklmnopq',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`http://127.0.0.1:${p}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, healthy: true, code: null, stderr };
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  return { child, healthy: false, code: child.exitCode, stderr };
}

const stop = async (child: ChildProcess, signal: NodeJS.Signals) => {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
};

it.skipIf(KIND !== 'pglite')('lets one server process at a time open a PGlite data folder, and says so in a sentence', { timeout: 240_000 }, async () => {
  const first = await start();
  expect(first.healthy, first.stderr).toBe(true);

  const second = await start();
  expect(second.healthy, 'a second process on the same folder must not start').toBe(false);
  expect(second.code).toBe(1);
  expect(second.stderr).toContain(`La cartella dati ${path.join(dataDir, 'pglite')} è già in uso da un altro processo del server (pid ${first.child.pid}`);

  // The first dies without cleaning up: its lock names a pid that no longer runs, and is taken over.
  await stop(first.child, 'SIGKILL');
  expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
  const third = await start();
  expect(third.healthy, third.stderr).toBe(true);
  expect(JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'))).toMatchObject({ pid: third.child.pid });
  await stop(third.child, 'SIGTERM');
  expect(existsSync(path.join(dataDir, 'pglite.lock')), 'a clean shutdown releases the lock').toBe(false);

  // A damaged folder: one sentence that says what happened and what to do.
  writeFileSync(path.join(dataDir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 7));
  const damaged = await start();
  expect(damaged.healthy).toBe(false);
  expect(damaged.code).toBe(1);
  expect(damaged.stderr).toContain(
    `Il database nella cartella ${path.join(dataDir, 'pglite')} non si apre: i file sono danneggiati o di una versione incompatibile`,
  );
  expect(damaged.stderr).toContain('Ripristina una copia di sicurezza della cartella');
  expect(existsSync(path.join(dataDir, 'pglite.lock')), 'the failed start left no lock').toBe(false);
});
