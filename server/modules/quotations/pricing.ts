// A quotation's offer and price: always computed here from the offer as the detail shows it (docs/pricing.md).
import { formatEuro } from '@core/format';
import { toCents, toEuros } from '@core/money';
import { effectiveRate } from '@core/pricing';
import { rateMismatchMessage } from '@core/quotation';
import type { OfferPreview } from '@core/schemas/quotations';
import { type OfferLine } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { AppError, invalid } from '../../lib/errors';
import { configurationErrors, OfferDetailService, priceFor } from '../offers/detail';
import { type Choice, OFFER_GONE } from './shared';

export type Priced = Awaited<ReturnType<QuotationPricing['priced']>>;

export class QuotationPricing {
  constructor(private readonly offerDetails: OfferDetailService) {}

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
  async priced(auth: AuthContext, ref: string, choice: Choice) {
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
  pricedValues(p: Priced) {
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
  async offerCustomerType(auth: AuthContext, ref: string) {
    const row = await this.offerDetails.load(auth, ref);
    if (!row) throw invalid({ offer: [OFFER_GONE] }, OFFER_GONE);
    return row.o.customerType;
  }
}
