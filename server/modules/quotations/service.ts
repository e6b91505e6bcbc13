import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { categoryInfo, type ContractualCategory, CONTRACTUAL_CATEGORIES } from '@core/categories';
import { formatEuro } from '@core/format';
import { toCents, toEuros } from '@core/money';
import { effectiveRate } from '@core/pricing';
import { evaluate } from '@core/prescoring';
import { categoryAllowedFor, documentSlots, EXPIRED_OFFER_MESSAGE, PROPOSAL_ERRORS, type ProposalErrorCode, proposalTitle, type QuotationStatus, rateMismatchMessage, trackerStep } from '@core/quotation';
import { isQuoteEditable, QUOTE_LOCKED_MESSAGE } from '@core/quote-form';
import { ProposalCustomerSchema, QuoteCustomerSchema } from '@core/schemas/customer';
import type { Customer, OfferPreview, Proposal, ProposalSaveSchema, ProposalUpdateSchema, QuotePayloadSchema, ServiceChoicesSchema, Sustainability } from '@core/schemas/quotations';
import { MESSAGES } from '@core/i18n-messages';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { cars, customers, type CustomerSnapshot, customerSnapshot, offers, offerVariations, type OfferLine, quotationDocuments, quotations, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { assertDocumentRoom, assertSafePdf } from '../../lib/documents';
import { AppError, invalid, notFound, type FieldErrors } from '../../lib/errors';
import { configurationErrors, OfferDetailService, priceFor } from '../offers/detail';
import { renderProposalPdf } from './pdf';
import { ContractualCategorySchema } from '@core/schemas/common';

export const PDF_CHANNEL = 'proposal_pdf';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const OFFER_GONE = 'L’offerta selezionata non è più disponibile';
/** Quotation codes are 8 digits: 10000000 + the proposal number, so a code never reads as a proposal id below 10 million. */
const CODE_BASE = 10_000_000;

type ProposalSave = z.output<typeof ProposalSaveSchema>;
type ProposalUpdate = z.output<typeof ProposalUpdateSchema>;
type QuotePayload = z.output<typeof QuotePayloadSchema>;
type QuotationRow = typeof quotations.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;
/** What the agent configured: options, services and the monthly rate they were shown (null: the configured one). */
type Choice = { accessories: string[]; colors: string[]; services: z.output<typeof ServiceChoicesSchema>; monthlyRate?: number | null | undefined };

const proposalError = (code: ProposalErrorCode, errors: FieldErrors) => new AppError(422, PROPOSAL_ERRORS[code], errors, code);

/** Zod issues as the envelope's field errors (first message per field is what forms show). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) (out[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
  return out;
}

export class QuotationsService {
  private readonly pending = new Set<Promise<void>>();
  private readonly db: Db;
  private readonly offerDetails: OfferDetailService;

  constructor(
    private readonly database: Database,
    private readonly dataDir: string,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {
    this.db = database.db;
    this.offerDetails = new OfferDetailService(this.db);
  }

  /** Waits for PDFs being rendered (app close, tests). */
  async drain() {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  // ----------------------------------------------------------------------------- scope

  /** The agents whose customers and quotations the caller may see and change: self, plus the network for a group leader. */
  async scope(auth: AuthContext): Promise<number[]> {
    const u = auth.user;
    if (u.role !== 1 || !u.groupCode) return [u.id];
    const rows = await this.db.select({ id: users.id }).from(users).where(or(eq(users.groupCode, u.groupCode), eq(users.parentId, u.id)));
    return [...new Set([u.id, ...rows.map((r) => r.id)])];
  }

  // ----------------------------------------------------------------------------- customers

  async searchCustomer(auth: AuthContext, q: { code?: string | undefined; vat?: string | undefined; category?: string | undefined }): Promise<Customer> {
    if (q.category !== undefined && q.category !== '' && !ContractualCategorySchema.safeParse(q.category).success) {
      throw proposalError('Contractual category not valid', { category: [PROPOSAL_ERRORS['Contractual category not valid']] });
    }
    const owners = await this.scope(auth);
    const code = q.code?.trim().toUpperCase();
    const vat = q.vat?.trim();
    if (!code && !vat) throw invalid({ code: [MESSAGES.required] });
    const where = code ? eq(customers.fiscalCode, code) : eq(customers.vatNumber, vat!);
    const rows = await this.db
      .select()
      .from(customers)
      .where(and(where, inArray(customers.ownerId, owners)))
      // The caller's own record first, then the most recently updated one of the network.
      .orderBy(sql`case when ${customers.ownerId} = ${auth.user.id} then 0 else 1 end`, desc(customers.updatedAt))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound(code ? 'Nessun cliente trovato con questo codice fiscale' : 'Nessun cliente trovato con questa partita IVA');
    return toCustomer(customerSnapshot(row));
  }

  private async upsertCustomer(db: Db, ownerId: number, c: z.output<typeof ProposalCustomerSchema>): Promise<CustomerRow> {
    const info = categoryInfo(c.employee_category);
    const values = {
      ownerId,
      firstName: c.first_name,
      lastName: c.last_name,
      email: c.email,
      phone: c.phone,
      fiscalCode: c.fiscal_code,
      zipCode: c.zip_code,
      address: c.address,
      city: c.city,
      employeeCategory: c.employee_category,
      employeeType: info.type,
      employeeSecondaryType: info.secondaryType,
      vatNumber: info.type === 'BUSINESS' ? c.vat_number : '',
      businessName: info.type === 'BUSINESS' || info.secondaryType === 'BUSINESS' ? c.business_name : '',
      notes: c.notes,
    };
    const [row] = await db
      .insert(customers)
      .values(values)
      .onConflictDoUpdate({ target: [customers.ownerId, customers.fiscalCode], set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  // ----------------------------------------------------------------------------- offers and prices

  /** What the wizard shows of the configuration it starts from, priced exactly as saving it will price it. */
  async offerPreview(auth: AuthContext, ref: string, choice: Choice): Promise<OfferPreview> {
    const p = await this.priced(auth, ref, choice);
    const seller = auth.can('fees-visibility');
    return {
      ref: p.child.ref,
      code: p.row.o.code,
      brand: p.row.c.brand,
      model: p.row.c.model,
      version: p.row.c.version,
      image: p.row.o.image,
      tag: p.row.o.tag,
      customerType: p.row.o.customerType,
      monthly_rate: p.price,
      deposit: p.child.deposit,
      duration: p.child.duration,
      distance: p.child.distance,
      bundle: p.child.bundle,
      equippedOptionals: p.row.o.equippedOptionals,
      base_price: p.basePrice,
      selectedServices: p.services,
      accessories: p.accessories,
      offer_color: p.color,
      commission: seller ? p.commission : null,
      original_commission: seller ? p.originalCommission : null,
    };
  }

  /**
   * The price of a configuration, always computed here with core's priceQuote (docs/pricing.md),
   * from the offer as the detail shows it to this agent: the client's figures are never stored. A
   * rate the agent was shown that this computation does not give is refused (422), never replaced.
   */
  private async priced(auth: AuthContext, ref: string, choice: Choice) {
    const row = await this.offerDetails.load(auth, ref);
    const child = row?.child.find((v) => v.ref === ref);
    if (!row || !child) throw invalid({ offer: [OFFER_GONE] }, OFFER_GONE);
    const services: Record<string, number> = {};
    for (const c of choice.services) {
      const key = typeof c === 'string' ? c : String(c.id);
      const s = row.services.find((x) => String(x.id) === key || x.code === key);
      services[s ? String(s.id) : key] = typeof c === 'string' ? (s?.quantity ?? 1) : c.quantity;
    }
    const q = priceFor(auth, row, child, { accessories: choice.accessories, colors: choice.colors, services }, { monthlyRate: choice.monthlyRate ?? null });
    if (!q.ok) throw invalid(configurationErrors(q, choice.colors));
    if (choice.monthlyRate != null && toCents(choice.monthlyRate) !== q.monthlyRate) {
      const message = rateMismatchMessage(formatEuro(choice.monthlyRate), formatEuro(toEuros(q.monthlyRate)));
      throw new AppError(422, message, { newMonthlyRate: [message] }, 'Rate mismatch');
    }
    const line = (code: string, description: string, price: number): OfferLine => ({ code, description, price });
    const color = row.colors.find((x) => choice.colors.includes(x.code));
    return {
      row,
      child: q.child,
      price: toEuros(q.monthlyRate),
      basePrice: effectiveRate(q.child),
      /** The commission moved the rate: the spec's newMonthlyRate. */
      changed: q.monthlyRate !== q.rate.total,
      // The agent's commission as every screen shows it: whole euros, never below 0 (docs/pricing.md).
      commission: q.commission?.displayCommission ?? 0,
      originalCommission: q.commission?.originalDisplayCommission ?? 0,
      accessories: row.accessories.filter((a) => choice.accessories.includes(a.code)).map((a) => line(a.code, a.description, a.price)),
      color: color ? line(color.code, color.description, color.price) : null,
      services: [
        ...row.services.filter((s) => s.included).map((s) => line(s.code, s.name, 0)),
        ...q.services.map((x) => line(x.service.code, x.quantity > 1 ? `${x.service.name} × ${x.quantity}` : x.service.name, toEuros(x.monthly))),
      ],
    };
  }

  /** The row values a priced configuration gives a new quotation. */
  private pricedValues(p: Awaited<ReturnType<QuotationsService['priced']>>) {
    return {
      offerId: p.row.o.id,
      offerRef: p.child.ref,
      price: p.price,
      basePrice: p.basePrice,
      deposit: p.child.deposit,
      duration: p.child.duration,
      distance: p.child.distance,
      bundle: p.child.bundle,
      services: p.services,
      accessories: p.accessories,
      color: p.color,
      commission: p.commission,
      originalCommission: p.originalCommission,
      newMonthlyRate: p.changed ? p.price : null,
    };
  }

  /** The customer type of the offer a quotation was made from, as this agent may still see it. */
  private async offerCustomerType(auth: AuthContext, ref: string) {
    const row = await this.offerDetails.load(auth, ref);
    if (!row) throw invalid({ offer: [OFFER_GONE] }, OFFER_GONE);
    return row.o.customerType;
  }

  // ----------------------------------------------------------------------------- validation

  /**
   * The customer checks of the client (core/schemas/customer.ts) plus the offer's, with the spec's
   * error strings as codes (§8): category not valid, customer type not compatible, invalid zip code.
   */
  private checkCustomer<S extends typeof ProposalCustomerSchema | typeof QuoteCustomerSchema>(schema: S, body: Record<string, unknown>, offerType: 'piva' | 'privati'): z.output<S> {
    const cat = ContractualCategorySchema.safeParse(body.employee_category);
    if (!cat.success) throw proposalError('Contractual category not valid', { employee_category: [PROPOSAL_ERRORS['Contractual category not valid']] });
    if (!categoryAllowedFor(cat.data, [offerType])) {
      throw proposalError('Customer type not compatible with offer', { employee_category: [PROPOSAL_ERRORS['Customer type not compatible with offer']] });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      if (errors.zip_code) throw proposalError('Invalid zip code', errors);
      throw invalid(errors);
    }
    return parsed.data as z.output<S>;
  }

  private sustainabilityOf(s: Sustainability | null | undefined, category: ContractualCategory): Sustainability | null {
    if (!s || Object.keys(s.answers ?? {}).length === 0) return s ?? null;
    const contractualCategory = s.contractualCategory ?? category;
    // The outcome is the server's, from the answers (core/prescoring), never the client's.
    try {
      const response = evaluate({ contractualCategory, step: null, answers: s.answers });
      return { ...s, contractualCategory, response: { chance: response.chance, description: response.description, currentStep: response.currentStep } };
    } catch {
      throw invalid({ 'sustainability.answers': ['Risposte del credit check non valide'] });
    }
  }

  // ----------------------------------------------------------------------------- proposals

  /**
   * The row a request with this Idempotency-Key already created. The key is stored with the row in
   * the same transaction, so a retry after a crash that lost the stored answer finds the write.
   */
  private async createdWith(auth: AuthContext, clientKey: string | undefined) {
    if (!clientKey) return null;
    const [row] = await this.db.select().from(quotations).where(and(eq(quotations.ownerId, auth.user.id), eq(quotations.clientKey, clientKey)));
    return row ?? null;
  }

  async createProposal(auth: AuthContext, body: ProposalSave, clientKey?: string): Promise<Proposal> {
    const done = await this.createdWith(auth, clientKey);
    if (done) return this.present(auth, done);
    const priced = await this.priced(auth, body.offer, { accessories: body.accessories, colors: body.colors, services: body.additionalServices, monthlyRate: body.newMonthlyRate });
    const customer = this.checkCustomer(ProposalCustomerSchema, body, priced.row.o.customerType);
    if (!body.consent) throw invalid({ consent: ['Il consenso è obbligatorio per proseguire'] });
    const sustainability = this.sustainabilityOf(body.sustainability, customer.employee_category);
    const row = await this.db.transaction(async (tx) => {
      const cust = await this.upsertCustomer(tx as unknown as Db, auth.user.id, customer);
      const [q] = await tx
        .insert(quotations)
        .values({
          ownerId: auth.user.id,
          customerId: cust.id,
          customer: customerSnapshot(cust),
          ...this.pricedValues(priced),
          notes: customer.notes,
          consent: true,
          sustainability,
          clientKey: clientKey ?? null,
        })
        .returning();
      return q!;
    });
    const issued = await this.issueCodeIfDue(row);
    this.renderPdfLater(issued.id, issued.version);
    return this.present(auth, issued);
  }

  /** Step 3 of the tracker: the quotation gets its code once the credit-check answers are recorded. */
  private async issueCodeIfDue(row: QuotationRow): Promise<QuotationRow> {
    const answered = row.sustainability && Object.keys(row.sustainability.answers ?? {}).length > 0;
    if (row.code || !answered) return row;
    const [updated] = await this.db
      .update(quotations)
      .set({ code: String(CODE_BASE + row.id) })
      .where(and(eq(quotations.id, row.id), sql`${quotations.code} is null`))
      .returning();
    return updated ?? row;
  }

  async updateProposal(auth: AuthContext, id: string, body: ProposalUpdate): Promise<Proposal> {
    const row = await this.find(auth, id);
    const patch: Partial<typeof quotations.$inferInsert> = {};
    const hasCustomer = ['first_name', 'last_name', 'email', 'phone', 'fiscal_code', 'zip_code', 'address', 'city', 'employee_category', 'vat_number', 'business_name', 'notes'].some(
      (k) => (body as Record<string, unknown>)[k] !== undefined,
    );
    let category = row.customer.employee_category as ContractualCategory;
    // The spec: customer data cannot be edited after confirmation, i.e. once the quotation has its code.
    if (hasCustomer && !row.code) {
      const offerType = await this.offerCustomerType(auth, row.offerRef);
      const merged = { ...fromSnapshot(row.customer), ...stripUndefined(body), employee_category: body.employee_category ?? body.contractual_category ?? row.customer.employee_category };
      const c = this.checkCustomer(ProposalCustomerSchema, merged, offerType);
      const cust = await this.upsertCustomer(this.db, row.ownerId, c);
      patch.customerId = cust.id;
      patch.customer = customerSnapshot(cust);
      patch.notes = c.notes;
      category = c.employee_category;
    } else if (body.contractual_category !== undefined && !ContractualCategorySchema.safeParse(body.contractual_category).success) {
      throw proposalError('Contractual category not valid', { contractual_category: [PROPOSAL_ERRORS['Contractual category not valid']] });
    }
    if (body.sustainability !== undefined) patch.sustainability = this.sustainabilityOf(body.sustainability, category);
    // The price is fixed when the proposal is made: a different rate is a new proposal (docs/pricing.md).
    if (body.newMonthlyRate != null && toCents(body.newMonthlyRate) !== toCents(row.price)) {
      const message = rateMismatchMessage(formatEuro(body.newMonthlyRate), formatEuro(row.price));
      throw new AppError(422, message, { newMonthlyRate: [message] }, 'Rate mismatch');
    }
    const pdfChanges = patch.customerId !== undefined;
    if (pdfChanges) {
      patch.version = row.version + 1;
      patch.pdfPath = null;
    }
    const [updated] = await this.db
      .update(quotations)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(quotations.id, row.id))
      .returning();
    const issued = await this.issueCodeIfDue(updated!);
    if (pdfChanges) this.renderPdfLater(issued.id, issued.version);
    return this.present(auth, issued);
  }

  async getProposal(auth: AuthContext, id: string): Promise<Proposal> {
    return this.present(auth, await this.find(auth, id));
  }

  /** By proposal id or quotation code, within the caller's scope; anything else is 404. */
  async find(auth: AuthContext, id: string): Promise<QuotationRow> {
    const owners = await this.scope(auth);
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
    return this.present(auth, updated!);
  }

  // ----------------------------------------------------------------------------- quote form

  async createQuote(auth: AuthContext, body: QuotePayload, clientKey?: string): Promise<string> {
    const done = await this.createdWith(auth, clientKey);
    if (done?.code) return done.code;
    const priced = await this.priced(auth, body.code, { accessories: body.accessories, colors: body.colors, services: body.additionalServices, monthlyRate: body.monthly_rate ?? body.selectedPrice });
    const customer = this.checkCustomer(QuoteCustomerSchema, { ...body, business_name: body.business_name || body.company_name || '', notes: body.notes ?? body.note ?? '' }, priced.row.o.customerType);
    const full = { ...customer, address: '', city: '' };
    const row = await this.db.transaction(async (tx) => {
      const cust = await this.upsertCustomer(tx as unknown as Db, auth.user.id, full);
      const [q] = await tx
        .insert(quotations)
        .values({
          ownerId: auth.user.id,
          customerId: cust.id,
          customer: customerSnapshot(cust),
          kind: 'quote',
          ...this.pricedValues(priced),
          notes: customer.notes,
          clientKey: clientKey ?? null,
        })
        .returning();
      const [withCode] = await tx.update(quotations).set({ code: String(CODE_BASE + q!.id) }).where(eq(quotations.id, q!.id)).returning();
      return withCode!;
    });
    this.renderPdfLater(row.id, row.version);
    return row.code!;
  }

  async updateQuote(auth: AuthContext, code: string, body: Record<string, unknown>): Promise<Proposal> {
    const row = await this.find(auth, code);
    // §4: the quote form is not editable once confirmed (credit check recorded, or accepted or rejected).
    if (!isQuoteEditable({ kind: row.kind, status: row.status, sustainabilityAnswers: row.sustainability?.answers ?? null })) {
      throw new AppError(422, QUOTE_LOCKED_MESSAGE, { _: [QUOTE_LOCKED_MESSAGE] });
    }
    const offerType = await this.offerCustomerType(auth, row.offerRef);
    const merged = { ...fromSnapshot(row.customer), ...stripUndefined(body) };
    const c = this.checkCustomer(QuoteCustomerSchema, merged, offerType);
    const cust = await this.upsertCustomer(this.db, row.ownerId, { ...c, address: row.customer.address, city: row.customer.city });
    const [updated] = await this.db
      .update(quotations)
      .set({ customerId: cust.id, customer: customerSnapshot(cust), notes: c.notes, version: row.version + 1, pdfPath: null, updatedAt: new Date() })
      .where(eq(quotations.id, row.id))
      .returning();
    this.renderPdfLater(updated!.id, updated!.version);
    return this.present(auth, updated!);
  }

  // ----------------------------------------------------------------------------- documents

  async upload(auth: AuthContext, quotationCode: string, fileType: string, file: { filename: string; data: Buffer }, clientKey?: string): Promise<Proposal> {
    const row = await this.find(auth, quotationCode);
    if (clientKey) {
      const [stored] = await this.db.select({ id: quotationDocuments.id }).from(quotationDocuments).where(and(eq(quotationDocuments.quotationId, row.id), eq(quotationDocuments.clientKey, clientKey)));
      if (stored) return this.present(auth, row);
    }
    if (!row.code) throw invalid({ quotation: ['Il preventivo non ha ancora un codice: completa il credit check'] });
    const slots = documentSlots(row.customer.employee_category as ContractualCategory);
    if (!slots.some((s) => s.file_type === fileType)) throw invalid({ file_type: ['Tipo di documento non previsto per questo cliente'] });
    if (!(await this.stillValid(row))) throw invalid({ quotation: [EXPIRED_OFFER_MESSAGE] }, EXPIRED_OFFER_MESSAGE);
    // By content, never by name or declared type: a PDF starts with %PDF- (within the first KB, as readers allow).
    if (!isPdf(file.data)) throw invalid({ file: ['Il file deve essere un PDF'] }, 'Il file deve essere un PDF');
    assertSafePdf(file.data);
    await assertDocumentRoom(this.db, row.id);
    const storedName = `${randomBytes(16).toString('hex')}.pdf`;
    const dir = path.join(this.dataDir, 'uploads', 'quotations');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, storedName), file.data);
    const name = path.basename(file.filename || 'documento.pdf').slice(0, 120);
    await this.db.insert(quotationDocuments).values({ quotationId: row.id, fileType, name, storedName, size: file.data.length, clientKey: clientKey ?? null });
    return this.present(auth, row);
  }

  // ----------------------------------------------------------------------------- PDF

  async pdf(auth: AuthContext, id: string): Promise<Buffer | null> {
    const row = await this.find(auth, id);
    if (!row.pdfPath) return null;
    return readFile(path.join(this.dataDir, row.pdfPath));
  }

  /** Rendered after the response; when done, every server process hears it through NOTIFY. */
  renderPdfLater(id: number, version: number) {
    const job = this.renderPdf(id, version)
      .catch((err: unknown) => this.log.error({ err, id }, 'proposal pdf failed'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  async renderPdf(id: number, version: number) {
    const [row] = await this.db.select().from(quotations).where(eq(quotations.id, id));
    if (!row || row.version !== version) return;
    const [agent] = await this.db.select().from(users).where(eq(users.id, row.ownerId));
    const offerRows = row.offerId
      ? await this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId))
      : [];
    const buf = await renderProposalPdf({ row, customer: row.customer, agent: agent!, offer: offerRows[0] ?? null });
    const rel = path.join('proposals', `${row.id}-${row.version}-${randomBytes(6).toString('hex')}.pdf`);
    await mkdir(path.join(this.dataDir, 'proposals'), { recursive: true });
    await writeFile(path.join(this.dataDir, rel), buf);
    const done = await this.db
      .update(quotations)
      .set({ pdfPath: rel })
      .where(and(eq(quotations.id, id), eq(quotations.version, version)))
      .returning({ id: quotations.id });
    if (done.length) await this.database.notify(PDF_CHANNEL, String(id));
  }

  // ----------------------------------------------------------------------------- presentation

  /** False when the offer behind the quotation changed after it was made, or is gone. */
  async stillValid(row: QuotationRow): Promise<boolean> {
    if (!row.offerId) return false;
    const [o] = await this.db
      .select({ updatedAt: offers.updatedAt, deletedAt: offers.deletedAt, ref: offerVariations.ref })
      .from(offers)
      .leftJoin(offerVariations, and(eq(offerVariations.offerId, offers.id), eq(offerVariations.ref, row.offerRef)))
      .where(eq(offers.id, row.offerId));
    return Boolean(o && !o.deletedAt && o.ref && o.updatedAt.getTime() <= row.createdAt.getTime());
  }

  async present(auth: AuthContext, row: QuotationRow): Promise<Proposal> {
    const [docs, offerRows, [agent], valid] = await Promise.all([
      this.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, row.id)).orderBy(quotationDocuments.id),
      row.offerId ? this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId)) : Promise.resolve([]),
      this.db.select().from(users).where(eq(users.id, row.ownerId)),
      this.stillValid(row),
    ]);
    // The customer as the quotation was made for them, not today's record (issue 16).
    const customer = toCustomer(row.customer);
    const slots = documentSlots(customer.employee_category).map((s) => ({
      file_type: s.file_type,
      title: s.title,
      description: s.description,
      link: s.template,
      files: docs.filter((d) => d.fileType === s.file_type).map((d) => ({ id: d.id, name: d.name, file_type: d.fileType, size: d.size, created_at: d.createdAt.toISOString() })),
    }));
    const hasAttachments = docs.length > 0;
    const o = offerRows[0];
    const seller = auth.can('fees-visibility');
    const step = trackerStep({ sustainabilityAnswers: row.sustainability?.answers ?? null, code: row.code, hasAttachments, status: row.status });
    return {
      id: row.id,
      kind: row.kind,
      number: row.id,
      title: proposalTitle(row.id),
      has_pdf: row.pdfPath !== null,
      stillValid: valid,
      expiredMessage: valid ? null : EXPIRED_OFFER_MESSAGE,
      status: row.status,
      step,
      created_at: row.createdAt.toISOString(),
      quotation: {
        data: {
          code: row.code,
          offer: {
            ref: row.offerRef,
            code: o?.o.code ?? '',
            brand: o?.c.brand ?? '',
            model: o?.c.model ?? '',
            version: o?.c.version ?? '',
            image: o?.o.image ?? '',
            tag: o?.o.tag ?? null,
            customerType: o?.o.customerType ?? (customer.employee_type === 'BUSINESS' ? 'piva' : 'privati'),
            broker: o?.o.broker ?? '',
            product: o?.o.product ?? '',
          },
          attachments: slots,
          hasAttachments,
        },
      },
      price: row.price,
      base_price: row.basePrice,
      deposit: row.deposit,
      duration: row.duration,
      distance: row.distance,
      bundle: row.bundle,
      selectedServices: row.services,
      equippedOptionals: o?.o.equippedOptionals ?? '',
      accessories: row.accessories,
      offer_color: row.color,
      notes: row.notes,
      commission: seller ? row.commission : null,
      original_commission: seller ? row.originalCommission : null,
      newMonthlyRate: row.newMonthlyRate,
      customer,
      sustainability: row.sustainability,
      contractual_category: customer.employee_category,
      fiscal_code: customer.fiscal_code,
      agent: { name: agent?.name ?? '', business_name: agent?.businessName ?? '' },
    };
  }
}

export function isPdf(buf: Buffer): boolean {
  const head = buf.subarray(0, 1024).toString('latin1');
  return head.indexOf('%PDF-') >= 0 && buf.subarray(-1024).toString('latin1').includes('%%EOF');
}

const stripUndefined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function fromSnapshot(c: CustomerSnapshot): Record<string, unknown> {
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    phone: c.phone,
    fiscal_code: c.fiscal_code,
    zip_code: c.zip_code,
    address: c.address,
    city: c.city,
    employee_category: c.employee_category,
    vat_number: c.vat_number,
    business_name: c.business_name,
    notes: c.notes,
  };
}

export function toCustomer(c: CustomerSnapshot): Customer {
  const category = c.employee_category as ContractualCategory;
  return {
    ...(fromSnapshot(c) as Omit<Customer, 'id' | 'employee_category' | 'employee_type' | 'employee_secondary_type' | 'category'>),
    id: c.id,
    employee_category: category,
    employee_type: c.employee_type,
    employee_secondary_type: c.employee_secondary_type,
    category: { code: category, description: CONTRACTUAL_CATEGORIES.find((x) => x.value === category)?.label ?? category },
  };
}
