// Proposal PDFs as durable jobs (issue 21): a job a crashed process left 'running' is rendered again
// when a server starts; a job another live process holds is left alone; a finished job is announced.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import { proposalPdfJobs, quotations } from '../../db/schema';
import { FileStore } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../test/helper';
import { privateProposal, publicOfferRef } from '../../test/payloads';
import { ProposalPdfJobs } from './pdf-jobs';
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

/** The proposal's next version, its job held by a process: `leaseSeconds` from now (negative: ran out). */
async function heldJob(id: number, leaseSeconds: number) {
  await t.database.db
    .update(quotations)
    .set({ pdfPath: null, version: sql`${quotations.version} + 1` })
    .where(eq(quotations.id, id));
  await t.database.db
    .update(proposalPdfJobs)
    .set({ version: 2, state: 'running', attempts: 1, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
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
    const restarted = new ProposalPdfJobs(t.database, new FileStore(t.config.dataDir), silent);
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

  it('leaves alone a job another live process holds, and any job past its attempts', async () => {
    const p = await renderedProposal();
    await heldJob(p.id, 60);
    const other = new ProposalPdfJobs(t.database, new FileStore(t.config.dataDir), silent);
    expect(await other.claim()).toBeNull();
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
});
