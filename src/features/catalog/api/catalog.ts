import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageSchema } from '@core/schemas/common';
import type {
  BrandSchema,
  BrokerSchema,
  CarImageSchema,
  CarSchema,
  CatalogOfferInput,
  CatalogOfferListSchema,
  CatalogOfferSchema,
  CustomCarInput,
  DeliveryTimeSchema,
  ModelSchema,
  OfferRequestInput,
  OfferRequestSchema,
  ProductInput,
  ProductRowSchema,
  ProductSchema,
  ProductServiceSchema,
  ProductServiceInput,
  ProviderInput,
  ProviderSchema,
  ServiceSchema,
  VariationInput,
  VariationSchema,
  VersionSchema,
} from '@core/schemas/catalog';
import { api, apiBlob, saveBlob, type Data } from '../../../api/client';
import { queryClient } from '../../../api/query-client';

// Calls of catalogue management (account spec §7), with their query options.
export const catalogKeys = {
  all: ['catalog'] as const,
  list: (page: number, q: string) => ['catalog', 'offers', page, q] as const,
  offer: (code: string) => ['catalog', 'offer', code] as const,
  images: (car: number) => ['catalog', 'images', car] as const,
};

export const catalogListQuery = (page: number, q: string) =>
  queryOptions({ queryKey: catalogKeys.list(page, q), queryFn: () => api<z.infer<typeof CatalogOfferListSchema>>('catalog/offers', { query: { page, q } }) });
export const catalogOfferQuery = (code: string) =>
  queryOptions({
    queryKey: catalogKeys.offer(code),
    queryFn: async () => (await api<Data<z.infer<typeof CatalogOfferSchema>>>(`catalog/offers/${encodeURIComponent(code)}`)).data,
    retry: false,
  });

const afterOfferWrite = (offer: z.infer<typeof CatalogOfferSchema>) => {
  queryClient.setQueryData(catalogKeys.offer(offer.code), offer);
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'offers'] });
  return offer;
};
export const createOffer = async (body: CatalogOfferInput, key?: string) =>
  afterOfferWrite((await api<Data<z.infer<typeof CatalogOfferSchema>>>('catalog/offers', { method: 'POST', body, idempotencyKey: key })).data);
export const updateOffer = async (code: string, body: CatalogOfferInput, key?: string) =>
  afterOfferWrite((await api<Data<z.infer<typeof CatalogOfferSchema>>>(`catalog/offers/${code}`, { method: 'PUT', body, idempotencyKey: key })).data);
export const cloneOffer = async (code: string, key?: string) =>
  afterOfferWrite((await api<Data<z.infer<typeof CatalogOfferSchema>>>(`catalog/offers/${code}/clone`, { method: 'POST', idempotencyKey: key })).data);
export const publishOffer = async (code: string, publish: boolean, key?: string) =>
  afterOfferWrite(
    (
      await api<Data<z.infer<typeof CatalogOfferSchema>>>(`catalog/offers/${code}/${publish ? 'publish' : 'unpublish'}`, {
        method: 'POST',
        idempotencyKey: key,
      })
    ).data,
  );
export const deleteOffer = async (code: string, key?: string) => {
  await api<z.infer<typeof MessageSchema>>(`catalog/offers/${code}`, { method: 'DELETE', idempotencyKey: key });
  queryClient.removeQueries({ queryKey: catalogKeys.offer(code) });
  await queryClient.invalidateQueries({ queryKey: ['catalog', 'offers'] });
};

const refreshOffer = (code: string) => queryClient.invalidateQueries({ queryKey: catalogKeys.offer(code) });
// The spec's four values, plus the editor's optional ones (bundle, web rate, special price).
const extras = (v: VariationInput) => ({
  bundle: v.bundle,
  web_monthly_rate: v.web_monthly_rate,
  special_rate: v.special_rate,
  special_price: v.special_price,
});
export const addVariation = async (code: string, v: VariationInput, key?: string) => {
  const child = (
    await api<Data<{ child: z.infer<typeof VariationSchema> }>>(`offers/${code}/child`, {
      method: 'POST',
      body: { deposit: v.deposit, distance: v.distance, duration: v.duration, monthlyRate: v.monthly_rate, ...extras(v) },
      idempotencyKey: key,
    })
  ).data.child;
  await refreshOffer(code);
  return child;
};
export const updateVariation = async (code: string, id: number, v: VariationInput, key?: string) => {
  const child = (
    await api<Data<{ child: z.infer<typeof VariationSchema> }>>(`offers/${code}/child/${id}`, {
      method: 'PUT',
      body: { deposit: v.deposit, distance: v.distance, duration: v.duration, monthly_rate: v.monthly_rate, ...extras(v) },
      idempotencyKey: key,
    })
  ).data.child;
  await refreshOffer(code);
  return child;
};
export const deleteVariation = async (code: string, id: number, key?: string) => {
  await api<z.infer<typeof MessageSchema>>(`offers/${code}/child/${id}`, { method: 'DELETE', idempotencyKey: key });
  await refreshOffer(code);
};

