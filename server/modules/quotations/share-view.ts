// What the two sides of a customer's link show (share.ts): the customer's view of the proposal, without
// commission, notes or anything of other quotations, and a link as the agent's panel lists it.
import { and, eq, sql } from 'drizzle-orm';
import type { ContractualCategory } from '@core/categories';
import { isAllowedLevel } from '@core/features';
import { documentSlots, proposalTitle } from '@core/quotation';
import type { PublicProposal, QuotationShare } from '@core/schemas/share';
import { proposalValidUntil, shareState } from '@core/share';
import type { Db } from '../../db/client';
import { cars, offers, quotationDocuments, quotationShares, userFeatures, users } from '../../db/schema';
import { logoUrl } from '../agents/profile';
import type { ProposalPresenter } from './presenter';
import type { QuotationRow } from './shared';

export type ShareRow = typeof quotationShares.$inferSelect;
export type ShareResolved = { share: ShareRow; row: QuotationRow; owner: typeof users.$inferSelect };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function offerOf(db: Db, row: QuotationRow) {
  if (!row.offerId) return null;
  const [o] = await db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId));
  return o ?? null;
}

/** What the customer sees: the proposal without commission, notes or anything of other quotations. */
export async function customerView(db: Db, presenter: Pick<ProposalPresenter, 'stillValid'>, { row, owner }: ShareResolved): Promise<PublicProposal> {
  const [docs, offer, features, accepted, stillValid] = await Promise.all([
    db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, row.id)).orderBy(quotationDocuments.id),
    offerOf(db, row),
    db.select().from(userFeatures).where(eq(userFeatures.userId, owner.id)),
    db
      .select({ name: quotationShares.acceptedName, at: quotationShares.acceptedAt, channel: quotationShares.acceptedChannel })
      .from(quotationShares)
      .where(and(eq(quotationShares.quotationId, row.id), sql`${quotationShares.acceptedAt} is not null`))
      .orderBy(quotationShares.acceptedAt)
      .limit(1),
    presenter.stillValid(row),
  ]);
  const can = (slug: string) => isAllowedLevel(features.find((f) => f.slug === slug)?.level);
  const rebrand = can('rebrand');
  const theme = rebrand ? (owner.preferences?.find((p) => p.name === 'theme')?.value ?? 'default') : 'default';
  const customer = row.customer;
  const slots = documentSlots(customer.employee_category as ContractualCategory).map((s) => ({
    file_type: s.file_type,
    title: s.title,
    description: s.description,
    link: s.template,
    files: docs.filter((d) => d.fileType === s.file_type).map((d) => ({ name: d.name, size: d.size, created_at: d.createdAt.toISOString() })),
  }));
  const documentsRequired = can('strict-upload');
  const acceptance = accepted[0]?.at ? { name: accepted[0].name ?? '', accepted_at: accepted[0].at.toISOString(), signed: accepted[0].channel !== null } : null;
  const open = row.status !== 'LOST' && stillValid;
  const lines = (l: { description: string; price: number }[]) => l.map((x) => ({ description: x.description, price: x.price }));
  return {
    title: proposalTitle(row.id),
    code: row.code,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    valid_until: proposalValidUntil(row.createdAt).toISOString(),
    customer_name: customer.business_name || `${customer.first_name} ${customer.last_name}`.trim(),
    car: { brand: offer?.c.brand ?? '', model: offer?.c.model ?? '', version: offer?.c.version ?? '', image: offer?.o.image ?? '' },
    price: row.price,
    deposit: row.deposit,
    duration: row.duration,
    distance: row.distance,
    bundle: row.bundle,
    color: row.color ? { description: row.color.description, price: row.color.price } : null,
    accessories: lines(row.accessories),
    services: lines(row.services),
    equipped_optionals: offer?.o.equippedOptionals ?? '',
    still_valid: stillValid,
    pdf_ready: row.pdfPath !== null,
    documents: slots,
    documents_required: documentsRequired,
    // Uploads only while the proposal is open: not once accepted (docs/adr/0054-customer-link-uploads.md).
    can_upload: open && row.status === 'OPEN' && row.code !== null,
    can_accept: open && row.status === 'OPEN' && !acceptance && (!documentsRequired || slots.every((s) => s.files.length > 0)),
    acceptance,
    agent: {
      name: owner.name,
      business_name: owner.businessName,
      email: owner.email,
      phone: owner.phone,
      logo: rebrand ? logoUrl(owner) : null,
      theme: theme === 'dark' || theme === 'partner' ? theme : 'default',
    },
  };
}

/** A link as the agent's panel shows it. */
export function presentShare(s: ShareRow, documents: number, lastDocument: Date | null, now: Date): QuotationShare {
  return {
    id: s.id,
    client_key: s.clientKey,
    state: shareState(s, now),
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    revoked_at: iso(s.revokedAt),
    opened_at: iso(s.firstOpenedAt),
    last_opened_at: iso(s.lastOpenedAt),
    open_count: s.openCount,
    documents,
    last_document_at: iso(lastDocument),
    accepted_at: iso(s.acceptedAt),
    accepted_name: s.acceptedName,
    signature: s.acceptedChannel && s.acceptedPdfSha256 ? { channel: s.acceptedChannel, pdf_sha256: s.acceptedPdfSha256 } : null,
    emailed_at: iso(s.emailedAt),
  };
}
