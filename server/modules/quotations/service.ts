import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { categoryInfo, type ContractualCategory, ContractualCategorySchema, CONTRACTUAL_CATEGORIES } from '@core/categories';
import { toEuros } from '@core/money';
import { applyServiceOverrides, effectiveRate, monthlyRate } from '@core/pricing';
import { evaluate } from '@core/prescoring';
import { categoryAllowedFor, documentSlots, EXPIRED_OFFER_MESSAGE, PROPOSAL_ERRORS, type ProposalErrorCode, proposalTitle, type QuotationStatus, trackerStep } from '@core/quotation';
import { isQuoteEditable, QUOTE_LOCKED_MESSAGE } from '@core/quote-form';
import { ProposalCustomerSchema, QuoteCustomerSchema } from '@core/schemas/customer';
import type { Customer, OfferPreview, Proposal, ProposalSaveSchema, ProposalUpdateSchema, QuotePayloadSchema, Sustainability } from '@core/schemas/quotations';
import { MESSAGES } from '@core/i18n-messages';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { carOptions, cars, customers, offers, offerServices, offerVariations, type OfferLine, productServices, products, quotationDocuments, quotations, services, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { AppError, invalid, notFound, type FieldErrors } from '../../lib/errors';
import { renderProposalPdf } from './pdf';

export const PDF_CHANNEL = 'proposal_pdf';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const COLOUR_GROUP = 'Vernici';
/** Quotation codes are 8 digits: 10000000 + the proposal number, so a code never reads as a proposal id below 10 million. */
const CODE_BASE = 10_000_000;

type ProposalSave = z.output<typeof ProposalSaveSchema>;
type ProposalUpdate = z.output<typeof ProposalUpdateSchema>;
type QuotePayload = z.output<typeof QuotePayloadSchema>;
type QuotationRow = typeof quotations.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

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

  constructor(
    private readonly database: Database,
    private readonly dataDir: string,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {
    this.db = database.db;
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
    return toCustomer(row);
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

  /** What the wizard shows of the offer it starts from (car, price, customer type). */
  async offerPreview(auth: AuthContext, ref: string): Promise<OfferPreview> {
    const o = await this.loadOffer(auth, ref);
    return {
      ref: o.v.ref,
      code: o.o.code,
      brand: o.c.brand,
      model: o.c.model,
      version: o.c.version,
      image: o.o.image,
      tag: o.o.tag,
      customerType: o.o.customerType,
      monthly_rate: o.v.rate,
      deposit: o.v.deposit,
      duration: o.v.duration,
      distance: o.v.distance,
      bundle: o.v.bundle,
      equippedOptionals: o.o.equippedOptionals,
      commission: auth.can('fees-visibility') ? o.o.potentialProfit : null,
    };
  }

  private async loadOffer(auth: AuthContext, ref: string) {
    const [row] = await this.db
      .select({ v: offerVariations, o: offers, c: cars, productId: products.id })
      .from(offerVariations)
      .innerJoin(offers, eq(offers.id, offerVariations.offerId))
      .innerJoin(cars, eq(cars.id, offers.carId))
      .innerJoin(products, eq(products.code, offers.product))
      .where(
        and(
          eq(offerVariations.ref, ref),
          sql`${offers.deletedAt} is null and ((${offers.ownerUserId} is null and ${offers.ownerGroup} is null) or ${offers.ownerUserId} = ${auth.user.id} or ${offers.ownerGroup} = ${auth.user.groupCode || null})`,
        ),
      );
    if (!row) throw invalid({ offer: ['L’offerta selezionata non è più disponibile'] }, 'L’offerta selezionata non è più disponibile');
    return row;
  }

  /** Prices are always recomputed here from the catalogue (core/pricing.ts); the client's figures are not trusted. */
  private async price(offer: Awaited<ReturnType<QuotationsService['loadOffer']>>, sel: { accessories: string[]; colors: string[]; services: string[] }) {
    const codes = [...sel.accessories, ...sel.colors];
    const opts = codes.length ? await this.db.select().from(carOptions).where(and(eq(carOptions.carId, offer.c.id), inArray(carOptions.code, codes))) : [];
    const accessories = opts.filter((o) => o.group !== COLOUR_GROUP && sel.accessories.includes(o.code));
    const color = opts.find((o) => o.group === COLOUR_GROUP && sel.colors.includes(o.code)) ?? null;
    const svcRows = await this.db
      .select({ ps: productServices, s: services })
      .from(productServices)
      .innerJoin(services, eq(services.id, productServices.serviceId))
      .where(eq(productServices.productId, offer.productId));
    // The offer's service choices (catalogue price override and quantity) apply: core/pricing.ts.
    const overrides = await this.db.select({ id: offerServices.serviceId, price: offerServices.price, quantity: offerServices.quantity }).from(offerServices).where(eq(offerServices.offerId, offer.o.id));
    const offered = applyServiceOverrides(
      svcRows.map((r) => ({ id: r.s.id, code: r.s.code, name: r.s.name, price: r.ps.price, included: r.ps.included, quantity: r.ps.quantity, min_quantity: r.ps.minQuantity, max_quantity: r.ps.maxQuantity, has_price_map: r.ps.hasPriceMap, price_map: r.ps.priceMap })),
      overrides,
    );
    const chosen = offered.filter((r) => r.included || sel.services.includes(r.code));
    const base = effectiveRate({ monthly_rate: offer.v.monthlyRate, special_rate: offer.v.specialRate, special_price: offer.v.specialPrice });
    const breakdown = monthlyRate({
      baseRate: base,
      durationMonths: offer.v.duration,
      accessories: accessories.map((a) => ({ price: a.price })),
      colors: color ? [{ price: color.price }] : [],
      services: chosen,
      tag: offer.o.tag,
      offer: { deposit: offer.v.deposit, distance: offer.v.distance },
    });
    const line = (code: string, description: string, price: number): OfferLine => ({ code, description, price });
    return {
      price: toEuros(breakdown.total),
      basePrice: base,
      accessories: accessories.map((a) => line(a.code, a.description, a.price)),
      color: color ? line(color.code, color.description, color.price) : null,
      services: chosen.map((r) => line(r.code, r.name, r.included ? 0 : r.price)),
    };
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
    const offer = await this.loadOffer(auth, body.offer);
    const customer = this.checkCustomer(ProposalCustomerSchema, body, offer.o.customerType);
    if (!body.consent) throw invalid({ consent: ['Il consenso è obbligatorio per proseguire'] });
    const priced = await this.price(offer, { accessories: body.accessories, colors: body.colors, services: body.additionalServices });
    const sustainability = this.sustainabilityOf(body.sustainability, customer.employee_category);
    const row = await this.db.transaction(async (tx) => {
      const cust = await this.upsertCustomer(tx as unknown as Db, auth.user.id, customer);
      const [q] = await tx
        .insert(quotations)
        .values({
          ownerId: auth.user.id,
          customerId: cust.id,
          offerId: offer.o.id,
          offerRef: offer.v.ref,
          price: priced.price,
          basePrice: priced.basePrice,
          deposit: offer.v.deposit,
          duration: offer.v.duration,
          distance: offer.v.distance,
          bundle: offer.v.bundle,
          services: priced.services,
          accessories: priced.accessories,
          color: priced.color,
          notes: customer.notes,
          commission: offer.o.potentialProfit,
          originalCommission: offer.o.potentialProfit,
          newMonthlyRate: body.newMonthlyRate ?? null,
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
    const [custRow] = await this.db.select().from(customers).where(eq(customers.id, row.customerId));
    let category = custRow!.employeeCategory as ContractualCategory;
    // The spec: customer data cannot be edited after confirmation, i.e. once the quotation has its code.
    if (hasCustomer && !row.code) {
      const offer = await this.loadOffer(auth, row.offerRef);
      const merged = { ...fromCustomer(custRow!), ...stripUndefined(body), employee_category: body.employee_category ?? body.contractual_category ?? custRow!.employeeCategory };
      const c = this.checkCustomer(ProposalCustomerSchema, merged, offer.o.customerType);
      const cust = await this.upsertCustomer(this.db, row.ownerId, c);
      patch.customerId = cust.id;
      patch.notes = c.notes;
      category = c.employee_category;
    } else if (body.contractual_category !== undefined && !ContractualCategorySchema.safeParse(body.contractual_category).success) {
      throw proposalError('Contractual category not valid', { contractual_category: [PROPOSAL_ERRORS['Contractual category not valid']] });
    }
    if (body.sustainability !== undefined) patch.sustainability = this.sustainabilityOf(body.sustainability, category);
    if (body.newMonthlyRate !== undefined) patch.newMonthlyRate = body.newMonthlyRate;
    const pdfChanges = patch.customerId !== undefined || patch.newMonthlyRate !== undefined;
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
    const offer = await this.loadOffer(auth, body.code);
    const customer = this.checkCustomer(QuoteCustomerSchema, { ...body, business_name: body.business_name || body.company_name || '', notes: body.notes ?? body.note ?? '' }, offer.o.customerType);
    const priced = await this.price(offer, { accessories: body.accessories, colors: body.colors, services: [] });
    const full = { ...customer, address: '', city: '' };
    const row = await this.db.transaction(async (tx) => {
      const cust = await this.upsertCustomer(tx as unknown as Db, auth.user.id, full);
      const [q] = await tx
        .insert(quotations)
        .values({
          ownerId: auth.user.id,
          customerId: cust.id,
          offerId: offer.o.id,
          offerRef: offer.v.ref,
          kind: 'quote',
          price: priced.price,
          basePrice: priced.basePrice,
          deposit: offer.v.deposit,
          duration: offer.v.duration,
          distance: offer.v.distance,
          bundle: offer.v.bundle,
          services: priced.services,
          accessories: priced.accessories,
          color: priced.color,
          notes: customer.notes,
          commission: offer.o.potentialProfit,
          originalCommission: offer.o.potentialProfit,
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
    const [custRow] = await this.db.select().from(customers).where(eq(customers.id, row.customerId));
    const offer = await this.loadOffer(auth, row.offerRef);
    const merged = { ...fromCustomer(custRow!), ...stripUndefined(body) };
    const c = this.checkCustomer(QuoteCustomerSchema, merged, offer.o.customerType);
    const cust = await this.upsertCustomer(this.db, row.ownerId, { ...c, address: custRow!.address, city: custRow!.city });
    const [updated] = await this.db
      .update(quotations)
      .set({ customerId: cust.id, notes: c.notes, version: row.version + 1, pdfPath: null, updatedAt: new Date() })
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
    const [custRow] = await this.db.select().from(customers).where(eq(customers.id, row.customerId));
    const slots = documentSlots(custRow!.employeeCategory as ContractualCategory);
    if (!slots.some((s) => s.file_type === fileType)) throw invalid({ file_type: ['Tipo di documento non previsto per questo cliente'] });
    if (!(await this.stillValid(row))) throw invalid({ quotation: [EXPIRED_OFFER_MESSAGE] }, EXPIRED_OFFER_MESSAGE);
    // By content, never by name or declared type: a PDF starts with %PDF- (within the first KB, as readers allow).
    if (!isPdf(file.data)) throw invalid({ file: ['Il file deve essere un PDF'] }, 'Il file deve essere un PDF');
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
    const [cust] = await this.db.select().from(customers).where(eq(customers.id, row.customerId));
    const [agent] = await this.db.select().from(users).where(eq(users.id, row.ownerId));
    const offerRows = row.offerId
      ? await this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId))
      : [];
    const buf = await renderProposalPdf({ row, customer: cust!, agent: agent!, offer: offerRows[0] ?? null });
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
    const [[cust], docs, offerRows, [agent], valid] = await Promise.all([
      this.db.select().from(customers).where(eq(customers.id, row.customerId)),
      this.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, row.id)).orderBy(quotationDocuments.id),
      row.offerId ? this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId)) : Promise.resolve([]),
      this.db.select().from(users).where(eq(users.id, row.ownerId)),
      this.stillValid(row),
    ]);
    const customer = toCustomer(cust!);
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

function fromCustomer(c: CustomerRow): Record<string, unknown> {
  return {
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone: c.phone,
    fiscal_code: c.fiscalCode,
    zip_code: c.zipCode,
    address: c.address,
    city: c.city,
    employee_category: c.employeeCategory,
    vat_number: c.vatNumber,
    business_name: c.businessName,
    notes: c.notes,
  };
}

export function toCustomer(c: CustomerRow): Customer {
  const category = c.employeeCategory as ContractualCategory;
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone: c.phone,
    fiscal_code: c.fiscalCode,
    zip_code: c.zipCode,
    address: c.address,
    city: c.city,
    employee_category: category,
    employee_type: c.employeeType,
    employee_secondary_type: c.employeeSecondaryType,
    vat_number: c.vatNumber,
    business_name: c.businessName,
    notes: c.notes,
    category: { code: category, description: CONTRACTUAL_CATEGORIES.find((x) => x.value === category)?.label ?? category },
  };
}