// ---- car selector ----
export const brandsQuery = queryOptions({
  queryKey: ['car', 'brands'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof BrandSchema>[]>>('car/brands')).data,
  staleTime: 60_000,
});
export const modelsQuery = (brand: string, vehicleType: string) =>
  queryOptions({
    queryKey: ['car', 'models', brand, vehicleType] as const,
    queryFn: async () => (await api<Data<z.infer<typeof ModelSchema>[]>>('car/models', { query: { brand, vehicleType } })).data,
  });
export const versionsQuery = (brand: string, model: string, vehicleType: string) =>
  queryOptions({
    queryKey: ['car', 'versions', brand, model, vehicleType] as const,
    queryFn: async () =>
      (await api<Data<z.infer<typeof VersionSchema>[]>>(`car/versions/${brand}/${encodeURIComponent(model)}`, { query: { vehicleType } })).data,
  });
export const fetchCar = async (versionCode: string) => {
  // The spec's client splits the version code on a dash into motornet and eurotax.
  const [motornet, eurotax] = versionCode.split('-');
  return (await api<Data<z.infer<typeof CarSchema>>>('car', { query: { motornet, eurotax } })).data;
};
export const saveCustomCar = async (id: number | null, body: CustomCarInput, key?: string) => {
  const car = (await api<Data<z.infer<typeof CarSchema>>>(id ? `car/${id}` : 'car', { method: id ? 'PUT' : 'POST', body, idempotencyKey: key })).data;
  void queryClient.invalidateQueries({ queryKey: ['car'] });
  return car;
};

// ---- images ----
export const imagesQuery = (car: number) =>
  queryOptions({ queryKey: catalogKeys.images(car), queryFn: async () => (await api<Data<z.infer<typeof CarImageSchema>[]>>(`car/images/${car}`)).data });
const withImages = (car: number, list: z.infer<typeof CarImageSchema>[]) => {
  queryClient.setQueryData(catalogKeys.images(car), list);
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'offer'] });
  return list;
};
export const uploadImages = async (car: number, offer: string | null, files: File[], key?: string) => {
  const body = new FormData();
  body.append('car', String(car));
  if (offer) body.append('offer', offer);
  for (const f of files) body.append('immagini[]', f);
  return withImages(car, (await api<Data<z.infer<typeof CarImageSchema>[]>>('car/images', { method: 'POST', body, idempotencyKey: key })).data);
};
export const setMainImage = async (car: number, id: number, key?: string) =>
  withImages(
    car,
    (await api<Data<z.infer<typeof CarImageSchema>[]>>(`car/images/${id}/type`, { method: 'PUT', body: { newType: 'MAIN' }, idempotencyKey: key })).data,
  );
export const deleteImage = async (car: number, id: number, key?: string) =>
  withImages(car, (await api<Data<z.infer<typeof CarImageSchema>[]>>(`car/images/${id}`, { method: 'DELETE', idempotencyKey: key })).data);
export const clearImages = async (car: number, key?: string) =>
  withImages(car, (await api<Data<z.infer<typeof CarImageSchema>[]>>(`car/${car}/images`, { method: 'DELETE', idempotencyKey: key })).data);
export const downloadImages = async (car: number, type: 'custom' | 'default') => {
  const { blob, filename } = await apiBlob(`car/images/${car}/download/${type}`);
  saveBlob(blob, filename ?? 'immagini.zip');
};

