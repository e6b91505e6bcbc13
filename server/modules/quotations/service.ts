// Proposals and quotes (spec §3, §4): create, change, find and the status; the parts live
// beside it (customers, pricing, validation, presenter, documents, pdf-jobs), each with its share of
// the routes.
import { CUSTOMER_FIELDS } from '@core/customer-fields';
import type { z } from 'zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContractualCategory } from '@core/categories';
import { ContractualCategorySchema } from '@core/schemas/common';
import { formatEuro } from '@core/format';
import { toCents } from '@core/money';
import { PROPOSAL_ERRORS, type QuotationStatus, rateMismatchMessage } from '@core/quotation';
import { isQuoteEditable, QUOTE_LOCKED_MESSAGE } from '@core/quote-form';
import { ProposalCustomerSchema, QuoteCustomerSchema } from '@core/schemas/customer';
import type { Proposal } from '@core/schemas/quotations';
import type { Database, Db, Queryable, Tx } from '../../db/client';
import { customerSnapshot, quotations } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { AppError, invalid, notFound } from '../../lib/errors';
import { OfferDetailService } from '../offers/detail';
import type { FileStore } from '../../lib/storage';
import { QuotationCustomers } from './customers';
import { QuotationDocuments } from './documents';
import { ProposalPdfJobs } from './pdf-jobs';
import { ProposalPresenter } from './presenter';
import { QuotationPricing } from './pricing';
import { QuotationShares } from './share';
import { agentScope, CODE_BASE, type ProposalSave, type ProposalUpdate, proposalError, type QuotePayload, type QuotationRow } from './shared';
import { checkCustomer, sustainabilityOf } from './validation';
import { fromSnapshot, stripUndefined } from './presenter';
import type { PushPayload } from '@core/push';

export { PDF_CHANNEL, UPLOAD_MAX_BYTES } from './shared';

export class QuotationsService {
  private readonly db: Db;
  readonly customers: QuotationCustomers;
  readonly pricing: QuotationPricing;
  readonly presenter: ProposalPresenter;
  readonly documents: QuotationDocuments;
  readonly pdfJobs: ProposalPdfJobs;
  readonly shares: QuotationShares;

  /** `pdfSweepMs`: how often the PDF worker looks for jobs left behind (ProposalPdfJobs). */
  /** `onActivity`: told of each customer's visit, upload and signature through a link, with the quotation's agent. */
  constructor(
    database: Database,
    store: FileStore,
    log: { error: (obj: object, msg: string) => void },
    pdfSweepMs?: number,
    onActivity?: (userId: number, payload: PushPayload) => void,
  ) {
    this.db = database.db;
    this.customers = new QuotationCustomers(this.db);
    this.pricing = new QuotationPricing(new OfferDetailService(this.db));
    this.presenter = new ProposalPresenter(this.db);
    this.documents = new QuotationDocuments(this.db, store, this.presenter, (auth, id) => this.find(auth, id));
    this.pdfJobs = new ProposalPdfJobs(database, store, log, pdfSweepMs);
    this.shares = new QuotationShares(database, {
      presenter: this.presenter,
      documents: this.documents,
      pdfJobs: this.pdfJobs,
      find: (auth, id) => this.find(auth, id),
      onActivity,
    });
  }

  /** The stored proposal PDF, or null while it is being rendered. */
  async pdf(auth: AuthContext, id: string): Promise<Buffer | null> {
    return this.pdfJobs.pdfOf(await this.find(auth, id));
  }

  /**
   * A write that changes what the PDF shows: `write` and the PDF job of the row it answers commit in
   * one transaction (the outbox, pdf-jobs.ts), so a crash leaves neither or both; the worker is woken
   * once they have committed.
   */
  private async withPdf(write: (tx: Tx) => Promise<QuotationRow>): Promise<QuotationRow> {
    const row = await this.db.transaction(async (tx) => {
      const written = await write(tx);
      await this.pdfJobs.enqueue(tx, written.id, written.version);
      return written;
    });
    this.pdfJobs.kick();
    return row;
  }

  /** The agents whose customers and quotations the caller may see and change. */
  scope(auth: AuthContext): Promise<number[]> {
    return agentScope(this.db, auth);
  }

  // ----------------------------------------------------------------------------- proposals

