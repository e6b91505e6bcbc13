/** Caches the service worker fills and the app reads (sw/sw.ts). */
export const CAR_PICTURES_CACHE = 'car-pictures';
/** The generated car pictures the catalogue names (server/modules/offers/routes.ts). */
export const CAR_PICTURE_PATH = '/api/v1/car/images/render/';
