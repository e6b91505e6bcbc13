import type { z } from 'zod';
import { ApiError } from '../api/api-error';
import { MESSAGES } from '@core/i18n-messages';
import type { OutboxEntry, PortalDb } from './db';

/**
 * The one offline write path (docs/architecture.md, "Data flow"). A feature never calls fetch for a write:
 * it calls `submit`, which stores the write with a client id (also its Idempotency-Key) and
 * sends it at once when it can. Writes left behind are replayed in order on reconnect, on app
 * start, on return to the app and when the service worker's background sync fires.
 *
 * - unreachable (no answer, a time-out, or 502/503/504 from the server or a gateway): kept, tried
 *   again later;
 * - another 5xx (the server failed on it) on the first, immediate try: given back to the form as a
 *   server error, nothing kept (the user is there to try again); on a replay: kept and tried again,
 *   then after SERVER_FAILURES_BEFORE_REJECTED such answers kept as 'rejected' with the server's message;
 * - 401: the queue pauses until the user logs in again (nothing dropped);
 * - another 4xx on a replay: kept as 'rejected' with the server's message, for the user to
 *   fix or discard (on the first, immediate try the form shows the error instead);
 * - a write referring to one not yet delivered (`{client:<id>}` in its path or body) waits.
 */
export type NewWrite = Omit<OutboxEntry, 'id' | 'clientId' | 'userId' | 'status' | 'attempts' | 'createdAt' | 'form'> & {
  /** Ignored: entries always belong to the signed-in user. */
  userId?: number;
  /** Also the write's Idempotency-Key: the intent's key from src/api/use-write.ts, so a resubmit is the same write. */
  clientId?: string;
  file?: { field: string; name: string; blob: Blob; fields: Record<string, string> };
};

/** A write sent now carries the server's answer (checked against its schema when one is given); a queued one only its client id. */
export type SubmitResult<T = unknown> = { state: 'sent'; clientId: string; data: T } | { state: 'queued'; clientId: string };

type Listener = (e: { type: 'sent'; entry: OutboxEntry; data: unknown } | { type: 'changed' }) => void;

const PLACEHOLDER = /\{client:([\w-]+)\}/g;
/** A replayed write the server keeps failing (5xx) stops being retried silently after this many answers. */
export const SERVER_FAILURES_BEFORE_REJECTED = 5;

/**
 * How a write reaches the server: the page's HTTP client (tokens, renewals), or the service worker's
 * own sender when it replays with no page open. Resolves with the response, or throws ApiError.
 */
export type SendWrite = (path: string, opts: { method: OutboxEntry['method']; body: unknown; idempotencyKey: string }) => Promise<Response>;

/**
 * `firstAnswerMs`: how long a write's first try holds the form. A network that connects but does not answer
 * (lie-fi) would otherwise spin it until the request's own time-out: past this the write is kept and shown
 * as waiting; its request goes on, and if it is answered late the write is delivered then, else the outbox
 * sends it again later with the same Idempotency-Key (the server keeps one record per key).
 */
