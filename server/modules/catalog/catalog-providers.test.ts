import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokers } from '../../db/schema';
import { offerInput } from '../../test/payloads';
import type { TestApp } from '../../test/helper';
import { catalogTestApp, type H } from './catalog.fixtures';

const { u, api, newCar, newOffer } = catalogTestApp();
let t: TestApp;
let leader: H;
let sud: H;
let base: H;
let sub: H;
beforeAll(() => void ({ t, leader, sud, base, sub } = u));

describe('lookups, providers, products', () => {
  it('lists delivery times, brokers, products by provider and services', async () => {
    expect((await api('GET', 'catalog/delivery-times', base)).json().data[0]).toEqual({ code: 'entro-30', label: 'Entro 30 giorni', days: 30 });
    const brokers = (await api('GET', 'catalog/brokers', base)).json().data;
    expect(brokers.map((b: { code: string }) => b.code)).toContain('aurora-rent');
    const products = (await api('GET', 'catalog/products?provider=aurora-rent', base)).json().data;
    expect(products.map((p: { code: string }) => p.code).sort()).toEqual(['aurora-rent-business', 'aurora-rent-privati']);
    const services = (await api('GET', 'services', base)).json().data;
    expect(services).toHaveLength(6);
    const defaults = (await api('GET', 'services/aurora-rent-privati/aurora-rent', base)).json().data;
    const tyres = defaults.find((s: { slug: string }) => s.slug === 'pneumatici');
    expect(tyres).toMatchObject({ price: 19, min_quantity: 0, max_quantity: 8 });
    expect(defaults.find((s: { slug: string }) => s.slug === 'auto-sostitutiva')).toMatchObject({ has_price_map: true });
    expect((await api('GET', 'services/aurora-rent-privati/laguna-fleet', base)).statusCode).toBe(404);
  });

  it('manages the group providers and products (feature provider-product), scoped', async () => {
    expect((await api('GET', 'providers', base)).statusCode).toBe(403);
    const p = await api('POST', 'providers', leader, { name: 'Nord Rent' });
    expect(p.statusCode).toBe(200);
    const provider = p.json().data;
    expect((await api('PUT', `providers/${provider.id}`, leader, { name: 'Nord Rent Srl' })).json().data.name).toBe('Nord Rent Srl');
    expect((await api('GET', 'providers', leader)).json().data.map((x: { id: number }) => x.id)).toContain(provider.id);
    expect((await api('GET', `providers/${provider.id}`, sud)).statusCode).toBe(404);
    expect((await api('PUT', `providers/${provider.id}`, sud, { name: 'X' })).statusCode).toBe(404);
    expect((await api('POST', 'providers', leader, { name: '' })).json().errors.name).toEqual(['Questo campo è obbligatorio']);

    const pr = await api('POST', 'products', leader, { provider: provider.code, name: 'Privati Nord', description: 'Tutto incluso' });
    expect(pr.statusCode).toBe(200);
    const product = pr.json().data;
    expect(product).toMatchObject({ provider: provider.code, provider_name: 'Nord Rent Srl' });
    expect((await api('POST', 'products', sud, { provider: provider.code, name: 'X' })).json().errors.provider).toEqual(['Provider selezionato non valido']);
    expect((await api('PUT', `products/${product.id}`, leader, { provider: provider.code, name: 'Privati Nord 2' })).json().data.name).toBe('Privati Nord 2');
    expect((await api('GET', `products/${product.id}`, sud)).statusCode).toBe(404);

    // The group's provider and product are usable in its catalogue offers, not in another network's.
    expect((await api('GET', 'catalog/brokers', leader)).json().data.map((b: { code: string }) => b.code)).toContain(provider.code);
    expect((await api('GET', 'catalog/brokers', sud)).json().data.map((b: { code: string }) => b.code)).not.toContain(provider.code);
    const o = await newOffer(leader, { provider: provider.code, product: product.code, services: [] });
    expect(o.code).toBeTruthy();
    const car = await newCar(sud);
    const res = await api('POST', 'catalog/offers', sud, offerInput(car.id, { provider: provider.code, product: product.code, services: [] }));
    expect(res.json().errors).toMatchObject({ provider: ['Provider selezionato non valido'] });
  });
});

