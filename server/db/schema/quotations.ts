// Customers, quotations (one row per proposal) and their documents (spec §3).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContractualCategory } from '@core/categories';
import type { Customer, Sustainability } from '@core/schemas/quotations';
import { offers } from './offers';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A customer belongs to the agent who entered it; one row per agent and fiscal code. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    fiscalCode: text('fiscal_code').notNull(),
    zipCode: text('zip_code').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    employeeCategory: text('employee_category').notNull(),
    employeeType: text('employee_type', { enum: ['PRIVATE', 'BUSINESS'] }).notNull(),
    employeeSecondaryType: text('employee_secondary_type', { enum: ['PRIVATE', 'BUSINESS'] }).notNull(),
    vatNumber: text('vat_number').notNull().default(''),
    businessName: text('business_name').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('customers_owner_fc_idx').on(t.ownerId, t.fiscalCode),
    index('customers_vat_idx').on(t.vatNumber),
    index('customers_owner_created_idx').on(t.ownerId, t.createdAt),
  ],
);

export type OfferLine = { code: string; description: string; price: number };

/**
 * The customer as they were when the quotation was made (or last edited while it still could be):
 * the customer record may change later (a later quotation with the same fiscal code), the quotation
 * never does. Screens, API, PDF and export of a quotation all read this, never the customer row.
 */
export type CustomerSnapshot = Omit<Customer, 'category'>;

/** A customer row as the quotation keeps it (schema/quotations.ts CustomerSnapshot). */
export const customerSnapshot = (c: typeof customers.$inferSelect): CustomerSnapshot => ({
  id: c.id,
  first_name: c.firstName,
  last_name: c.lastName,
  email: c.email,
  phone: c.phone,
  fiscal_code: c.fiscalCode,
  zip_code: c.zipCode,
  address: c.address,
  city: c.city,
  employee_category: c.employeeCategory as ContractualCategory,
  employee_type: c.employeeType,
  employee_secondary_type: c.employeeSecondaryType,
  vat_number: c.vatNumber,
  business_name: c.businessName,
  notes: c.notes,
});

/**
 * A quotation: created as a proposal by the wizard (code null until the credit check is recorded)
 * or directly with a code by the quote form. The proposal number is the id.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    code: text('code').unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    customer: jsonb('customer').$type<CustomerSnapshot>().notNull(),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    offerRef: text('offer_ref').notNull(),
    status: text('status', { enum: ['OPEN', 'WON', 'LOST'] })
      .notNull()
      .default('OPEN'),
    kind: text('kind', { enum: ['proposal', 'quote'] })
      .notNull()
      .default('proposal'),
    /** Monthly rate computed by the server (base + extras + services), euros. */
    price: money('price').notNull(),
    basePrice: money('base_price').notNull(),
    deposit: integer('deposit').notNull(),
    duration: integer('duration').notNull(),
    distance: integer('distance').notNull(),
    bundle: text('bundle'),
    services: jsonb('services')
      .$type<OfferLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    accessories: jsonb('accessories')
      .$type<OfferLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    color: jsonb('color').$type<OfferLine | null>(),
    notes: text('notes').notNull().default(''),
    commission: money('commission'),
    originalCommission: money('original_commission'),
    newMonthlyRate: money('new_monthly_rate'),
    consent: boolean('consent').notNull().default(false),
    sustainability: jsonb('sustainability').$type<Sustainability | null>(),
    pdfPath: text('pdf_path'),
    /** Bumped by every change the PDF shows; a PDF rendered for an older version is not kept. */
    version: integer('version').notNull().default(1),
    /** The Idempotency-Key of the request that created it, written in the same transaction (see lib/idempotency). */
    clientKey: text('client_key'),
    ...stamps,
  },
  (t) => [
    // Status and commission ride along so the dashboard figures are index-only scans (bench/results-api.md).
    index('quotations_owner_idx').on(t.ownerId, t.createdAt, t.status, t.commission),
    // Newest first across a whole network: the list pages walk this backwards.
    index('quotations_created_idx').on(t.createdAt, t.id),
    index('quotations_customer_idx').on(t.customerId),
    uniqueIndex('quotations_client_key_idx').on(t.ownerId, t.clientKey),
    // The PDF sweeper walks the quotations still without a PDF, newest first (modules/quotations/pdf-jobs.ts).
    index('quotations_without_pdf_idx')
      .on(t.id)
      .where(sql`${t.pdfPath} is null`),
  ],
);