// ---- lookups ----
export const deliveryTimesQuery = queryOptions({
  queryKey: ['catalog', 'delivery-times'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof DeliveryTimeSchema>[]>>('catalog/delivery-times')).data,
  staleTime: 300_000,
});
export const brokersQuery = queryOptions({
  queryKey: ['catalog', 'brokers'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof BrokerSchema>[]>>('catalog/brokers')).data,
});
export const productsQuery = (provider: string) =>
  queryOptions({
    queryKey: ['catalog', 'products', provider] as const,
    queryFn: async () => (await api<Data<z.infer<typeof ProductSchema>[]>>('catalog/products', { query: { provider } })).data,
    enabled: !!provider,
  });
export const servicesQuery = queryOptions({
  queryKey: ['services'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof ServiceSchema>[]>>('services')).data,
  staleTime: 300_000,
});
export const defaultServicesQuery = (product: string, broker: string) =>
  queryOptions({
    queryKey: ['services', product, broker] as const,
    queryFn: async () => (await api<Data<z.infer<typeof ServiceSchema>[]>>(`services/${encodeURIComponent(product)}/${encodeURIComponent(broker)}`)).data,
    enabled: !!product && !!broker,
    retry: false,
  });

// ---- providers and products ----
export const providersQuery = queryOptions({
  queryKey: ['providers'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof ProviderSchema>[]>>('providers')).data,
});
export const providerQuery = (id: number) =>
  queryOptions({ queryKey: ['providers', id] as const, queryFn: async () => (await api<Data<z.infer<typeof ProviderSchema>>>(`providers/${id}`)).data });
export const saveProvider = async (id: number | null, body: ProviderInput, key?: string) => {
  const saved = (
    await api<Data<z.infer<typeof ProviderSchema>>>(id ? `providers/${id}` : 'providers', { method: id ? 'PUT' : 'POST', body, idempotencyKey: key })
  ).data;
  await queryClient.invalidateQueries({ queryKey: ['providers'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'brokers'] });
  return saved;
};
export const deleteProvider = async (id: number, key?: string) => {
  await api<z.infer<typeof MessageSchema>>(`providers/${id}`, { method: 'DELETE', idempotencyKey: key });
  await queryClient.invalidateQueries({ queryKey: ['providers'] });
  void queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'brokers'] });
};
export const productRowsQuery = queryOptions({
  queryKey: ['products'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof ProductRowSchema>[]>>('products')).data,
});
export const productRowQuery = (id: number) =>
  queryOptions({ queryKey: ['products', id] as const, queryFn: async () => (await api<Data<z.infer<typeof ProductRowSchema>>>(`products/${id}`)).data });
export const saveProduct = async (id: number | null, body: ProductInput, key?: string) => {
  const saved = (
    await api<Data<z.infer<typeof ProductRowSchema>>>(id ? `products/${id}` : 'products', { method: id ? 'PUT' : 'POST', body, idempotencyKey: key })
  ).data;
  await queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
  void queryClient.invalidateQueries({ queryKey: ['providers'] });
  return saved;
};

export const deleteProduct = async (id: number, key?: string) => {
  await api<z.infer<typeof MessageSchema>>(`products/${id}`, { method: 'DELETE', idempotencyKey: key });
  await queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['providers'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
};
export const productServicesQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', id, 'services'] as const,
    queryFn: async () => (await api<Data<z.infer<typeof ProductServiceSchema>[]>>(`products/${id}/services`)).data,
  });
export const saveProductServices = async (id: number, services: ProductServiceInput[], key?: string) => {
  const saved = (await api<Data<z.infer<typeof ProductServiceSchema>[]>>(`products/${id}/services`, { method: 'PUT', body: { services }, idempotencyKey: key }))
    .data;
  queryClient.setQueryData(['products', id, 'services'], saved);
  void queryClient.invalidateQueries({ queryKey: ['services'] });
  return saved;
};

// ---- requests for unlisted cars ----
export const offerRequestsQuery = queryOptions({
  queryKey: ['offer-requests'] as const,
  queryFn: async () => (await api<Data<z.infer<typeof OfferRequestSchema>[]>>('offer-requests')).data,
});
export const createOfferRequest = async (body: OfferRequestInput, key?: string) => {
  const saved = (await api<Data<z.infer<typeof OfferRequestSchema>>>('offer-requests', { method: 'POST', body, idempotencyKey: key })).data;
  await queryClient.invalidateQueries({ queryKey: ['offer-requests'] });
  return saved;
};