describe('offer requests', () => {
  it('stores a request for an unlisted car and lists it to the requester only', async () => {
    const full = (await t.login('completo@demo.it')).headers;
    const input = {
      vehicleType: 'commerciale',
      brand: 'Iveco',
      model: 'Daily',
      version: '35S14 Furgone',
      duration: 48,
      distance: 30000,
      deposit: 3000,
      services: ['kasko'],
      notes: 'Con allestimento frigo',
    };
    const res = await api('POST', 'offer-requests', full, input);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...input, status: 'RICEVUTA' });
    expect((await api('GET', 'offer-requests', full)).json().data).toHaveLength(1);
    const missing = await api('POST', 'offer-requests', full, { vehicleType: 'auto', brand: '', model: '', version: '' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['brand', 'deposit', 'distance', 'duration', 'model', 'version']);
    expect((await api('POST', 'offer-requests', base, input)).statusCode).toBe(403);
    expect((await api('GET', 'offer-requests', sub)).json().data).toEqual([]);
  });
});

describe('deleting providers and products', () => {
  it('deletes an unused product and provider (404 for another network), refuses them while offers use them (409)', async () => {
    const provider = (await api('POST', 'providers', leader, { name: 'Cancella Rent' })).json().data;
    const used = (await api('POST', 'products', leader, { provider: provider.code, name: 'Usato' })).json().data;
    const free = (await api('POST', 'products', leader, { provider: provider.code, name: 'Libero' })).json().data;
    const o = await newOffer(leader, { provider: provider.code, product: used.code, services: [] });
    const counted = (await api('GET', 'providers', leader)).json().data.find((x: { id: number }) => x.id === provider.id);
    expect(counted.products).toBe(2);

    expect((await api('DELETE', `products/${free.id}`, sud)).statusCode).toBe(404);
    expect((await api('DELETE', `products/${free.id}`, base)).statusCode).toBe(403);
    expect((await api('DELETE', `products/${free.id}`, leader)).statusCode).toBe(200);
    expect((await api('GET', `providers/${provider.id}`, leader)).json().data.products).toBe(1);
    expect((await api('GET', `products/${free.id}`, leader)).statusCode).toBe(404);
    expect((await api('GET', 'products', leader)).json().data.map((p: { id: number }) => p.id)).not.toContain(free.id);

    const refused = await api('DELETE', `products/${used.id}`, leader);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Impossibile eliminare il prodotto: è usato da 1 offerta');
    const refusedProvider = await api('DELETE', `providers/${provider.id}`, leader);
    expect(refusedProvider.statusCode).toBe(409);
    expect(refusedProvider.json().error.message).toBe('Impossibile eliminare il provider: è usato da 1 offerta');

    // Once the offer is deleted, the provider goes (with its products); deleted offers keep their references.
    expect((await api('DELETE', `catalog/offers/${o.code}`, leader)).statusCode).toBe(200);
    expect((await api('DELETE', `providers/${provider.id}`, sud)).statusCode).toBe(404);
    expect((await api('DELETE', `providers/${provider.id}`, leader)).statusCode).toBe(200);
    expect((await api('GET', 'providers', leader)).json().data.map((p: { id: number }) => p.id)).not.toContain(provider.id);
    expect((await api('GET', `products/${used.id}`, leader)).statusCode).toBe(404);
    expect((await api('GET', 'catalog/brokers', leader)).json().data.map((b: { code: string }) => b.code)).not.toContain(provider.code);
    const car = await newCar();
    expect(
      (await api('POST', 'catalog/offers', leader, offerInput(car.id, { provider: provider.code, product: used.code, services: [] }))).json().errors.provider,
    ).toEqual(['Provider selezionato non valido']);
    // Shared (platform) providers are not the group's: 404.
    const shared = (await t.database.db.select().from(brokers).where(eq(brokers.code, 'aurora-rent')))[0]!;
    expect((await api('DELETE', `providers/${shared.id}`, leader)).statusCode).toBe(404);
  });
});

