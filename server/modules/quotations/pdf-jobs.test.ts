// Proposal PDFs as durable jobs (docs/adr/0131-proposal-pdf-jobs.md, docs/adr/0011-pdf-outbox.md): a job a crashed process left 'running' is rendered again
// when a server starts; a job another live process holds is left alone; a finished job is announced.
// The sweep queues a quotation left with neither a PDF nor a job for its version, once however many
// processes sweep, a batch at a time; a create retried after its answer was lost queues it too.
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import { idempotencyKeys, proposalPdfJobs, quotations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { privateProposal, publicOfferRef } from '../../test/payloads';
import { ProposalPdfJobs, SWEEP_BATCH } from './pdf-jobs';
import { PDF_CHANNEL } from './shared';

let t: TestApp;
let full: Record<string, string>;
let ref: string;
const silent = { error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  full = (await t.login('completo@demo.it')).headers;
  ref = await publicOfferRef(t.database.db, 'privati');
});
afterAll(() => t.close());

const proposal = async (id: number) => (await t.inject({ method: 'GET', url: `/api/v1/proposals/${id}`, headers: full })).json().data as Proposal;
const job = async (id: number) => (await t.database.db.select().from(proposalPdfJobs).where(eq(proposalPdfJobs.quotationId, id)))[0]!;

async function renderedProposal(): Promise<Proposal> {
  const res = await t.inject({ method: 'POST', url: '/api/v1/proposals', headers: full, payload: privateProposal(ref, { fiscal_code: 'RSSMRA85T10A562S' }) });
  expect(res.statusCode).toBe(201);
  const p = res.json().data as Proposal;
  for (let i = 0; i < 100 && !(await proposal(p.id)).has_pdf; i++) await new Promise((r) => setTimeout(r, 50));
  expect((await proposal(p.id)).has_pdf).toBe(true);
  expect(await job(p.id)).toMatchObject({ state: 'done', attempts: 1, version: 1 });
  return p;
}

/**
 * The proposal's next version, its job held by a process whose database session is alive (the one
 * running this statement): `leaseSeconds` from now (negative: ran out).
 */
async function heldJob(id: number, leaseSeconds: number) {
  await t.database.db
    .update(quotations)
    .set({ pdfPath: null, version: sql`${quotations.version} + 1` })
    .where(eq(quotations.id, id));
  await t.database.db
    .update(proposalPdfJobs)
    .set({
      version: 2,
      state: 'running',
      attempts: 1,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      holderPid: sql`pg_backend_pid()`,
      holderStart: sql`(select backend_start from pg_stat_activity where pid = pg_backend_pid())`,
    })
    .where(eq(proposalPdfJobs.quotationId, id));
}

