import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { dataOf, MessageSchema } from '@core/schemas/common';
import {
  BrandSchema,
  BrokerSchema,
  CarImageSchema,
  CarSchema,
  type CatalogOfferInput,
  CatalogOfferListSchema,
  CatalogOfferSchema,
  type CustomCarInput,
  DeliveryTimeSchema,
  ModelSchema,
  type OfferRequestInput,
  OfferRequestSchema,
  type ProductInput,
  ProductRowSchema,
  ProductSchema,
  ProductServiceSchema,
  type ProductServiceInput,
  type ProviderInput,
  ProviderSchema,
  ServiceSchema,
  type VariationInput,
  VariationSchema,
  VersionSchema,
} from '@core/schemas/catalog';
import { api, apiBlob, saveBlob } from '../../../api/client';
import { queryClient } from '../../../api/query-client';

// Calls of catalogue management (account spec §7 and issue 9), with their query options.
export const catalogKeys = {
  all: ['catalog'] as const,
  list: (page: number, q: string) => ['catalog', 'offers', page, q] as const,
  offer: (code: string) => ['catalog', 'offer', code] as const,
  images: (car: number) => ['catalog', 'images', car] as const,
};

export const catalogListQuery = (page: number, q: string) =>
  queryOptions({ queryKey: catalogKeys.list(page, q), queryFn: () => api('catalog/offers', { query: { page, q }, schema: CatalogOfferListSchema }) });
export const catalogOfferQuery = (code: string) =>
  queryOptions({ queryKey: catalogKeys.offer(code), queryFn: async () => (await api(`catalog/offers/${encodeURIComponent(code)}`, { schema: dataOf(CatalogOfferSchema) })).data, retry: false });