export function createOutbox(
  database: PortalDb,
  currentUser: () => number | null,
  { send, onQueued, firstAnswerMs }: { send: SendWrite; onQueued?: () => void; firstAnswerMs?: number },
) {
  const listeners = new Set<Listener>();
  let paused = false;
  let running: Promise<void> | null = null;
  const emit: Listener = (e) => listeners.forEach((l) => l(e));

  async function resolveIds(text: string): Promise<string | null> {
    let missing = false;
    const ids = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    const map = new Map<string, string>();
    for (const id of ids) {
      const row = await database.idMap.get(id);
      if (row) map.set(id, row.serverId);
      else missing = true;
    }
    return missing ? null : text.replace(PLACEHOLDER, (_, id: string) => map.get(id) ?? id);
  }

  /** Sends one entry; returns what the queue should do next. */
  async function deliver(entry: OutboxEntry): Promise<'next' | 'stop' | 'wait'> {
    const path = await resolveIds(entry.path);
    const bodyText = entry.body === undefined ? undefined : await resolveIds(JSON.stringify(entry.body));
    if (path === null || bodyText === null) return 'wait';
    let body: unknown = bodyText === undefined ? undefined : JSON.parse(bodyText);
    if (entry.form) {
      const stored = await database.blobs.get(entry.form.blobId);
      if (!stored) {
        await database.outbox.update(entry.id!, { status: 'rejected', error: 'Il file da caricare non è più disponibile sul dispositivo' });
        return 'next';
      }
      const fd = new FormData();
      for (const [k, v] of Object.entries(entry.form.fields)) fd.append(k, (await resolveIds(v)) ?? v);
      fd.append(entry.form.fileField, new Blob([stored.data], { type: stored.type }), entry.form.fileName);
      body = fd;
    }
    try {
      const res = await send(path, { method: entry.method, body, idempotencyKey: entry.clientId });
      const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
      if (entry.idPath) {
        const serverId = entry.idPath.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], data);
        if (serverId !== undefined && serverId !== null) await database.idMap.put({ clientId: entry.clientId, serverId: String(serverId) });
      }
      await database.transaction('rw', database.outbox, database.blobs, async () => {
        await database.outbox.delete(entry.id!);
        if (entry.form) await database.blobs.delete(entry.form.blobId);
      });
      emit({ type: 'sent', entry, data });
      return 'next';
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const failed = err.status >= 500 && !err.isUnavailable;
      const serverFailures = (entry.serverFailures ?? 0) + (failed ? 1 : 0);
      await database.outbox.update(entry.id!, {
        attempts: entry.attempts + 1,
        lastStatus: err.status,
        serverFailures,
        ...(failed ? { error: err.message } : {}),
      });
      if (serverFailures >= SERVER_FAILURES_BEFORE_REJECTED) {
        await database.outbox.update(entry.id!, { status: 'rejected', error: err.message, errors: err.errors });
        return 'next';
      }
      if (err.isUnavailable || failed || err.status === 409 || err.status === 429) return 'stop';
      if (err.status === 401) {
        paused = true;
        return 'stop';
      }
      await database.outbox.update(entry.id!, { status: 'rejected', error: err.message, errors: err.errors, ...(err.code ? { code: err.code } : {}) });
      return 'next';
    }
  }

  async function runOnce() {
    const userId = currentUser();
    if (userId === null || paused) return;
    const entries = await database.outbox.where('userId').equals(userId).sortBy('id');
    const waitingOn = new Set<string>();
    for (const entry of entries) {
      if (entry.status !== 'pending') {
        waitingOn.add(entry.clientId);
        continue;
      }
      // Keep each write after the ones it depends on.
      const deps = [...JSON.stringify([entry.path, entry.body ?? null, entry.form?.fields ?? null]).matchAll(PLACEHOLDER)].map((m) => m[1]!);
      if (deps.some((d) => waitingOn.has(d))) {
        waitingOn.add(entry.clientId);
        continue;
      }
      const next = await deliver(entry);
      if (next === 'stop') break;
      if (next === 'wait') waitingOn.add(entry.clientId);
    }
    emit({ type: 'changed' });
  }

  /** Runs the queue once at a time per tab (and per browser where Web Locks exist). */
  function flush(): Promise<void> {
    if (running) return running;
    const work = async () => {
      try {
        if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request('portale-outbox', runOnce);
        else await runOnce();
      } finally {
        running = null;
      }
    };
    running = work();
    return running;
  }

  async function discard(clientId: string) {
    const entry = await database.outbox.where('clientId').equals(clientId).first();
    if (entry?.id === undefined) return;
    await database.outbox.delete(entry.id);
    if (entry.form) await database.blobs.delete(entry.form.blobId);
    emit({ type: 'changed' });
  }

  /** Stores the write and tries it at once; a rejection on this first try goes back to the form. */
  async function store(write: NewWrite): Promise<SubmitResult> {
    const userId = currentUser();
    if (userId === null) throw new ApiError(401, 'Sessione scaduta, effettua di nuovo l’accesso');
    const clientId = write.clientId ?? crypto.randomUUID();
    const { file, ...rest } = write;
    const entry: OutboxEntry = { ...rest, clientId, userId, status: 'pending', attempts: 0, createdAt: Date.now() };
    if (file) {
      const blobId = crypto.randomUUID();
      await database.blobs.put({ id: blobId, data: await file.blob.arrayBuffer(), type: file.blob.type });
      entry.form = { fields: file.fields, fileField: file.field, fileName: file.name, blobId };
    }
    entry.id = await database.outbox.add(entry);
    emit({ type: 'changed' });
    const sent: { data: unknown }[] = [];
    const onSent: Listener = (e) => {
      if (e.type === 'sent' && e.entry.clientId === clientId) sent.push({ data: e.data });
    };
    listeners.add(onSent);
    let answered = true;
    try {
      const run = flush();
      if (firstAnswerMs === undefined) await run;
      else {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), firstAnswerMs)));
        answered = await Promise.race([run.then(() => true as const), late]).finally(() => clearTimeout(timer));
      }
    } finally {
      listeners.delete(onSent);
    }
    const answer = sent[0];
    if (answer) return { state: 'sent', clientId, data: answer.data };
    if (!answered) {
      onQueued?.();
      return { state: 'queued', clientId };
    }
    const after = await database.outbox.get(entry.id);
    if (after?.status === 'rejected') {
      await discard(clientId);
      throw new ApiError(422, after.error ?? 'Richiesta non valida', after.errors ?? {}, after.code);
    }
    // The server answered with an error of its own: that is not "offline", and the form says so.
    if (after && after.attempts === 1 && after.serverFailures === 1) {
      await discard(clientId);
      throw new ApiError(after.lastStatus ?? 500, after.error ?? MESSAGES.serverError);
    }
    onQueued?.();
    return { state: 'queued', clientId };
  }

  /**
   * Stores the write and tries it at once (see store). With a schema (core/schemas), the answer of a
   * write sent now is checked and typed, as the client's `api` does.
   */
  function submit(write: NewWrite): Promise<SubmitResult>;
  function submit<T>(write: NewWrite, schema: z.ZodType<T>): Promise<SubmitResult<T>>;
  async function submit<T>(write: NewWrite, schema?: z.ZodType<T>): Promise<SubmitResult<T> | SubmitResult> {
    const result = await store(write);
    return result.state === 'sent' && schema ? { ...result, data: schema.parse(result.data) } : result;
  }

  return {
    submit,
    flush,
    /** After a new login the queue runs again. */
    resume() {
      paused = false;
      return flush();
    },
    async retry(clientId: string) {
      const entry = await database.outbox.where('clientId').equals(clientId).first();
      if (entry?.id !== undefined) await database.outbox.update(entry.id, { status: 'pending', error: undefined, errors: undefined });
      return flush();
    },
    discard,
    /** The server's id for a client id, once the write has arrived. */
    async serverId(clientId: string) {
      return (await database.idMap.get(clientId))?.serverId ?? null;
    },
    pendingFor: (userId: number) => database.outbox.where('userId').equals(userId).toArray(),
    isPaused: () => paused,
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