describe('product services editor', () => {
  it('reads and replaces the services of a product with prices, quantities and price maps, with the rules', async () => {
    const provider = (await api('POST', 'providers', leader, { name: 'Servizi Rent' })).json().data;
    const product = (await api('POST', 'products', leader, { provider: provider.code, name: 'Con servizi' })).json().data;
    expect((await api('GET', `products/${product.id}/services`, leader)).json().data).toEqual([]);
    expect((await api('GET', `products/${product.id}/services`, sud)).statusCode).toBe(404);
    expect((await api('GET', `products/${product.id}/services`, base)).statusCode).toBe(403);

    const body = {
      services: [
        { id: 2, price: 19, included: false, quantity: 4, min_quantity: 0, max_quantity: 8, has_price_map: false, price_map: null },
        {
          id: 3,
          price: 16,
          has_price_map: true,
          price_map: {
            duration: [
              { value: 18, conditions: [['duration', '<=', 36]] },
              { value: 14, conditions: [['duration', '>', 36]] },
            ],
          },
        },
        { id: 1, price: 0, included: true },
      ],
    };
    const put = await api('PUT', `products/${product.id}/services`, leader, body);
    expect(put.statusCode, put.body).toBe(200);
    const list = put.json().data;
    expect(list.map((s: { id: number }) => s.id)).toEqual([1, 2, 3]);
    expect(list[1]).toMatchObject({ price: 19, quantity: 4, min_quantity: 0, max_quantity: 8, has_price_map: false });
    expect(list[2].price_map.duration).toHaveLength(2);
    // The catalogue edit page reads them through the spec's call.
    expect((await api('GET', `services/${product.code}/${provider.code}`, leader)).json().data).toHaveLength(3);

    const bad = await api('PUT', `products/${product.id}/services`, leader, {
      services: [
        { id: 2, price: 1001, quantity: 9, min_quantity: 3, max_quantity: 2 },
        { id: 3, price: 5, has_price_map: true, price_map: {} },
        { id: 3, price: 5, price_map: { duration: [{ value: 1, conditions: [['colour', '=', 1]] }] } },
        { id: 99999, price: 1 },
        // Keys are the fields a condition tests (spec: "per field a list of entries").
        { id: 3, price: 5, price_map: { listino: [{ value: 1, conditions: [] }] } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors['services.0.price']).toEqual(['Inserisci un valore compreso tra 0 e 1.000']);
    expect(errors['services.0.max_quantity']).toEqual(['La quantità minima non può superare la massima']);
    expect(errors['services.0.quantity']).toEqual(['La quantità deve essere compresa tra la minima e la massima']);
    expect(errors['services.1.price_map']).toEqual(['Aggiungi almeno una voce al listino variabile']);
    expect(errors['services.2.price_map.duration.0.conditions.0.0']).toBeDefined();
    expect(Object.keys(errors).filter((k) => k.startsWith('services.4.price_map'))).not.toEqual([]);
    const unknown = await api('PUT', `products/${product.id}/services`, leader, { services: [{ id: 99999, price: 1 }] });
    expect(unknown.json().errors['services.0.id']).toEqual(['Servizio non valido']);
    const twice = await api('PUT', `products/${product.id}/services`, leader, {
      services: [
        { id: 2, price: 1 },
        { id: 2, price: 2 },
      ],
    });
    expect(twice.json().errors['services.1.id']).toEqual(['Servizio ripetuto']);
    // Nothing changed by the refused writes.
    expect((await api('GET', `products/${product.id}/services`, leader)).json().data).toHaveLength(3);
  });
});
