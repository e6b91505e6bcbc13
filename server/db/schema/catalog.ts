// Catalogue management (account spec §3): car images, the services of a catalogue offer and requests for
// cars that are not listed. Offers, cars, providers and products live in offers.ts.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cars, offers, services } from './offers';
import { users } from './users';

/**
 * Custom images of a car, per owner scope (a group or an agent): catalogue cars are shared, so one
 * network's pictures never show to another. Default images are not stored: they are drawn from the
 * car's body and paints (core/car-image.ts).
 */
export const carImages = pgTable(
  'car_images',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    ownerGroup: text('owner_group'),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** UploadStore key ('cars/<random>.<ext>'); the random part is also the public file name. */
    fileKey: text('file_key').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['MAIN', 'OTHER'] })
      .notNull()
      .default('OTHER'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_images_car_idx').on(t.carId)],
);

/** The services chosen for a catalogue offer, with an optional price override and quantity. */
export const offerServices = pgTable(
  'offer_services',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    quantity: integer('quantity'),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.serviceId] })],
);

/** Manual offer form / `/offer/request`: a car the catalogue does not list. */
export const offerRequests = pgTable(
  'offer_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleType: text('vehicle_type').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'set null' }),
    duration: integer('duration').notNull(),
    distance: integer('distance').notNull(),
    deposit: integer('deposit').notNull(),
    services: jsonb('services')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('RICEVUTA'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_requests_user_idx').on(t.userId)],
);
