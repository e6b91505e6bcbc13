// A network's own providers and products, with the services each product offers (feature provider-product).
import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { CATALOG_MESSAGES, slugify, productInUse, providerInUse } from '@core/catalog';
import type { ProductInput, ProductRow, ProductService, ProductServicesInput, Provider, ProviderInput } from '@core/schemas/catalog';
import type { Db } from '../../../db/client';
import { brokers, offers, products, productServices, services } from '../../../db/schema';
import { conflict, invalid, notFound } from '../../../lib/errors';
import { ownedBy, ownerValues, type Scope, token } from '../scope';
import type { LookupsService } from '../lookups/service';

export class ProvidersService {
  constructor(
    private readonly db: Db,
    private readonly lookups: LookupsService,
  ) {}

  // ---- providers and products -------------------------------------------------------------

  async providers(s: Scope): Promise<Provider[]> {
    const rows = await this.db
      .select({ b: brokers, n: sql<number>`(select count(*)::int from ${products} p where p.broker_code = "brokers"."code" and p.deleted_at is null)` })
      .from(brokers)
      .where(and(ownedBy(brokers, s), isNull(brokers.deletedAt)))
      .orderBy(asc(brokers.name));
    return rows.map(({ b, n }) => ({ id: b.id, code: b.code, name: b.name, logo: b.logo, products: Number(n) }));
  }

  async provider(s: Scope, id: number): Promise<Provider> {
    const found = (await this.providers(s)).find((p) => p.id === id);
    if (!found) throw notFound();
    return found;
  }

  async createProvider(s: Scope, input: ProviderInput): Promise<Provider> {
    const [row] = await this.db
      .insert(brokers)
      .values({
        code: `${slugify(input.name).slice(0, 40) || 'provider'}-${token(2).toLowerCase()}`,
        name: input.name,
        logo: input.logo,
        kind: 'provider',
        ...ownerValues(s),
      })
      .returning();
    return this.provider(s, row!.id);
  }

  async updateProvider(s: Scope, id: number, input: ProviderInput): Promise<Provider> {
    await this.provider(s, id);
    await this.db.update(brokers).set({ name: input.name, logo: input.logo, updatedAt: new Date() }).where(eq(brokers.id, id));
    return this.provider(s, id);
  }

  async productRows(s: Scope, id?: number): Promise<ProductRow[]> {
    const rows = await this.db
      .select({ p: products, provider: brokers.name })
      .from(products)
      .innerJoin(brokers, eq(brokers.code, products.brokerCode))
      .where(and(ownedBy(products, s), isNull(products.deletedAt), id ? eq(products.id, id) : undefined))
      .orderBy(asc(products.name));
    return rows.map(({ p, provider }) => ({
      id: p.id,
      code: p.code,
      provider: p.brokerCode,
      provider_name: provider,
      name: p.name,
      description: p.description,
    }));
  }

  async product(s: Scope, id: number): Promise<ProductRow> {
    const [row] = await this.productRows(s, id);
    if (!row) throw notFound();
    return row;
  }

  async createProduct(s: Scope, input: ProductInput): Promise<ProductRow> {
    if (!(await this.lookups.visibleBroker(s, input.provider))) throw invalid({ provider: [CATALOG_MESSAGES.providerInvalid] });
    const [row] = await this.db
      .insert(products)
      .values({
        code: `${input.provider.slice(0, 30)}-${slugify(input.name).slice(0, 30)}-${token(2).toLowerCase()}`,
        brokerCode: input.provider,
        name: input.name,
        description: input.description,
        ...ownerValues(s),
      })
      .returning();
    return this.product(s, row!.id);
  }

  async updateProduct(s: Scope, id: number, input: ProductInput): Promise<ProductRow> {
    const current = await this.product(s, id);
    if (!(await this.lookups.visibleBroker(s, input.provider))) throw invalid({ provider: [CATALOG_MESSAGES.providerInvalid] });
    // Offers point at the product's provider: moving a product used by offers would break them.
    if (input.provider !== current.provider) {
      const [used] = await this.db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.product, current.code), ne(offers.broker, input.provider)))
        .limit(1);
      if (used) throw invalid({ provider: [CATALOG_MESSAGES.providerInvalid] });
    }
    await this.db
      .update(products)
      .set({ name: input.name, description: input.description, brokerCode: input.provider, updatedAt: new Date() })
      .where(eq(products.id, id));
    return this.product(s, id);
  }

  /** Offers (not deleted) that use a provider or product: they block its deletion. */
  private async offersUsing(where: SQL): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(offers)
      .where(and(where, isNull(offers.deletedAt)));
    return Number(row?.n ?? 0);
  }

  /** Soft delete (offers, deleted ones too, keep pointing at it); refused while offers use it. */
  async deleteProvider(s: Scope, id: number) {
    const p = await this.provider(s, id);
    const used = await this.offersUsing(eq(offers.broker, p.code));
    if (used > 0) throw conflict(providerInUse(used));
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(products.brokerCode, p.code), isNull(products.deletedAt)));
      await tx.update(brokers).set({ deletedAt: now, updatedAt: now }).where(eq(brokers.id, id));
    });
  }

  async deleteProduct(s: Scope, id: number) {
    const p = await this.product(s, id);
    const used = await this.offersUsing(eq(offers.product, p.code));
    if (used > 0) throw conflict(productInUse(used));
    await this.db.update(products).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(products.id, id));
  }

  /** The product services editor: the services of a product with price, quantities and price map. */
  async productServices(s: Scope, id: number): Promise<ProductService[]> {
    await this.product(s, id);
    const rows = await this.db
      .select({ s: services, ps: productServices })
      .from(productServices)
      .innerJoin(services, eq(services.id, productServices.serviceId))
      .where(eq(productServices.productId, id))
      .orderBy(asc(services.id));
    return rows.map(({ s: sv, ps }) => ({
      id: sv.id,
      name: sv.name,
      slug: sv.code,
      price: ps.price,
      franchise: ps.franchise,
      included: ps.included,
      quantity: ps.quantity,
      min_quantity: ps.minQuantity,
      max_quantity: ps.maxQuantity,
      has_price_map: ps.hasPriceMap,
      price_map: ps.priceMap ?? null,
    }));
  }

  /** Replaces the product's services (the whole list, as the editor sends it). */
  async setProductServices(s: Scope, id: number, input: ProductServicesInput): Promise<ProductService[]> {
    await this.product(s, id);
    const ids = input.services.map((x) => x.id);
    if (ids.length) {
      const found = await this.db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
      if (found.length !== ids.length) {
        const known = new Set(found.map((f) => f.id));
        const errors: Record<string, string[]> = {};
        input.services.forEach((x, i) => {
          if (!known.has(x.id)) errors[`services.${i}.id`] = [CATALOG_MESSAGES.serviceInvalid];
        });
        throw invalid(errors);
      }
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(productServices).where(eq(productServices.productId, id));
      if (input.services.length) {
        await tx.insert(productServices).values(
          input.services.map((x) => ({
            productId: id,
            serviceId: x.id,
            price: x.price,
            franchise: x.franchise,
            included: x.included,
            quantity: x.quantity,
            minQuantity: x.min_quantity,
            maxQuantity: x.max_quantity,
            hasPriceMap: x.has_price_map,
            priceMap: x.has_price_map ? x.price_map : null,
          })),
        );
      }
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
    });
    return this.productServices(s, id);
  }
}
