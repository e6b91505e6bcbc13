import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Bytes as PostgreSQL's bytea; node-postgres answers a Buffer, PGlite a Uint8Array: both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Stored files when the file store is the database (server/lib/storage.ts, docs/adr/0010-file-store.md): keyed by the
 * same keys as the folder layout ('<folder>/<random>.<ext>'), so rows that name a file are the same in
 * either store.
 */
export const files = pgTable('files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
