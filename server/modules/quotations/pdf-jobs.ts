// Proposal PDFs as durable jobs (issue 21): a write queues the quotation's current version in
// proposal_pdf_jobs (db/schema/quotations.ts) and the render runs after the response. Any server
// process claims a job with one atomic UPDATE over SELECT ... FOR UPDATE SKIP LOCKED (PGlite and
// PostgreSQL alike): a queued job, or a running one whose lease ran out because its process died. Jobs
// are claimed on start, after each write of this process and on a sweep; a finished PDF is announced to
// every process through NOTIFY (the proposal's event stream), as before.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db, Queryable } from '../../db/client';
import { cars, offers, proposalPdfJobs, quotations, users } from '../../db/schema';
import type { FileStore } from '../../lib/storage';
import { renderProposalPdf } from './pdf';
import { PDF_CHANNEL } from './shared';

/** How long a claim holds: a render takes well under a second, so a lease this old means its process died. */
export const PDF_LEASE_SECONDS = 120;
/** A job that failed this often stays 'failed' (its error kept) until the quotation changes again. */
export const PDF_MAX_ATTEMPTS = 3;
const SWEEP_MS = 30_000;

type Claimed = { quotationId: number; version: number };

export class ProposalPdfJobs {
  private readonly db: Db;
  private running: Promise<void> | null = null;
  private again = false;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly store: FileStore,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {
    this.db = database.db;
  }

  /** Queues the quotation's version (in the caller's transaction when given one) and starts working. */
  async enqueue(quotationId: number, version: number, db: Queryable = this.db) {
    const reset = { version, state: 'queued' as const, attempts: 0, leaseUntil: null, error: null, updatedAt: new Date() };
    await db
      .insert(proposalPdfJobs)
      .values({ quotationId, ...reset })
      .onConflictDoUpdate({ target: proposalPdfJobs.quotationId, set: reset });
    this.kick();
  }

  /** Takes the jobs left by any process (a crash's included) now, and sweeps for them from time to time. */
  start() {
    this.kick();
    this.sweep ??= setInterval(() => this.kick(), SWEEP_MS);
    this.sweep.unref();
  }

  /** Stops sweeping and waits for the render under way (app close, tests). */
  async stop() {
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
    for (let job = await this.claim(); job; job = await this.claim()) await this.run(job);
  }

  /** The oldest job no live process holds, now 'running' under this process's lease; null when none. */
  async claim(): Promise<Claimed | null> {
    const res = await this.db.execute(sql`
      update proposal_pdf_jobs j
      set state = 'running', attempts = j.attempts + 1, lease_until = now() + make_interval(secs => ${PDF_LEASE_SECONDS}), updated_at = now()
      where j.quotation_id = (
        select quotation_id from proposal_pdf_jobs
        where attempts < ${PDF_MAX_ATTEMPTS} and (state = 'queued' or (state = 'running' and lease_until < now()))
        order by updated_at, quotation_id
        limit 1
        for update skip locked
      )
      returning j.quotation_id as "quotationId", j.version`);
    const [row] = (res as unknown as { rows: Claimed[] }).rows;
    return row ? { quotationId: Number(row.quotationId), version: Number(row.version) } : null;
  }

  private async run(job: Claimed) {
    const mine = and(eq(proposalPdfJobs.quotationId, job.quotationId), eq(proposalPdfJobs.version, job.version), eq(proposalPdfJobs.state, 'running'));
    try {
      const rendered = await this.render(job);
      await this.db.update(proposalPdfJobs).set({ state: 'done', leaseUntil: null, error: null, updatedAt: new Date() }).where(mine);
      if (rendered) await this.database.notify(PDF_CHANNEL, String(job.quotationId));
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
        .where(mine);
    }
  }

  /** Renders and stores the PDF of that version; false when the quotation is gone or has moved on. */
  private async render({ quotationId, version }: Claimed): Promise<boolean> {
    const [row] = await this.db.select().from(quotations).where(eq(quotations.id, quotationId));
    if (!row || row.version !== version) return false;
    const [agent] = await this.db.select().from(users).where(eq(users.id, row.ownerId));
    const offerRows = row.offerId
      ? await this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId))
      : [];
    const buf = await renderProposalPdf({ row, customer: row.customer, agent: agent!, offer: offerRows[0] ?? null });
    const key = await this.store.save('proposals', buf, { ext: 'pdf' });
    const done = await this.db
      .update(quotations)
      .set({ pdfPath: key })
      .where(and(eq(quotations.id, quotationId), eq(quotations.version, version)))
      .returning({ id: quotations.id });
    return done.length > 0;
  }

  /** The stored PDF of a quotation row, or null while none is rendered. */
  read(pdfPath: string | null): Promise<Buffer | null> {
    return pdfPath ? this.store.read(pdfPath) : Promise.resolve(null);
  }
}