const offerData = dataOf(CatalogOfferSchema);
const afterOfferWrite = (offer: z.infer<typeof CatalogOfferSchema>) => {
  queryClient.setQueryData(catalogKeys.offer(offer.code), offer);
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'offers'] });
  return offer;
};
export const createOffer = async (body: CatalogOfferInput) => afterOfferWrite((await api('catalog/offers', { method: 'POST', body, schema: offerData })).data);
export const updateOffer = async (code: string, body: CatalogOfferInput) => afterOfferWrite((await api(`catalog/offers/${code}`, { method: 'PUT', body, schema: offerData })).data);
export const cloneOffer = async (code: string) => afterOfferWrite((await api(`catalog/offers/${code}/clone`, { method: 'POST', schema: offerData })).data);
export const publishOffer = async (code: string, publish: boolean) => afterOfferWrite((await api(`catalog/offers/${code}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST', schema: offerData })).data);
export const deleteOffer = async (code: string) => {
  await api(`catalog/offers/${code}`, { method: 'DELETE', schema: MessageSchema });
  queryClient.removeQueries({ queryKey: catalogKeys.offer(code) });
  await queryClient.invalidateQueries({ queryKey: ['catalog', 'offers'] });
};

const childData = dataOf(z.object({ child: VariationSchema }));
const refreshOffer = (code: string) => queryClient.invalidateQueries({ queryKey: catalogKeys.offer(code) });
// The spec's four values, plus the editor's optional ones (bundle, web rate, special price).
const extras = (v: VariationInput) => ({ bundle: v.bundle, web_monthly_rate: v.web_monthly_rate, special_rate: v.special_rate, special_price: v.special_price });
export const addVariation = async (code: string, v: VariationInput) => {
  const child = (await api(`offers/${code}/child`, { method: 'POST', body: { deposit: v.deposit, distance: v.distance, duration: v.duration, monthlyRate: v.monthly_rate, ...extras(v) }, schema: childData })).data.child;
  await refreshOffer(code);
  return child;
};
export const updateVariation = async (code: string, id: number, v: VariationInput) => {
  const child = (await api(`offers/${code}/child/${id}`, { method: 'PUT', body: { deposit: v.deposit, distance: v.distance, duration: v.duration, monthly_rate: v.monthly_rate, ...extras(v) }, schema: childData })).data.child;
  await refreshOffer(code);
  return child;
};
export const deleteVariation = async (code: string, id: number) => {
  await api(`offers/${code}/child/${id}`, { method: 'DELETE', schema: MessageSchema });
  await refreshOffer(code);
};

// ---- car selector ----
export const brandsQuery = queryOptions({ queryKey: ['car', 'brands'] as const, queryFn: async () => (await api('car/brands', { schema: dataOf(z.array(BrandSchema)) })).data, staleTime: 60_000 });
export const modelsQuery = (brand: string, vehicleType: string) =>
  queryOptions({ queryKey: ['car', 'models', brand, vehicleType] as const, queryFn: async () => (await api('car/models', { query: { brand, vehicleType }, schema: dataOf(z.array(ModelSchema)) })).data });
export const versionsQuery = (brand: string, model: string, vehicleType: string) =>
  queryOptions({
    queryKey: ['car', 'versions', brand, model, vehicleType] as const,
    queryFn: async () => (await api(`car/versions/${brand}/${encodeURIComponent(model)}`, { query: { vehicleType }, schema: dataOf(z.array(VersionSchema)) })).data,
  });
export const fetchCar = async (versionCode: string) => {
  // The spec's client splits the version code on a dash into motornet and eurotax.
  const [motornet, eurotax] = versionCode.split('-');
  return (await api('car', { query: { motornet, eurotax }, schema: dataOf(CarSchema) })).data;
};
const carData = dataOf(CarSchema);
export const saveCustomCar = async (id: number | null, body: CustomCarInput) => {
  const car = (await api(id ? `car/${id}` : 'car', { method: id ? 'PUT' : 'POST', body, schema: carData })).data;
  void queryClient.invalidateQueries({ queryKey: ['car'] });
  return car;
};

// ---- images ----
const imagesData = dataOf(z.array(CarImageSchema));
export const imagesQuery = (car: number) => queryOptions({ queryKey: catalogKeys.images(car), queryFn: async () => (await api(`car/images/${car}`, { schema: imagesData })).data });
const withImages = (car: number, list: z.infer<typeof CarImageSchema>[]) => {
  queryClient.setQueryData(catalogKeys.images(car), list);
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'offer'] });
  return list;
};
export const uploadImages = async (car: number, offer: string | null, files: File[]) => {
  const body = new FormData();
  body.append('car', String(car));
  if (offer) body.append('offer', offer);
  for (const f of files) body.append('immagini[]', f);
  return withImages(car, (await api('car/images', { method: 'POST', body, schema: imagesData })).data);
};
export const setMainImage = async (car: number, id: number) => withImages(car, (await api(`car/images/${id}/type`, { method: 'PUT', body: { newType: 'MAIN' }, schema: imagesData })).data);
export const deleteImage = async (car: number, id: number) => withImages(car, (await api(`car/images/${id}`, { method: 'DELETE', schema: imagesData })).data);
export const clearImages = async (car: number) => withImages(car, (await api(`car/${car}/images`, { method: 'DELETE', schema: imagesData })).data);
export const downloadImages = async (car: number, type: 'custom' | 'default') => {
  const { blob, filename } = await apiBlob(`car/images/${car}/download/${type}`);
  saveBlob(blob, filename ?? 'immagini.zip');
};

// ---- lookups ----
export const deliveryTimesQuery = queryOptions({ queryKey: ['catalog', 'delivery-times'] as const, queryFn: async () => (await api('catalog/delivery-times', { schema: dataOf(z.array(DeliveryTimeSchema)) })).data, staleTime: 300_000 });
export const brokersQuery = queryOptions({ queryKey: ['catalog', 'brokers'] as const, queryFn: async () => (await api('catalog/brokers', { schema: dataOf(z.array(BrokerSchema)) })).data });
export const productsQuery = (provider: string) =>
  queryOptions({ queryKey: ['catalog', 'products', provider] as const, queryFn: async () => (await api('catalog/products', { query: { provider }, schema: dataOf(z.array(ProductSchema)) })).data, enabled: !!provider });
export const servicesQuery = queryOptions({ queryKey: ['services'] as const, queryFn: async () => (await api('services', { schema: dataOf(z.array(ServiceSchema)) })).data, staleTime: 300_000 });
export const defaultServicesQuery = (product: string, broker: string) =>
  queryOptions({
    queryKey: ['services', product, broker] as const,
    queryFn: async () => (await api(`services/${encodeURIComponent(product)}/${encodeURIComponent(broker)}`, { schema: dataOf(z.array(ServiceSchema)) })).data,
    enabled: !!product && !!broker,
    retry: false,
  });

// ---- providers and products ----
export const providersQuery = queryOptions({ queryKey: ['providers'] as const, queryFn: async () => (await api('providers', { schema: dataOf(z.array(ProviderSchema)) })).data });
export const providerQuery = (id: number) => queryOptions({ queryKey: ['providers', id] as const, queryFn: async () => (await api(`providers/${id}`, { schema: dataOf(ProviderSchema) })).data });
export const saveProvider = async (id: number | null, body: ProviderInput) => {
  const saved = (await api(id ? `providers/${id}` : 'providers', { method: id ? 'PUT' : 'POST', body, schema: dataOf(ProviderSchema) })).data;
  await queryClient.invalidateQueries({ queryKey: ['providers'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'brokers'] });
  return saved;
};
export const deleteProvider = async (id: number) => {
  await api(`providers/${id}`, { method: 'DELETE', schema: MessageSchema });
  await queryClient.invalidateQueries({ queryKey: ['providers'] });
  void queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'brokers'] });
};
export const productRowsQuery = queryOptions({ queryKey: ['products'] as const, queryFn: async () => (await api('products', { schema: dataOf(z.array(ProductRowSchema)) })).data });
export const productRowQuery = (id: number) => queryOptions({ queryKey: ['products', id] as const, queryFn: async () => (await api(`products/${id}`, { schema: dataOf(ProductRowSchema) })).data });
export const saveProduct = async (id: number | null, body: ProductInput) => {
  const saved = (await api(id ? `products/${id}` : 'products', { method: id ? 'PUT' : 'POST', body, schema: dataOf(ProductRowSchema) })).data;
  await queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
  void queryClient.invalidateQueries({ queryKey: ['providers'] });
  return saved;
};

export const deleteProduct = async (id: number) => {
  await api(`products/${id}`, { method: 'DELETE', schema: MessageSchema });
  await queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['providers'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
};
const productServicesData = dataOf(z.array(ProductServiceSchema));
export const productServicesQuery = (id: number) => queryOptions({ queryKey: ['products', id, 'services'] as const, queryFn: async () => (await api(`products/${id}/services`, { schema: productServicesData })).data });
export const saveProductServices = async (id: number, services: ProductServiceInput[]) => {
  const saved = (await api(`products/${id}/services`, { method: 'PUT', body: { services }, schema: productServicesData })).data;
  queryClient.setQueryData(['products', id, 'services'], saved);
  void queryClient.invalidateQueries({ queryKey: ['services'] });
  return saved;
};

// ---- requests for unlisted cars ----
export const offerRequestsQuery = queryOptions({ queryKey: ['offer-requests'] as const, queryFn: async () => (await api('offer-requests', { schema: dataOf(z.array(OfferRequestSchema)) })).data });
export const createOfferRequest = async (body: OfferRequestInput) => {
  const saved = (await api('offer-requests', { method: 'POST', body, schema: dataOf(OfferRequestSchema) })).data;
  await queryClient.invalidateQueries({ queryKey: ['offer-requests'] });
  return saved;
};
