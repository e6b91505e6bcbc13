// Proposal PDFs as durable jobs (docs/adr/0131-proposal-pdf-jobs.md): a write queues the quotation's current version in
// proposal_pdf_jobs (db/schema/quotations.ts) in the write's own transaction (a transactional outbox:
// the quotation and the job it promises commit together, docs/adr/0011-pdf-outbox.md), and the render
// runs after the response. Any server process claims a job with one atomic UPDATE over SELECT ... FOR
// UPDATE SKIP LOCKED (PGlite and PostgreSQL alike): a queued job, or a running one whose process died
// (its claiming session is gone, or its lease ran out). Jobs are claimed on start, after each write of this process and on a
// sweep, which also queues a job for quotations left with neither a PDF nor a job (rows from before
// the outbox); a finished PDF is announced to every process through NOTIFY (the proposal's event
// stream), as before.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '../../db/client';
import { cars, offers, proposalPdfJobs, quotations, users } from '../../db/schema';
import type { FileStore } from '../../lib/storage';
import { renderProposalPdf } from './pdf';
import { drawSignaturePage, signatureOf } from './pdf-signature';
import { PDF_CHANNEL, type QuotationRow } from './shared';

/** How long a claim holds: a render takes well under a second, so a lease this old means its process died. */
export const PDF_LEASE_SECONDS = 120;
/** A job that failed this often stays 'failed' (its error kept) until the quotation changes again. */
export const PDF_MAX_ATTEMPTS = 3;
/** Quotations without PDF nor job queued by one sweep, newest first: a backlog drains without taking the process over. */
export const SWEEP_BATCH = 20;

type Claimed = { quotationId: number; version: number };
type Log = { error: (obj: object, msg: string) => void };

export class ProposalPdfJobs {
  private readonly db: Db;
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  private sweep: NodeJS.Timeout | null = null;

  /** `sweepMs`: how often to look for jobs left behind (config.pdfSweepMs; 0: only when asked). */
  constructor(
    private readonly database: Database,
    private readonly store: FileStore,
    private readonly log: Log,
    private readonly sweepMs = 0,
  ) {
    this.db = database.db;
  }

  /**
   * Queues the quotation's version in the transaction `tx` that writes it, so both commit or neither.
   * Call kick() once that transaction has committed (a worker looking before would not see the job).
   */
  async enqueue(tx: Queryable, quotationId: number, version: number) {
    const reset = { version, state: 'queued' as const, attempts: 0, background: false, leaseUntil: null, error: null, updatedAt: new Date() };
    await tx
      .insert(proposalPdfJobs)
      .values({ quotationId, ...reset })
      .onConflictDoUpdate({ target: proposalPdfJobs.quotationId, set: reset });
  }

  /**
   * Queues a job for quotations that have neither a PDF nor a job for their current version (written
   * before the outbox, or a job row removed by hand): the newest SWEEP_BATCH, or only `quotationId`.
   * Safe from any number of processes at once: the insert yields to a job already there for that version.
   * The sweep's jobs are background ones, taken after those of writes (someone waits on those); one
   * asked for by id is not. Answers how many it queued (and starts working on them).
   */
  async requeueMissing(quotationId?: number): Promise<number> {
    const background = quotationId === undefined;
    const res = await this.db.execute(sql`
      insert into proposal_pdf_jobs as j (quotation_id, version, state, attempts, background, updated_at)
      select q.id, q.version, 'queued', 0, ${background}, now() from quotations q
      where q.pdf_path is null ${quotationId === undefined ? sql`` : sql`and q.id = ${quotationId}`}
        and not exists (select 1 from proposal_pdf_jobs p where p.quotation_id = q.id and p.version >= q.version)
      order by q.id desc
      limit ${SWEEP_BATCH}
      on conflict (quotation_id) do update set version = excluded.version, state = 'queued', attempts = 0, background = excluded.background,
        lease_until = null, error = null, updated_at = now()
        where j.version < excluded.version
      returning j.quotation_id`);
    const queued = (res as unknown as { rows: unknown[] }).rows.length;
    if (queued > 0) this.kick();
    return queued;
  }

  /** Takes the jobs left by any process (a crash's included) now, and sweeps for them from time to time. */
  start() {
    this.stopping = false;
    this.kick();
    if (this.sweepMs <= 0) return;
    void this.sweepOnce();
    this.sweep ??= setInterval(() => void this.sweepOnce(), this.sweepMs);
    this.sweep.unref();
  }

  private async sweepOnce() {
    try {
      await this.requeueMissing();
    } catch (err) {
      if (!this.stopping) this.log.error({ err }, 'proposal pdf sweep failed');
    }
    this.kick();
  }

  /**
   * Stops claiming jobs and waits for the render in hand (app close, graceful shutdown): it finishes and
   * is recorded, or, if the process is ended first, its lease runs out and another process takes it.
   */
  async stop() {
    this.stopping = true;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
    await this.drain();
  }

