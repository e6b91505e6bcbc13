import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite has no lock of its own: two server processes on one data folder both start, and each
 * overwrites the other's writes (20 acknowledged writes gone after a restart; docs/adr/0108-one-process-per-pglite-folder.md). The folder
 * is held through a lock file beside it naming the holder (pid, host, process start); a second
 * process refuses to start. A lock left by a process that died (SIGKILL, power loss) is taken over:
 * its pid is not running, or runs another program (pid reused, e.g. pid 1 in a restarted container:
 * on Linux the process start time in /proc tells them apart).
 */
/** A data folder the server cannot use (held by another process, or damaged): said in one sentence, no stack. */
export class DataFolderError extends Error {}

type Holder = { pid: number; host: string; start: string };

/** The process's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for the holder. */
function startOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function running(holder: Holder): boolean {
  if (holder.host !== hostname()) return true; // cannot be checked from here: assume it runs
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startOf(holder.pid);
  return !start || !holder.start || start === holder.start;
}

const readRaw = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The holder a lock file names; null for a file that names none (empty or damaged: treated as stale). */
const readHolder = (raw: string | null): Holder | null => {
  try {
    const h = JSON.parse(raw ?? '') as Partial<Holder>;
    return typeof h.pid === 'number' ? { pid: h.pid, host: String(h.host ?? ''), start: String(h.start ?? '') } : null;
  } catch {
    return null;
  }
};

/** Takes the lock on `dir` (file `<dir>.lock`) or throws DataFolderError; returns its release. */
export function lockDataFolder(dir: string): () => void {
  const lock = `${dir}.lock`;
  const me: Holder = { pid: process.pid, host: hostname(), start: startOf(process.pid) };
  const mine = JSON.stringify(me);
  // Written aside, then linked into place: the lock file appears whole or not at all (link fails if it exists).
  const draft = `${lock}.${process.pid}`;
  writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, lock);
        const release = () => {
          process.off('exit', release);
          try {
            if (readFileSync(lock, 'utf8') === mine) unlinkSync(lock);
          } catch {
            // already gone
          }
        };
        process.on('exit', release);
        return release;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = readRaw(lock);
      const holder = readHolder(seen);
      if (holder && running(holder)) {
        throw new DataFolderError(
          `La cartella dati ${dir} è già in uso da un altro processo del server (pid ${holder.pid} su ${holder.host}): due processi sullo stesso database PGlite perderebbero dati. ` +
            `Ferma l'altro processo (per più processi usa PostgreSQL con DATABASE_URL); se sei certo che nessun processo la usi, elimina ${lock}.`,
        );
      }
      // Left by a process that is gone: moved aside under a name of ours (atomic), then dropped if it is
      // still the stale one we read (another starter may have replaced it meanwhile: then put it back).
      const aside = `${lock}.stale.${process.pid}`;
      try {
        renameSync(lock, aside);
      } catch {
        continue;
      }
      if (readRaw(aside) === seen) unlinkSync(aside);
      else {
        try {
          linkSync(aside, lock);
        } catch {
          // someone locked it meanwhile: theirs stands
        }
        unlinkSync(aside);
      }
    }
    throw new DataFolderError(`Impossibile bloccare la cartella dati ${dir}: riprova, o elimina ${lock} se nessun processo la usa.`);
  } finally {
    unlinkSync(draft);
  }
}