  /**
   * The row a request with this Idempotency-Key already created. The key is stored with the row in
   * the same transaction, so a retry after a crash that lost the stored answer finds the write.
   */
  private async createdWith(auth: AuthContext, clientKey: string | undefined) {
    if (!clientKey) return null;
    const [row] = await this.db
      .select()
      .from(quotations)
      .where(and(eq(quotations.ownerId, auth.user.id), eq(quotations.clientKey, clientKey)));
    // The retry answers what was stored and never skips the work: the job committed with the row, and
    // one that is missing all the same (a row from before the outbox) is queued now.
    if (row) await this.pdfJobs.requeueMissing(row.id);
    return row ?? null;
  }

  async createProposal(auth: AuthContext, body: ProposalSave, clientKey?: string): Promise<Proposal> {
    const done = await this.createdWith(auth, clientKey);
    if (done) return this.presenter.present(auth, done);
    const priced = await this.pricing.priced(auth, body.offer, {
      accessories: body.accessories,
      colors: body.colors,
      services: body.additionalServices,
      monthlyRate: body.newMonthlyRate,
    });
    const customer = checkCustomer(ProposalCustomerSchema, body, priced.row.o.customerType);
    if (!body.consent) throw invalid({ consent: ['Il consenso è obbligatorio per proseguire'] });
    const sustainability = sustainabilityOf(body.sustainability, customer.employee_category);
    // The quotation, its code and its PDF job commit together: a retry after a crash finds all or nothing.
    const row = await this.withPdf(async (tx) => {
      const cust = await this.customers.upsertCustomer(tx, auth.user.id, customer);
      const [q] = await tx
        .insert(quotations)
        .values({
          ownerId: auth.user.id,
          customerId: cust.id,
          customer: customerSnapshot(cust),
          ...this.pricing.pricedValues(priced),
          notes: customer.notes,
          consent: true,
          sustainability,
          clientKey: clientKey ?? null,
        })
        .returning();
      return this.issueCodeIfDue(tx, q!);
    });
    return this.presenter.present(auth, row);
  }

  /** Step 3 of the tracker: the quotation gets its code once the credit-check answers are recorded. */
  private async issueCodeIfDue(tx: Queryable, row: QuotationRow): Promise<QuotationRow> {
    const answered = row.sustainability && Object.keys(row.sustainability.answers ?? {}).length > 0;
    if (row.code || !answered) return row;
    const [updated] = await tx
      .update(quotations)
      .set({ code: String(CODE_BASE + row.id) })
      .where(and(eq(quotations.id, row.id), sql`${quotations.code} is null`))
      .returning();
    return updated ?? row;
  }

  async updateProposal(auth: AuthContext, id: string, body: ProposalUpdate): Promise<Proposal> {
    const row = await this.find(auth, id);
    const patch: Partial<typeof quotations.$inferInsert> = {};
    const hasCustomer = CUSTOMER_FIELDS.some((k) => (body as Record<string, unknown>)[k] !== undefined);
    let category = row.customer.employee_category as ContractualCategory;
    let customer: z.output<typeof ProposalCustomerSchema> | null = null;
    // The spec: customer data cannot be edited after confirmation, i.e. once the quotation has its code.
    if (hasCustomer && !row.code) {
      const offerType = await this.pricing.offerCustomerType(auth, row.offerRef);
      const merged = {
        ...fromSnapshot(row.customer),
        ...stripUndefined(body),
        employee_category: body.employee_category ?? body.contractual_category ?? row.customer.employee_category,
      };
      customer = checkCustomer(ProposalCustomerSchema, merged, offerType);
      category = customer.employee_category;
    } else if (body.contractual_category !== undefined && !ContractualCategorySchema.safeParse(body.contractual_category).success) {
      throw proposalError('Contractual category not valid', { contractual_category: [PROPOSAL_ERRORS['Contractual category not valid']] });
    }
    if (body.sustainability !== undefined) patch.sustainability = sustainabilityOf(body.sustainability, category);
    // The price is fixed when the proposal is made: a different rate is a new proposal (docs/pricing.md).
    if (body.newMonthlyRate != null && toCents(body.newMonthlyRate) !== toCents(row.price)) {
      const message = rateMismatchMessage(formatEuro(body.newMonthlyRate), formatEuro(row.price));
      throw new AppError(422, message, { newMonthlyRate: [message] }, 'Rate mismatch');
    }
    // The customer record, the quotation (its code included) and its PDF job: one transaction.
    const write = async (tx: Queryable) => {
      if (customer) {
        const cust = await this.customers.upsertCustomer(tx, row.ownerId, customer);
        Object.assign(patch, { customerId: cust.id, customer: customerSnapshot(cust), notes: customer.notes, version: row.version + 1, pdfPath: null });
      }
      const [updated] = await tx
        .update(quotations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(quotations.id, row.id))
        .returning();
      return this.issueCodeIfDue(tx, updated!);
    };
    const issued = customer ? await this.withPdf(write) : await this.db.transaction(write);
    return this.presenter.present(auth, issued);
  }