  /** Waits until this process has no job in hand. */
  async drain() {
    while (this.running) await this.running;
  }

  /** One worker per process: a kick while it runs makes it look again when done. */
  kick() {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch((err: unknown) => this.log.error({ err }, 'proposal pdf jobs failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async work() {
    while (!this.stopping) {
      const job = await this.claim();
      if (!job) return;
      await this.run(job);
    }
  }

  /**
   * The oldest job no live process holds (the sweep's after the writes'), now 'running' under this
   * process's lease; null when none. A
   * running job's holder is dead when its lease ran out or when the database session that claimed it
   * is gone (a killed process's connections end with it), so a crash's job is taken again at once.
   */
  async claim(): Promise<Claimed | null> {
    const res = await this.db.execute(sql`
      update proposal_pdf_jobs j
      set state = 'running', attempts = j.attempts + 1, lease_until = now() + make_interval(secs => ${PDF_LEASE_SECONDS}), updated_at = now(),
        holder_pid = pg_backend_pid(), holder_start = (select backend_start from pg_stat_activity where pid = pg_backend_pid())
      where j.quotation_id = (
        select p.quotation_id from proposal_pdf_jobs p
        where p.attempts < ${PDF_MAX_ATTEMPTS}
          and (p.state = 'queued' or (p.state = 'running' and (p.lease_until < now()
            or not exists (select 1 from pg_stat_activity a where a.pid = p.holder_pid and a.backend_start = p.holder_start))))
        order by p.background, p.updated_at, p.quotation_id
        limit 1
        for update skip locked
      )
      returning j.quotation_id as "quotationId", j.version`);
    const [row] = (res as unknown as { rows: Claimed[] }).rows;
    return row ? { quotationId: Number(row.quotationId), version: Number(row.version) } : null;
  }

  private async run(job: Claimed) {
    try {
      if (await this.render(job)) await this.database.notify(PDF_CHANNEL, String(job.quotationId));
    } catch (err) {
      this.log.error({ err, id: job.quotationId }, 'proposal pdf failed');
      await this.db
        .update(proposalPdfJobs)
        .set({
          state: sql`case when ${proposalPdfJobs.attempts} >= ${PDF_MAX_ATTEMPTS} then 'failed' else 'queued' end`,
          leaseUntil: null,
          error: String(err).slice(0, 500),
          updatedAt: new Date(),
        })
        .where(this.mine(job));
    }
  }

  /** The job row while it is still this claim's (a newer version queued meanwhile replaces it). */
  private mine(job: Claimed) {
    return and(eq(proposalPdfJobs.quotationId, job.quotationId), eq(proposalPdfJobs.version, job.version), eq(proposalPdfJobs.state, 'running'));
  }

  /**
   * Renders the PDF of that version and records it: the file (in the database store), the quotation's
   * pdf_path and the job's end commit together. False when the quotation is gone or has moved on.
   */
  private async render(job: Claimed): Promise<boolean> {
    const { quotationId, version } = job;
    const [row] = await this.db.select().from(quotations).where(eq(quotations.id, quotationId));
    const done = { state: 'done' as const, leaseUntil: null, error: null, updatedAt: new Date() };
    if (!row || row.version !== version) {
      await this.db.update(proposalPdfJobs).set(done).where(this.mine(job));
      return false;
    }
    const [agent] = await this.db.select().from(users).where(eq(users.id, row.ownerId));
    const offerRows = row.offerId
      ? await this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId))
      : [];
    // A signed proposal ends with the signature's audit trail (docs/adr/0060-signing-with-a-one-time-code.md).
    const signature = await signatureOf(this.db, quotationId);
    const buf = await renderProposalPdf(
      { row, customer: row.customer, agent: agent!, offer: offerRows[0] ?? null },
      signature ? (doc) => drawSignaturePage(doc, signature) : undefined,
    );
    return this.db.transaction(async (tx) => {
      // The quotation's row first, then the job's, in the order of the writes that change them (withPdf in
      // service.ts): the other order deadlocks with a change made meanwhile. The row lock also orders this
      // against that change: a PDF of an older version is never kept.
      const [current] = await tx.select({ version: quotations.version }).from(quotations).where(eq(quotations.id, quotationId)).for('update');
      await tx.update(proposalPdfJobs).set(done).where(this.mine(job));
      if (current?.version !== version) return false;
      const key = await this.store.save('proposals', buf, { ext: 'pdf' }, tx);
      await tx.update(quotations).set({ pdfPath: key }).where(eq(quotations.id, quotationId));
      return true;
    });
  }

  /**
   * The stored PDF of a quotation row, or null while none is rendered. Asking for one that has no job
   * either (a row from before the outbox) queues it, so it is ready moments later.
   */
  async pdfOf(row: QuotationRow): Promise<Buffer | null> {
    if (row.pdfPath) return this.store.read(row.pdfPath);
    await this.requeueMissing(row.id);
    return null;
  }
}