/**
 * The customer's links to a quotation (docs/adr/0133-customer-link.md): only the token's SHA-256 is kept (the token itself
 * is made on the agent's device and shown there). A link ends at the proposal's validity or when
 * revoked; it records what the customer did through it, acceptance included (time, IP, user agent).
 */
export const quotationShares = pgTable(
  'quotation_shares',
  {
    id: serial('id').primaryKey(),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The Idempotency-Key of the request that created it: a replay finds it, and the device its token. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    openCount: integer('open_count').notNull().default(0),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedName: text('accepted_name'),
    acceptedConsent: boolean('accepted_consent'),
    acceptedIp: text('accepted_ip'),
    acceptedUserAgent: text('accepted_user_agent'),
    /**
     * The signature's audit (docs/adr/0060-signing-with-a-one-time-code.md): how the one-time code travelled
     * ('email'), where to, and the PDF the customer signed (its file store key and SHA-256, hex). Null for an
     * acceptance from before the code.
     */
    acceptedChannel: text('accepted_channel', { enum: ['email'] }),
    acceptedSentTo: text('accepted_sent_to'),
    acceptedPdfKey: text('accepted_pdf_key'),
    acceptedPdfSha256: text('accepted_pdf_sha256'),
  },
  (t) => [index('quotation_shares_q_idx').on(t.quotationId), uniqueIndex('quotation_shares_client_key_idx').on(t.quotationId, t.clientKey)],
);

/**
 * One-time codes to sign through a customer's link (docs/adr/0060): only a salted hash of the code is kept,
 * with the PDF it signs (the quotation's PDF when it was sent), its life and its tries. The newest code of a
 * link is the one that counts.
 */
export const shareCodes = pgTable(
  'share_codes',
  {
    id: serial('id').primaryKey(),
    shareId: integer('share_id')
      .notNull()
      .references(() => quotationShares.id, { onDelete: 'cascade' }),
    /** `salt$sha256(salt:code)`, base64url. */
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['email'] })
      .notNull()
      .default('email'),
    sentTo: text('sent_to').notNull(),
    pdfKey: text('pdf_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('share_codes_share_idx').on(t.shareId, t.id)],
);

/** Documents uploaded to a quotation, one or more per slot (file_type). */
export const quotationDocuments = pgTable(
  'quotation_documents',
  {
    id: serial('id').primaryKey(),
    quotationId: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    fileType: text('file_type').notNull(),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull(),
    size: integer('size').notNull(),
    /** The Idempotency-Key of the upload that stored it (see quotations.clientKey). */
    clientKey: text('client_key'),
    /** Uploaded by the customer through this link (null: by the agent). */
    shareId: integer('share_id').references(() => quotationShares.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quotation_documents_q_idx').on(t.quotationId), uniqueIndex('quotation_documents_client_key_idx').on(t.quotationId, t.clientKey)],
);

/**
 * The proposal PDF to render for a quotation's current version: a durable job (docs/adr/0131-proposal-pdf-jobs.md). Any server
 * process claims a queued job, or a running one whose lease ran out (its process died), with an atomic
 * UPDATE over SELECT ... FOR UPDATE SKIP LOCKED; a new version of the quotation queues it again.
 */
export const proposalPdfJobs = pgTable(
  'proposal_pdf_jobs',
  {
    quotationId: integer('quotation_id')
      .primaryKey()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Queued by the sweep, not by a write nobody waits on: taken after the jobs of writes (modules/quotations/pdf-jobs.ts). */
    background: boolean('background').notNull().default(false),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * The database session that claimed it (pg_stat_activity's pid and backend_start): once that session
     * is gone, its process died and the job is taken again without waiting for the lease.
     */
    holderPid: integer('holder_pid'),
    holderStart: timestamp('holder_start', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('proposal_pdf_jobs_pending_idx').on(t.state, t.updatedAt)],
);