  async getProposal(auth: AuthContext, id: string): Promise<Proposal> {
    return this.presenter.present(auth, await this.find(auth, id));
  }

  /** By proposal id or quotation code, within the caller's scope; anything else is 404. */
  async find(auth: AuthContext, id: string): Promise<QuotationRow> {
    const owners = await agentScope(this.db, auth);
    const n = /^\d{1,9}$/.test(id) ? Number(id) : null;
    const match = n !== null && n < CODE_BASE ? eq(quotations.id, n) : eq(quotations.code, id);
    const [row] = await this.db
      .select()
      .from(quotations)
      .where(and(match, inArray(quotations.ownerId, owners)));
    if (!row) throw notFound('Preventivo non trovato');
    return row;
  }

  async setStatus(auth: AuthContext, id: string, status: QuotationStatus): Promise<Proposal> {
    const row = await this.find(auth, id);
    const [updated] = await this.db.update(quotations).set({ status, updatedAt: new Date() }).where(eq(quotations.id, row.id)).returning();
    return this.presenter.present(auth, updated!);
  }

  // ----------------------------------------------------------------------------- quote form

  async createQuote(auth: AuthContext, body: QuotePayload, clientKey?: string): Promise<string> {
    const done = await this.createdWith(auth, clientKey);
    if (done?.code) return done.code;
    const priced = await this.pricing.priced(auth, body.code, {
      accessories: body.accessories,
      colors: body.colors,
      services: body.additionalServices,
      monthlyRate: body.monthly_rate ?? body.selectedPrice,
    });
    const customer = checkCustomer(
      QuoteCustomerSchema,
      { ...body, business_name: body.business_name || body.company_name || '', notes: body.notes ?? body.note ?? '' },
      priced.row.o.customerType,
    );
    const full = { ...customer, address: '', city: '' };
    const row = await this.withPdf(async (tx) => {
      const cust = await this.customers.upsertCustomer(tx, auth.user.id, full);
      const [q] = await tx
        .insert(quotations)
        .values({
          ownerId: auth.user.id,
          customerId: cust.id,
          customer: customerSnapshot(cust),
          kind: 'quote',
          ...this.pricing.pricedValues(priced),
          notes: customer.notes,
          clientKey: clientKey ?? null,
        })
        .returning();
      const [withCode] = await tx
        .update(quotations)
        .set({ code: String(CODE_BASE + q!.id) })
        .where(eq(quotations.id, q!.id))
        .returning();
      return withCode!;
    });
    return row.code!;
  }

  async updateQuote(auth: AuthContext, code: string, body: Record<string, unknown>): Promise<Proposal> {
    const row = await this.find(auth, code);
    // §4: the quote form is not editable once confirmed (credit check recorded, or accepted or rejected).
    if (!isQuoteEditable({ kind: row.kind, status: row.status, sustainabilityAnswers: row.sustainability?.answers ?? null })) {
      throw new AppError(422, QUOTE_LOCKED_MESSAGE, { _: [QUOTE_LOCKED_MESSAGE] });
    }
    const offerType = await this.pricing.offerCustomerType(auth, row.offerRef);
    const merged = { ...fromSnapshot(row.customer), ...stripUndefined(body) };
    const c = checkCustomer(QuoteCustomerSchema, merged, offerType);
    const updated = await this.withPdf(async (tx) => {
      const cust = await this.customers.upsertCustomer(tx, row.ownerId, { ...c, address: row.customer.address, city: row.customer.city });
      const [changed] = await tx
        .update(quotations)
        .set({ customerId: cust.id, customer: customerSnapshot(cust), notes: c.notes, version: row.version + 1, pdfPath: null, updatedAt: new Date() })
        .where(eq(quotations.id, row.id))
        .returning();
      return changed!;
    });
    return this.presenter.present(auth, updated);
  }
}
