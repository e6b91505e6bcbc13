// What the catalogue forms choose from: delivery times, brokers, products and services.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Broker, DeliveryTime, Product, Service } from '@core/schemas/catalog';
import type { Db } from '../../../db/client';
import { brokers, deliveryTimes, products, productServices, services } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { type Scope, sharedOr } from '../scope';

export class LookupsService {
  constructor(private readonly db: Db) {}

  // ---- lookups ----------------------------------------------------------------------------

  async deliveryTimes(): Promise<DeliveryTime[]> {
    return this.db.select().from(deliveryTimes).orderBy(asc(deliveryTimes.days));
  }

  async brokers(s: Scope): Promise<Broker[]> {
    const rows = await this.db
      .select()
      .from(brokers)
      .where(and(sharedOr(brokers, s), isNull(brokers.deletedAt)))
      .orderBy(asc(brokers.name));
    return rows.map((b) => ({ code: b.code, name: b.name, logo: b.logo, kind: b.kind, own: b.ownerUserId !== null || b.ownerGroup !== null }));
  }

  async visibleBroker(s: Scope, code: string) {
    const [row] = await this.db
      .select()
      .from(brokers)
      .where(and(eq(brokers.code, code), sharedOr(brokers, s), isNull(brokers.deletedAt)));
    return row ?? null;
  }

  async products(s: Scope, provider: string | undefined): Promise<Product[]> {
    const visible = await this.brokers(s);
    const codes = provider ? visible.filter((b) => b.code === provider).map((b) => b.code) : visible.map((b) => b.code);
    if (codes.length === 0) return [];
    const rows = await this.db
      .select()
      .from(products)
      .where(and(inArray(products.brokerCode, codes), sharedOr(products, s), isNull(products.deletedAt)))
      .orderBy(asc(products.name));
    return rows.map((p) => ({
      id: p.id,
      code: p.code,
      provider: p.brokerCode,
      name: p.name,
      description: p.description,
      own: p.ownerUserId !== null || p.ownerGroup !== null,
    }));
  }

  async services(): Promise<Service[]> {
    const rows = await this.db.select().from(services).orderBy(asc(services.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.code,
      description: r.description || 'price al mese',
      additional_text: '',
      icon: r.icon,
      price: 0,
      franchise: null,
      included: false,
      has_price_map: false,
      min_quantity: null,
      max_quantity: null,
      quantity: null,
      price_map: null,
    }));
  }

  async defaultServices(s: Scope, product: string, broker: string): Promise<Service[]> {
    const [p] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.code, product), eq(products.brokerCode, broker), sharedOr(products, s)));
    if (!p) throw notFound();
    const rows = await this.db
      .select({ s: services, ps: productServices })
      .from(productServices)
      .innerJoin(services, eq(services.id, productServices.serviceId))
      .where(eq(productServices.productId, p.id))
      .orderBy(asc(services.id));
    return rows.map(({ s: sv, ps }) => ({
      id: sv.id,
      name: sv.name,
      slug: sv.code,
      description: sv.description || 'price al mese',
      additional_text: '',
      icon: sv.icon,
      price: ps.price,
      franchise: ps.franchise,
      included: ps.included,
      has_price_map: ps.hasPriceMap,
      min_quantity: ps.minQuantity,
      max_quantity: ps.maxQuantity,
      quantity: ps.quantity,
      price_map: ps.priceMap ?? null,
    }));
  }
}
