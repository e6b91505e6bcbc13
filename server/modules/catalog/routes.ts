import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carRoutes } from './cars/routes';
import { CarsService } from './cars/service';
import { lookupRoutes } from './lookups/routes';
import { LookupsService } from './lookups/service';
import { catalogOfferRoutes } from './offers/routes';
import { CatalogOffersService } from './offers/service';
import { providerRoutes } from './providers/routes';
import { ProvidersService } from './providers/service';
import { requestRoutes } from './requests/routes';
import { RequestsService } from './requests/service';
import { variationRoutes } from './variations/routes';
import { VariationsService } from './variations/service';

/**
 * Catalogue management (account spec §7), one folder per aggregate (cars with their images, lookups,
 * catalogue offers, their variations, providers with their products, requests), each with its
 * service and routes; ownership is scope.ts's.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cars = new CarsService(app.db, app.files);
  const lookups = new LookupsService(app.db);
  const offers = new CatalogOffersService(app.db, cars, lookups);
  await app.register(carRoutes(cars));
  await app.register(lookupRoutes(lookups));
  await app.register(catalogOfferRoutes(offers));
  await app.register(variationRoutes(new VariationsService(app.db, offers)));
  await app.register(providerRoutes(new ProvidersService(app.db, lookups)));
  await app.register(requestRoutes(new RequestsService(app.db)));
};
