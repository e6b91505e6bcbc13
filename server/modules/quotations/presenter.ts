// A quotation as the API answers it (the spec's Proposal), and the checks of its offer.
import { and, eq } from 'drizzle-orm';
import { type ContractualCategory, CONTRACTUAL_CATEGORIES } from '@core/categories';
import { CUSTOMER_FIELDS, pickFields } from '@core/customer-fields';
import { documentSlots, EXPIRED_OFFER_MESSAGE, proposalTitle, trackerStep } from '@core/quotation';
import type { Customer, Proposal } from '@core/schemas/quotations';
import type { Db } from '../../db/client';
import { cars, type CustomerSnapshot, offers, offerVariations, quotationDocuments, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { canSeeOffer } from '@core/offer-visibility';
import { audienceOf, viewerOf } from '../offers/catalogue';
import type { QuotationRow } from './shared';

export class ProposalPresenter {
  constructor(private readonly db: Db) {}

  /**
   * False when the offer behind the quotation changed after it was made, or is gone: deleted, its child
   * offer removed, or no longer seen by the quotation's agent (core/offer-visibility.ts, unpublished included).
   */
  async stillValid(row: QuotationRow): Promise<boolean> {
    if (!row.offerId) return false;
    const [o] = await this.db
      .select({ offer: offers, ref: offerVariations.ref, agentGroup: users.groupCode })
      .from(offers)
      .innerJoin(users, eq(users.id, row.ownerId))
      .leftJoin(offerVariations, and(eq(offerVariations.offerId, offers.id), eq(offerVariations.ref, row.offerRef)))
      .where(eq(offers.id, row.offerId));
    if (!o?.ref || o.offer.updatedAt.getTime() > row.createdAt.getTime()) return false;
    return canSeeOffer(audienceOf(o.offer), viewerOf({ id: row.ownerId, groupCode: o.agentGroup }));
  }

  async present(auth: AuthContext, row: QuotationRow): Promise<Proposal> {
    const [docs, offerRows, [agent], valid] = await Promise.all([
      this.db.select().from(quotationDocuments).where(eq(quotationDocuments.quotationId, row.id)).orderBy(quotationDocuments.id),
      row.offerId
        ? this.db.select({ o: offers, c: cars }).from(offers).innerJoin(cars, eq(cars.id, offers.carId)).where(eq(offers.id, row.offerId))
        : Promise.resolve([]),
      this.db.select().from(users).where(eq(users.id, row.ownerId)),
      this.stillValid(row),
    ]);
    // The customer as the quotation was made for them, not today's record (docs/adr/0130-customers.md).
    const customer = toCustomer(row.customer);
    const slots = documentSlots(customer.employee_category).map((s) => ({
      file_type: s.file_type,
      title: s.title,
      description: s.description,
      link: s.template,
      files: docs
        .filter((d) => d.fileType === s.file_type)
        .map((d) => ({ id: d.id, name: d.name, file_type: d.fileType, size: d.size, created_at: d.createdAt.toISOString() })),
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

export const stripUndefined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function fromSnapshot(c: CustomerSnapshot) {
  return pickFields(c, CUSTOMER_FIELDS);
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