describe('proposal PDF jobs', () => {
  it('renders again, on start, a job whose process died while rendering it, and announces it', async () => {
    const p = await renderedProposal();
    await heldJob(p.id, -60);
    expect((await proposal(p.id)).has_pdf).toBe(false);
    const heard: string[] = [];
    const unlisten = await t.database.listen(PDF_CHANNEL, (payload) => heard.push(payload));
    // A server starting: a fresh worker over the same database and files.
    const restarted = new ProposalPdfJobs(t.database, t.app.files, silent);
    restarted.start();
    await restarted.stop();
    expect(await job(p.id)).toMatchObject({ state: 'done', attempts: 2, version: 2, leaseUntil: null });
    const after = await proposal(p.id);
    expect(after.has_pdf).toBe(true);
    const pdf = await t.inject({ method: 'POST', url: `/api/v1/proposals/${p.id}/attachment`, headers: full });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (let i = 0; i < 40 && !heard.includes(String(p.id)); i++) await new Promise((r) => setTimeout(r, 25));
    expect(heard).toContain(String(p.id));
    await unlisten();
  });

  it('leaves alone a job another live process holds, takes one whose process is gone, and leaves any job past its attempts', async () => {
    const p = await renderedProposal();
    await heldJob(p.id, 60);
    const other = new ProposalPdfJobs(t.database, t.app.files, silent);
    expect(await other.claim()).toBeNull();
    // The same lease, but the session that claimed it has ended (its process was killed): taken at once.
    await t.database.db
      .update(proposalPdfJobs)
      .set({ holderStart: new Date('2000-01-01T00:00:00Z') })
      .where(eq(proposalPdfJobs.quotationId, p.id));
    expect(await other.claim()).toEqual({ quotationId: p.id, version: 2 });
    expect(await job(p.id)).toMatchObject({ state: 'running', attempts: 2 });
    await t.database.db.update(proposalPdfJobs).set({ state: 'queued', attempts: 3, leaseUntil: null }).where(eq(proposalPdfJobs.quotationId, p.id));
    expect(await other.claim()).toBeNull();
    expect((await proposal(p.id)).has_pdf).toBe(false);
  });

  it('queues the new version when the quotation changes, however far the old job got', async () => {
    const p = await renderedProposal();
    const upd = await t.inject({ method: 'PUT', url: `/api/v1/proposals/${p.id}`, headers: full, payload: { first_name: 'Marione' } });
    expect(upd.statusCode).toBe(200);
    for (let i = 0; i < 100 && !(await proposal(p.id)).has_pdf; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await job(p.id)).toMatchObject({ state: 'done', attempts: 1, version: 2 });
  });

  it('sweeps in quotations with neither a PDF nor a job for their version, once, a batch at a time', async () => {
    const [lost, moved, held, failed] = [await renderedProposal(), await renderedProposal(), await renderedProposal(), await renderedProposal()];
    await t.database.db.delete(proposalPdfJobs).where(eq(proposalPdfJobs.quotationId, lost.id));
    await t.database.db.update(quotations).set({ pdfPath: null }).where(eq(quotations.id, lost.id));
    // A newer version whose job never came: the old job is 'done' for version 1.
    await t.database.db.update(quotations).set({ pdfPath: null, version: 2 }).where(eq(quotations.id, moved.id));
    await heldJob(held.id, 60);
    await heldJob(failed.id, -60);
    await t.database.db.update(proposalPdfJobs).set({ state: 'failed', attempts: 3 }).where(eq(proposalPdfJobs.quotationId, failed.id));

    // A stopped worker queues without rendering, so the rows can be read as the sweep left them.
    const sweeper = new ProposalPdfJobs(t.database, t.app.files, silent);
    await sweeper.stop();
    const twice = await Promise.all([sweeper.requeueMissing(lost.id), sweeper.requeueMissing(lost.id)]);
    expect(twice.sort()).toEqual([0, 1]);
    expect(await job(lost.id)).toMatchObject({ state: 'queued', version: 1, attempts: 0 });
    expect(await sweeper.requeueMissing(moved.id)).toBe(1);
    expect(await job(moved.id)).toMatchObject({ state: 'queued', version: 2 });
    expect(await sweeper.requeueMissing(held.id)).toBe(0);
    expect(await sweeper.requeueMissing(failed.id)).toBe(0);
    expect(await job(failed.id)).toMatchObject({ state: 'failed', version: 2 });

    // The seeded quotations have neither: one sweep takes the newest batch of them, no more.
    const waiting = () =>
      t.database.db
        .select({ id: quotations.id })
        .from(quotations)
        .where(and(isNull(quotations.pdfPath), notExists(t.database.db.select().from(proposalPdfJobs).where(eq(proposalPdfJobs.quotationId, quotations.id)))));
    const before = (await waiting()).length;
    expect(before).toBeGreaterThan(SWEEP_BATCH);
    expect(await sweeper.requeueMissing()).toBe(SWEEP_BATCH);
    expect((await waiting()).length).toBe(before - SWEEP_BATCH);
    // The sweep's jobs wait behind those someone asked for: the next claim is one of the two.
    const first = await sweeper.claim();
    expect([lost.id, moved.id]).toContain(first!.quotationId);
    await t.database.db.update(proposalPdfJobs).set({ state: 'queued', attempts: 0 }).where(eq(proposalPdfJobs.quotationId, first!.quotationId));

    // A working process renders what was queued.
    const worker = new ProposalPdfJobs(t.database, t.app.files, silent);
    worker.start();
    for (let i = 0; i < 200 && ((await proposal(lost.id)).has_pdf === false || (await proposal(moved.id)).has_pdf === false); i++)
      await new Promise((r) => setTimeout(r, 50));
    await worker.stop();
    expect((await proposal(lost.id)).has_pdf).toBe(true);
    expect(await job(moved.id)).toMatchObject({ state: 'done', version: 2 });
  });

  it('answers a create retried after its answer was lost with the same quotation, and queues its missing PDF', async () => {
    const key = `lost-answer-${Date.now()}`;
    const send = () =>
      t.inject({
        method: 'POST',
        url: '/api/v1/proposals',
        headers: { ...full, 'idempotency-key': key },
        payload: privateProposal(ref, { fiscal_code: 'RSSMRA85T10A562S' }),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const p = first.json().data as Proposal;
    for (let i = 0; i < 100 && !(await proposal(p.id)).has_pdf; i++) await new Promise((r) => setTimeout(r, 50));
    // The answer and the job are gone (a row from before the outbox, its stored answer lost with its process).
    await t.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await t.database.db.delete(proposalPdfJobs).where(eq(proposalPdfJobs.quotationId, p.id));
    await t.database.db.update(quotations).set({ pdfPath: null }).where(eq(quotations.id, p.id));
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(p.id);
    expect((await t.database.db.select().from(quotations).where(eq(quotations.clientKey, key))).length).toBe(1);
    expect(await job(p.id)).toMatchObject({ version: 1 });
    for (let i = 0; i < 100 && !(await proposal(p.id)).has_pdf; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await proposal(p.id)).has_pdf).toBe(true);
  });
});
